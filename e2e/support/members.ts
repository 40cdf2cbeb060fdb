/** Members with a finished profile and a match, made through the real API (the e2e suites' setup). */
import type { Page } from "playwright-core";
import { apiAs, createAccount, signInContext, type Account } from "./accounts";
import { DESKTOP, openBrowser, PHONE } from "./browser";

/** A small real JPEG drawn in the page, as a data URL (the profile needs a photo). */
export async function photoDataUrl(page: Page, hue: number): Promise<string> {
  return page.evaluate((hue) => {
    const canvas = document.createElement("canvas");
    canvas.width = 240;
    canvas.height = 320;
    const context = canvas.getContext("2d")!;
    context.fillStyle = `hsl(${hue} 60% 60%)`;
    context.fillRect(0, 0, 240, 320);
    context.fillStyle = "white";
    context.beginPath();
    context.arc(120, 130, 60, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL("image/jpeg", 0.85);
  }, hue);
}

/** Saves a complete profile with one photo drawn in `page` (any page of the app's origin); `extra` overrides or adds fields. */
export async function completeProfile(origin: string, page: Page, account: Account, gender: "male" | "female", hue: number, extra: Record<string, unknown> = {}) {
  const response = await apiAs(origin, account, "POST", "/api/profile", {
    photos: [await photoDataUrl(page, hue)],
    birthDate: gender === "female" ? "1999-04-12" : "1996-08-30",
    acceptTerms: true,
    confirmAdult: true,
    gender,
    denomination: "Protestant",
    churchName: "GKI Pondok Indah",
    faithTestimony: "I came to know Christ in university and have served in the youth ministry since then.",
    faithDuration: "5-10 years",
    bio: "I love worship music, hiking and good coffee.",
    ...extra,
  });
  if (response.status !== 201) throw new Error(`profile: ${response.status} ${await response.text()}`);
}

export async function userIdOf(origin: string, account: Account): Promise<string> {
  return ((await (await apiAs(origin, account, "GET", "/api/auth/user")).json()) as { id: string }).id;
}

/** The two like each other; returns the match id. */
export async function matchPair(origin: string, a: Account, b: Account): Promise<string> {
  const [aId, bId] = await Promise.all([userIdOf(origin, a), userIdOf(origin, b)]);
  await apiAs(origin, a, "POST", "/api/swipe", { swipedId: bId, isLike: true });
  const second = (await (await apiAs(origin, b, "POST", "/api/swipe", { swipedId: aId, isLike: true })).json()) as { isMatch: boolean };
  if (!second.isMatch) throw new Error("the second like made no match");
  const list = (await (await apiAs(origin, a, "GET", "/api/matches")).json()) as { id: string }[];
  return list[0]!.id;
}

export async function hydrated(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 15_000 });
}

/**
 * Ana (phone) and Budi (desktop), each signed in in their own Chromium, with finished profiles.
 * `extraArgs` go to both browsers (a fake camera).
 */
export async function twoMembers(server: { origin: string }, extraArgs: string[] = [], budiProfile: Record<string, unknown> = {}) {
  const ana = await createAccount(server.origin, { firstName: "Ana", lastName: "Kusuma" });
  const budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
  const browserA = await openBrowser({ viewport: PHONE, extraArgs });
  const browserB = await openBrowser({ viewport: DESKTOP, extraArgs });
  await signInContext(browserA.context, server.origin, ana);
  await signInContext(browserB.context, server.origin, budi);
  await browserA.page.goto(`${server.origin}/edit-profile`);
  await completeProfile(server.origin, browserA.page, ana, "female", 330);
  await completeProfile(server.origin, browserA.page, budi, "male", 200, budiProfile);
  return { ana, budi, browserA, browserB };
}

/** The same two, matched: the start of every two-person chat scenario. */
export async function matchedPair(server: { origin: string }, extraArgs: string[] = [], budiProfile: Record<string, unknown> = {}) {
  const members = await twoMembers(server, extraArgs, budiProfile);
  return { ...members, matchId: await matchPair(server.origin, members.ana, members.budi) };
}
