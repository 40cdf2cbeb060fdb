import { z } from "zod";
import { ID_CHARACTERS } from "../../platform/ids";

/** The :matchId of the match and chat routes: an id of ours, at most 64 characters. */
export const matchParamSchema = z.object({
  matchId: z.string().min(1).max(64).regex(ID_CHARACTERS),
});

export const INVALID_MATCH_ID = "Invalid match id";

/** The zod-validator hook of these routes: invalid input answers 400 with one fixed { message }. */
export const invalidInput = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message }, 400);
