import { z } from "zod";

const flag = z.boolean({ message: "Settings must be true or false" });

/** PATCH /api/settings: any subset; an unknown key is refused rather than ignored. */
export const settingsPatchSchema = z.strictObject(
  {
    readReceipts: flag.optional(),
    showActivity: flag.optional(),
    showDistance: flag.optional(),
    verifiedOnly: flag.optional(),
    notifications: z.strictObject({ newMatches: flag.optional(), messages: flag.optional(), likes: flag.optional(), emailUpdates: flag.optional() }, { error: "Unknown setting" }).optional(),
  },
  { error: "Unknown setting" },
);

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
