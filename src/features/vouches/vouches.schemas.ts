import * as z from "zod";
import { cleanText, isBlank } from "../../platform/text";
import { VOUCH_MESSAGES, VOUCH_NOTE_MAX } from "./vouch-rules";

/** POST /api/vouches: whom, and an optional note the member reads before accepting. */
export const vouchBodySchema = z.object({
  userId: z.string({ error: "userId is required" }).min(1, "userId is required").max(64, VOUCH_MESSAGES.memberNotFound),
  note: z
    .string()
    .max(VOUCH_NOTE_MAX * 2, VOUCH_MESSAGES.noteTooLong)
    .nullish()
    .transform((note) => (note === null || note === undefined || isBlank(note) ? null : cleanText(note, { multiline: true })))
    .refine((note) => note === null || note.length <= VOUCH_NOTE_MAX, VOUCH_MESSAGES.noteTooLong),
});

const vouchSchema = z.object({
  id: z.string(),
  voucherId: z.string(),
  userId: z.string(),
  status: z.enum(["pending", "accepted", "declined"]),
  church: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  person: z.object({ id: z.string(), firstName: z.string(), photo: z.string().nullable() }),
});

export const vouchListSchema = z.object({ given: z.array(vouchSchema), received: z.array(vouchSchema) });
export const vouchCreatedSchema = z.object({ id: z.string(), status: z.literal("pending") });
export const vouchDecidedSchema = z.object({ id: z.string(), status: z.enum(["accepted", "declined"]) });
export const vouchLinkSchema = z.object({ url: z.string() });
