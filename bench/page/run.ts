/**
 * bench/page: Discover, Chat and /auth as a member on a cheap Android phone over 4G gets them:
 * Chromium with slow-4G throttling (150 ms RTT, 1.6 Mbps down, 750 kbps up) and the CPU 4× slower,
 * cold (a fresh browser profile) and warm (the same page again a few seconds later, as a member comes
 * back: from the HTTP cache and the service worker's, docs/decisions/0140). Prints bytes
 * on the wire (all, and without photos), first contentful paint, and the time until the page can
 * be used (its island hydrated: the first swipe, the first message, the sign-in form). The
 * baseline in the same run is the same cold load with compression refused (Accept-Encoding:
 * identity), which is what every page cost before the build precompressed its files.
 * Targets: cold ≤ 1.0 s to interactive (the Like button works), warm ≤ 0.5 s, cold Discover < 150 KB
 * without photos (docs/decisions/0140; before it 1.5 s and 0.8 s).
 *
 *   npm run bench:page        (median of 5 runs; BENCH_RUNS to change; BENCH_PAGES=Discover,Chat to run some pages)
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildClient } from "../../scripts/build-islands";
import { DEMO_PASSWORD } from "../../db/seed";
import { CHROMIUM_ARGS, PHONE } from "../../e2e/support/browser";
import { signInWithPassword } from "../../e2e/support/accounts";
import { startServer } from "../../e2e/support/server";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const TARGET = { coldMs: 1000, warmMs: 500, coldDiscoverKb: 150 };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/**
 * The pause before the warm visit: a member comes back after the first visit finished, not within
 * its last request; the page's service worker installs and keeps the page meanwhile (public/sw.js).
 */
const REVISIT_AFTER_MS = Number(process.env.BENCH_REVISIT_AFTER_MS ?? 3000);
const onlyPages = process.env.BENCH_PAGES?.split(",");
/** The phone is in Indonesia, where most members are (Western Indonesian Time). */
const PHONE_ZONE = "Asia/Jakarta";

interface Load {
  bytes: number;
  bytesWithoutPhotos: number;
  fcpMs: number;
  interactiveMs: number;
}

await buildClient({ quiet: true });
const server = await startServer({ command: "demo" });
const daniel = await signInWithPassword(server.origin, "demo@kasih.app", DEMO_PASSWORD);
const matches = (await (await fetch(`${server.origin}/api/matches`, { headers: { Cookie: daniel.cookie } })).json()) as { id: string }[];
const pages = [
  // /swipe, where the installed app starts (manifest start_url); "/" adds one redirect to it.
  { name: "Discover", path: "/swipe", island: "swipe-deck", signedIn: true },
  { name: "Chat", path: `/chat/${matches[0]!.id}`, island: "chat-panel", signedIn: true },
  { name: "/auth", path: "/auth", island: "auth-panel", signedIn: false },
] as const;

async function throttled(page: Page, identity: boolean): Promise<{ cdp: CDPSession; sizes: Map<string, { bytes: number; photo: boolean }> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  if (identity) await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
  const sizes = new Map<string, { bytes: number; photo: boolean }>();
  const urls = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.loadingFinished", (event) => {
    const url = urls.get(event.requestId) ?? "";
    sizes.set(event.requestId, { bytes: event.encodedDataLength, photo: url.includes("/uploads/") });
  });
  return { cdp, sizes };
}

/**
 * One load. It waits through the DevTools protocol, not with page locators: those inject
 * Playwright's script into the page while it loads, which costs the throttled main thread ~130 ms
 * that no member's phone spends.
 */
async function load(page: Page, cdp: CDPSession, path: string, island: string, sizes: Map<string, { bytes: number; photo: boolean }>): Promise<Load> {
  sizes.clear();
  await page.goto(`${server.origin}${path}`, { waitUntil: "load", timeout: 60_000 });
  const { result } = await cdp.send("Runtime.evaluate", {
    // The moment the islands were live (islands/runtime/hydrate.tsx marks it).
    expression: `new Promise((resolve) => {
      const read = () => {
        const hydrated = performance.getEntriesByName("islands-hydrated")[0];
        const painted = performance.getEntriesByName("first-contentful-paint")[0];
        if (!hydrated || !painted || !document.querySelector('[data-island="${island}"][data-hydrated]')) return setTimeout(read, 50);
        resolve({ interactive: hydrated.startTime, fcp: painted.startTime });
      };
      read();
    })`,
    awaitPromise: true,
    returnByValue: true,
  });
  const timing = result.value as { interactive: number; fcp: number };
  // Let the photos of the first cards finish, so "all bytes" is what the screen shows.
  await page.waitForTimeout(500);
  const all = [...sizes.values()];
  return {
    bytes: all.reduce((sum, entry) => sum + entry.bytes, 0),
    bytesWithoutPhotos: all.filter((entry) => !entry.photo).reduce((sum, entry) => sum + entry.bytes, 0),
    fcpMs: timing.fcp,
    interactiveMs: timing.interactive,
  };
}

async function freshContext(signedIn: boolean): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "kasih-bench-page-"));
  const context = await chromium.launchPersistentContext(dir, { executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS, viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: PHONE_ZONE });
  if (signedIn) {
    const [name, value] = daniel.cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: server.origin }]);
  }
  return { context, close: async () => (await context.close(), rmSync(dir, { recursive: true, force: true })) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const results: { name: string; cold: Load[]; warm: Load[]; baseline: Load[] }[] = [];
try {
  for (const target of pages.filter((p) => onlyPages === undefined || onlyPages.includes(p.name))) {
    const entry = { name: target.name, cold: [] as Load[], warm: [] as Load[], baseline: [] as Load[] };
    for (let run = 0; run < runs; run++) {
      for (const identity of [false, true]) {
        const { context, close } = await freshContext(target.signedIn);
        try {
          const page = context.pages()[0] ?? (await context.newPage());
          const { cdp, sizes } = await throttled(page, identity);
          const cold = await load(page, cdp, target.path, target.island, sizes);
          if (identity) entry.baseline.push(cold);
          else {
            entry.cold.push(cold);
            await page.waitForTimeout(REVISIT_AFTER_MS);
            entry.warm.push(await load(page, cdp, target.path, target.island, sizes));
          }
        } finally {
          await close();
        }
      }
    }
    results.push(entry);
  }
} finally {
  await server.stop();
}

console.log(`slow 4G (150 ms RTT, 1.6 Mbps down), CPU ${CPU_SLOWDOWN}× slower, 390×844 in ${PHONE_ZONE}; median of ${runs} runs each`);
console.log("");
console.log("page       load       wire (all)   wire (no photos)   FCP        interactive   target        ratio");
for (const { name, cold, warm, baseline } of results) {
  const rows: [string, Load[], number | null][] = [
    ["cold", cold, TARGET.coldMs],
    ["warm", warm, TARGET.warmMs],
    ["baseline", baseline, null],
  ];
  for (const [label, loads, target] of rows) {
    const interactive = median(loads.map((l) => l.interactiveMs));
    const line = [
      name.padEnd(10),
      label.padEnd(10),
      kb(median(loads.map((l) => l.bytes))).padStart(10),
      kb(median(loads.map((l) => l.bytesWithoutPhotos))).padStart(18),
      ms(median(loads.map((l) => l.fcpMs))).padStart(9),
      ms(interactive).padStart(13),
      (target === null ? "(uncompressed)" : `< ${ms(target)}`).padStart(14),
      (target === null ? "" : `${(interactive / target).toFixed(2)} ${interactive < target ? "ok" : "OVER"}`).padStart(10),
    ];
    console.log(line.join(" "));
  }
}
const discover = results.find((r) => r.name === "Discover");
if (discover === undefined) process.exit(0);
const coldBytes = median(discover.cold.map((l) => l.bytesWithoutPhotos));
const baselineBytes = median(discover.baseline.map((l) => l.bytesWithoutPhotos));
console.log("");
console.log(`cold Discover without photos: ${kb(coldBytes)} (target < ${TARGET.coldDiscoverKb} KB, ratio ${(coldBytes / 1024 / TARGET.coldDiscoverKb).toFixed(2)}); uncompressed baseline ${kb(baselineBytes)}, ${(coldBytes / baselineBytes).toFixed(2)}× of it`);
