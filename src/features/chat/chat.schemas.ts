import { z } from "zod";
import { MESSAGE_PAGE_SIZE } from "../../platform/constants";
import { ID_CHARACTERS } from "../../platform/ids";

/** The :matchId of the chat routes: an id of ours (at most 64 characters, as unmatch allows). */
export const matchParamSchema = z.object({
  matchId: z.string().min(1).max(64).regex(ID_CHARACTERS),
});

export const messagesQuerySchema = z.object({
  before: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).optional(),
});

/** The text is checked by cleanContent (trim, empty, length) so HTTP and /ws say the same. */
export const sendMessageSchema = z.object({ content: z.unknown() });
