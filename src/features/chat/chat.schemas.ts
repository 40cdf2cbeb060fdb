import { z } from "zod";
import { MESSAGE_PAGE_SIZE } from "../../platform/constants";

export const messagesQuerySchema = z.object({
  before: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).optional(),
});

/** The text is checked by cleanContent (trim, empty, length) so HTTP and /ws say the same. */
export const sendMessageSchema = z.object({ content: z.unknown() });
