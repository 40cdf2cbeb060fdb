/** Test helpers of the ads area: an admin, switched-on platforms, placements without the API. */
import { eq } from "drizzle-orm";
import { adPlacements, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import type { TestApp } from "../../testing/test-app";
import { settingUpsert } from "../admin/settings.service";
import type { CreatePlacementInput } from "./ads.schemas";
import { markSecondFactorProven } from "../admin/second-factor/second-factor.test-support";

export async function registerAdmin(app: TestApp) {
  const admin = await app.registerUser({ firstName: "Ada", lastName: "Admin" });
  await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  // Tests about other things start with the second factor proven (ADMIN.md 'Who').
  await markSecondFactorProven(app, admin.cookie);
  return admin;
}

/** Switches ads_google / ads_meta as the settings call would (the toggles of ADMIN.md). */
export async function setAdToggle(app: TestApp, admin: { id: string }, key: "ads_google" | "ads_meta", on: boolean) {
  await settingUpsert(app.deps, admin, key, on);
}

export async function insertPlacement(app: TestApp, values: Partial<CreatePlacementInput> = {}) {
  const row = { id: newId(), name: "Deck card", adType: "banner" as const, platform: "admob" as const, placement: "swipe_screen" as const, frequency: 3, isActive: true, ...values, createdAt: app.clock.now(), updatedAt: null };
  await app.deps.db.insert(adPlacements).values(row);
  return row;
}
