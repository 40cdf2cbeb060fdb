/**
 * A stress run of the end-to-end browser set-up (not part of `npm test`): browsers, pages and
 * WebSockets opened and closed in a loop against a small loopback server, frames flowing both
 * ways while pages and browsers close. It counts what playwright-core throws outside any call
 * ("Cannot find object to "frameReceived": ws@…" was the flake; docs/decisions/0115-…).
 *
 *   node_modules/.bin/bun e2e/stress/browser-setup.ts [seconds=180] [--unordered] [--workers=2]
 *
 * It opens browsers as the tests do (e2e/support/browser.ts `openBrowser`) and checks pages the
 * way the tests used to, with bun:test's `expect(promise).resolves`, while frames flow.
 * `--unordered` puts Bun's own setImmediate back (e2e/support/immediates-in-order.ts undone), as
 * before 0115, to show the flake there.
 * Exit code 1 when anything was thrown outside a call, or when calls stopped returning.
 */
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import { openBrowser } from "../support/browser";
import { restoreNativeImmediates } from "../support/immediates-in-order";

const args = process.argv.slice(2);
const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 180);
const unordered = args.includes("--unordered");
if (unordered) restoreNativeImmediates();
const workers = Number(args.find((arg) => arg.startsWith("--workers="))?.slice("--workers=".length) ?? 2);

/** Thrown outside any call: what fails a test run although every awaited call succeeded. */
const stray = new Map<string, number>();
function noteStray(error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.replace(/@[0-9a-f]+/g, "@…");
  stray.set(message, (stray.get(message) ?? 0) + 1);
  console.error(`[stray] ${(error as Error)?.stack ?? error}`);
}
process.on("uncaughtException", noteStray);
process.on("unhandledRejection", noteStray);

const counts = { browsers: 0, pages: 0, pagesClosedWithSockets: 0, checks: 0, socketsOpened: 0, framesIn: 0, framesOut: 0, callErrors: 0 };

// The page: several sockets at once, each sending every few ms and closed and reopened at
// random; the server echoes each frame and pushes its own.
const PAGE = `<!doctype html><meta charset=utf-8><title>stress</title><script>
function open() {
  const ws = new WebSocket("ws://" + location.host + "/ws");
  let timer;
  ws.onopen = () => { timer = setInterval(() => ws.readyState === 1 && ws.send("ping " + Date.now()), 5 + Math.random() * 20); };
  ws.onclose = () => { clearInterval(timer); setTimeout(open, Math.random() * 50); };
  setTimeout(() => ws.close(), 100 + Math.random() * 600);
}
for (let i = 0; i < 4; i++) open();
</script><p>stress</p>`;

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request, bun) {
    if (new URL(request.url).pathname === "/ws") return bun.upgrade(request) ? undefined : new Response("no upgrade", { status: 400 });
    return new Response(PAGE, { headers: { "Content-Type": "text/html" } });
  },
  websocket: {
    open(ws) {
      counts.socketsOpened++;
      const timer = setInterval(() => {
        if (ws.readyState === 1) {
          ws.send(`push ${Date.now()}`);
          counts.framesOut++;
        }
      }, 7);
      (ws as unknown as { timer: Timer }).timer = timer;
    },
    message(ws, message) {
      counts.framesIn++;
      ws.send(`echo ${message}`);
      counts.framesOut++;
    },
    close(ws) {
      clearInterval((ws as unknown as { timer: Timer }).timer);
    },
  },
});
const origin = `http://127.0.0.1:${server.port}`;

const STALL_MS = 200_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deadline = Date.now() + seconds * 1000;

/** One browser's life: pages opened, used and closed with their sockets busy, then the browser closed mid-traffic. */
async function cycle() {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  try {
    browser = await openBrowser();
  } catch (error) {
    counts.callErrors++;
    console.error(`[call] ${(error as Error).message.split("\n")[0]}`);
    return;
  }
  counts.browsers++;
  try {
    await browser.page.goto(origin);
    counts.pages++;
    const extra: Page[] = [];
    for (let i = 0; i < 3 && Date.now() < deadline; i++) {
      const page = await browser.context.newPage();
      counts.pages++;
      await page.goto(origin);
      // Some callers listen to the socket events, as a test might.
      if (i % 2 === 0) page.on("websocket", (ws) => ws.on("framereceived", () => {}));
      // Checks written as the tests wrote them: bun:test's expect(promise).resolves, while frames flow.
      for (const until = Date.now() + Math.random() * 400; Date.now() < until; ) {
        await expect(page.locator("p").innerText()).resolves.toBe("stress");
        counts.checks++;
      }
      if (Math.random() < 0.6) {
        await page.close();
        counts.pagesClosedWithSockets++;
      } else extra.push(page);
      // Navigating away closes the page's sockets too.
      await browser.page.goto(`${origin}/?again=${i}`);
      counts.pages++;
    }
    await sleep(Math.random() * 300);
  } catch (error) {
    // A call that failed is reported to its caller; only stray throws are the flake.
    counts.callErrors++;
    console.error(`[call] ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await browser.close();
  }
}

const started = Date.now();
// A call that never returns is a failure too: report it rather than hang.
let lastProgress = { at: Date.now(), checks: 0 };
const watchdog = setInterval(() => {
  console.error(`[progress] ${Math.round((Date.now() - started) / 1000)} s ${JSON.stringify(counts)} stray ${JSON.stringify(Object.fromEntries(stray))}`);
  if (counts.checks + counts.pages !== lastProgress.checks) lastProgress = { at: Date.now(), checks: counts.checks + counts.pages };
  else if (Date.now() - lastProgress.at > STALL_MS) finish(`stalled: no call returned for ${STALL_MS / 1000} s`);
}, 10_000);
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (Date.now() < deadline) await cycle();
  }),
);
finish();

function finish(stalled?: string): never {
  clearInterval(watchdog);
  server.stop(true);
  const summary = { mode: unordered ? "Bun's setImmediate (before 0115)" : "immediates in order (0115)", seconds: Math.round((Date.now() - started) / 1000), workers, ...counts, stray: Object.fromEntries(stray), stalled: stalled ?? false };
  console.log(JSON.stringify(summary, null, 2));
  process.exit(stray.size > 0 || stalled ? 1 : 0);
}
