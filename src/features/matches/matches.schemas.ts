import { z } from "zod";
import { ID_CHARACTERS } from "../../platform/ids";

/** The :matchId of the match and chat routes: an id of ours, at most 64 characters. */
export const matchParamSchema = z.object({
  matchId: z.string().min(1).max(64).regex(ID_CHARACTERS),
});

export const INVALID_MATCH_ID = "Invalid match id";
