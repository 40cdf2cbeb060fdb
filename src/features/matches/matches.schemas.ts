import { z } from "zod";
import { ID_CHARACTERS } from "../../platform/ids";

/** The :matchId of the match and chat routes: an id of ours, at most 64 characters. */
export const matchParamSchema = z.object({
  matchId: z.string().min(1).max(64).regex(ID_CHARACTERS),
});

export const INVALID_MATCH_ID = "Invalid match id";

/** The zod-validator hook of these routes: the first problem as the spec's { message }, 400. */
export const invalidInput = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message }, 400);
