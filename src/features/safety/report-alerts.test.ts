/**
 * The staff hear of reports (ADMIN.md 'Reports that act', docs/decisions/0129): "Under 18" and
 * "Scam / asking for money" at once, the others in one digest a day, each in the admin's language.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, isNull } from "drizzle-orm";
import { reports, users } from "../../../db/schema";
import { fakeClock } from "../../platform/clock";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { MailMessage } from "../mail/mailer";
import { createMember } from "../discovery/discovery.test-support";
import { alertAdminsOfReport, sendReportDigest } from "./report-alerts";

// 09:00 in Jakarta (UTC+7): after the day's digest hour.
const NINE_WIB = new Date("2026-11-22T02:00:00Z");
const HOUR = 60 * 60_000;

let app: TestApp;
let sent: MailMessage[];
let admins: { en: { id: string }; id: { id: string } };
beforeEach(async () => {
  sent = [];
  app = await createTestApp({ clock: fakeClock(NINE_WIB), deps: { mailer: { description: "test", send: async (message) => void sent.push(message) } } });
  const en = await createMember(app, { isAdmin: true, firstName: "Ada" });
  const id = await createMember(app, { role: "moderator", firstName: "Dewi" });
  await app.deps.db.update(users).set({ email: "ada@example.com" }).where(eq(users.id, en.id));
  await app.deps.db.update(users).set({ email: "dewi@example.com", language: "id" }).where(eq(users.id, id.id));
  admins = { en, id };
});
afterEach(() => app.close());

async function fileReport(reason: string, description = "") {
  const reporter = await createMember(app, { gender: "male", firstName: "Maria" });
  const reported = await createMember(app, { firstName: "Yosef" });
  const response = await app.request("POST", "/api/reports", { cookie: reporter.cookie, body: { reportedUserId: reported.id, reason, description } });
  expect(response.status).toBe(201);
  await app.deps.background.settled(5_000);
  return ((await response.json()) as { id: string }).id;
}

describe("urgent reports", () => {
  test("an 'Under 18' or scam report is mailed at once to every admin and moderator, in each one's language, with the link to it", async () => {
    const id = await fileReport("underage", "She says she is 16");
    expect(sent.map((mail) => mail.to).sort()).toEqual(["ada@example.com", "dewi@example.com"]);
    const english = sent.find((mail) => mail.to === "ada@example.com")!;
    expect(english.subject).toBe("New report: Under 18");
    expect(english.text).toContain("A member reported Yosef for \"Under 18\"");
    expect(english.text).toContain("She says she is 16");
    expect(english.text).toContain(`http://localhost:3000/admin/moderation?status=pending&report=${id}`);
    const indonesian = sent.find((mail) => mail.to === "dewi@example.com")!;
    expect(indonesian.subject).toBe("Laporan baru: Di bawah 18 tahun");
    expect(indonesian.html).toContain("Buka antrean moderasi");

    sent.length = 0;
    await fileReport("scam");
    expect(sent.map((mail) => mail.subject).sort()).toEqual(["Laporan baru: Penipuan / minta uang", "New report: Scam / asking for money"]);
  });

  test("each urgent report is told once (a second alert for it sends nothing); other reasons are not mailed at once", async () => {
    const id = await fileReport("scam");
    expect(sent).toHaveLength(2);
    expect(await alertAdminsOfReport(app.deps, id)).toBe(0);
    sent.length = 0;
    await fileReport("harassment");
    expect(sent).toEqual([]);
  });

  test("members are not told, and a banned admin is not either", async () => {
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, admins.id.id));
    await fileReport("underage");
    expect(sent.map((mail) => mail.to)).toEqual(["ada@example.com"]);
  });
});

describe("the daily digest of the other reports", () => {
  test("one mail per admin on a day with new reports, counting them by reason; none again that day, none on a day without", async () => {
    app.clock.set(new Date(NINE_WIB.getTime() - 3 * HOUR)); // 06:00 WIB: before the digest hour
    await fileReport("harassment");
    await fileReport("harassment");
    await fileReport("fake_profile");
    await fileReport("scam"); // told at once, never in a digest
    sent.length = 0;
    expect(await sendReportDigest(app.deps)).toBe(0); // not 08:00 yet
    app.clock.set(NINE_WIB);
    expect(await sendReportDigest(app.deps)).toBe(2);
    const english = sent.find((mail) => mail.to === "ada@example.com")!;
    expect(english.subject).toBe("Kasih: 3 new reports");
    expect(english.text).toContain("Harassment: 2");
    expect(english.text).toContain("Fake profile: 1");
    expect(english.text).not.toContain("Scam");
    expect(sent.find((mail) => mail.to === "dewi@example.com")!.subject).toBe("Kasih: 3 laporan baru");
    // A report filed after today's digest waits for tomorrow's; the same day sends nothing more.
    await fileReport("other");
    sent.length = 0;
    expect(await sendReportDigest(app.deps)).toBe(0);
    app.clock.advance(24 * HOUR);
    expect(await sendReportDigest(app.deps)).toBe(2);
    expect(sent.find((mail) => mail.to === "ada@example.com")!.subject).toBe("Kasih: 1 new report");
    // A day without new reports sends nothing.
    sent.length = 0;
    app.clock.advance(24 * HOUR);
    expect(await sendReportDigest(app.deps)).toBe(0);
    expect(sent).toEqual([]);
    const untold = await app.deps.db.select({ id: reports.id }).from(reports).where(isNull(reports.notifiedAt));
    expect(untold).toEqual([]);
  });
});
