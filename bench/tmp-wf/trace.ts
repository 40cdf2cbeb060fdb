import { chromium } from "playwright-core";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../db/seed";
import { CHROMIUM_ARGS, PHONE } from "../../e2e/support/browser";
import { signInWithPassword } from "../../e2e/support/accounts";
import { startServer } from "../../e2e/support/server";
const path = process.argv[2] ?? "/swipe";
const island = process.argv[3] ?? "swipe-deck";
const server = await startServer({ command: "demo" });
const daniel = await signInWithPassword(server.origin, "demo@kasih.app", DEMO_PASSWORD);
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "wf-")), { executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS, viewport: PHONE, isMobile: true, hasTouch: true });
const [name, value] = daniel.cookie.split("=");
await context.addCookies([{ name: name!, value: value!, url: server.origin }]);
const page = context.pages()[0]!;
await page.goto(`${server.origin}${path}`);
await page.locator(`[data-island="${island}"][data-hydrated]`).waitFor();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
const events: any[] = [];
cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
await cdp.send("Tracing.start", { categories: "devtools.timeline,v8,blink,loading", transferMode: "ReportEvents" });
await page.goto(`${server.origin}${path}`, { waitUntil: "commit" });
await page.locator(`[data-island="${island}"][data-hydrated]`).waitFor();
const t = await page.evaluate(() => performance.now());
await cdp.send("Tracing.end");
await done;
console.log("interactive", t);
// main thread of the renderer: the thread with most ParseHTML/Layout
const counts = new Map<string, number>();
for (const e of events) if (e.name === "Layout" || e.name === "ParseHTML") counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
const top = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.dur > 8000 && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"));
const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
for (const task of top) {
  const inner = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 3000 && e.name !== "RunTask");
  const names = [...new Set(inner.map((e) => e.name))].slice(0, 8).join(", ");
  console.log(`${((task.ts - t0) / 1000).toFixed(0).padStart(6)} +${(task.dur / 1000).toFixed(0).padStart(4)} ms  ${names}`);
}
const sums = new Map<string, number>();
for (const e of events) {
  if (`${e.pid}:${e.tid}` !== main || e.ph !== "X" || !e.dur) continue;
  sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
}
console.log([...sums].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms ${k}`).join("\n"));
await context.close(); await server.stop();
