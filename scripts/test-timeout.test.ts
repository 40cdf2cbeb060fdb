/**
 * The unit phase's timeout really applies (docs/decisions/0114-a-fast-test-suite.md): bun ignores
 * bunfig.toml's `[test] timeout`, so scripts/test.sh passes one on the command line. This runs a
 * two-test fixture with the script's own flags, read from the script, from the repository root
 * (where bunfig.toml is read): the timeout's value is scaled down so the check takes half a
 * second, and bun must report that value, neither its own 5 s nor anything from bunfig.toml.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const script = readFileSync(join(root, "scripts", "test.sh"), "utf8");
const BUN_DEFAULT_TIMEOUT_MS = 5_000;
const SCALED_TIMEOUT_MS = 400;

/** UNIT_FLAGS as bash itself reads the script's line. */
function unitFlags(): string[] {
  const line = script.split("\n").find((text) => text.startsWith("UNIT_FLAGS="));
  if (line === undefined) throw new Error("scripts/test.sh sets no UNIT_FLAGS");
  const result = Bun.spawnSync(["bash", "-c", `${line}\nprintf '%s\\0' "\${UNIT_FLAGS[@]}"`]);
  return result.stdout.toString().split("\0").slice(0, -1);
}

const fixtureDir = mkdtempSync(join(tmpdir(), "kasih-timeout-"));
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

describe("the unit phase's timeout (scripts/test.sh)", () => {
  test("is passed to the unit phase's bun test, above bun's 5 s default", () => {
    expect(script).toMatch(/^run \$BUN test "\$\{UNIT_FLAGS\[@\]\}" src db scripts islands$/m);
    const flags = unitFlags();
    const at = flags.indexOf("--timeout");
    expect(at).toBeGreaterThanOrEqual(0);
    const timeoutMs = Number(flags[at + 1]);
    expect(timeoutMs).toBeGreaterThan(BUN_DEFAULT_TIMEOUT_MS);
    expect(timeoutMs).toBeLessThanOrEqual(60_000);
  });

  test("fails a test that runs past it and passes one under it, with the script's flags", () => {
    const fixture = join(fixtureDir, "timeout-fixture.test.ts");
    writeFileSync(
      fixture,
      `import { test } from "bun:test";
test("under the limit", async () => { await Bun.sleep(10); });
test("past the limit", async () => { await new Promise(() => {}); });
`,
    );
    const flags = unitFlags();
    const at = flags.indexOf("--timeout");
    const scaled = flags.with(at + 1, String(SCALED_TIMEOUT_MS));
    const run = Bun.spawnSync([process.execPath, "test", ...scaled, fixture], { cwd: root, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" } });
    const output = run.stdout.toString() + run.stderr.toString();
    expect(run.exitCode).not.toBe(0);
    expect(output).toContain("(pass) under the limit");
    expect(output).toContain("(fail) past the limit");
    expect(output).toContain(`this test timed out after ${SCALED_TIMEOUT_MS}ms`);
    expect(output).toMatch(/^ *1 pass$/m);
    expect(output).toMatch(/^ *1 fail$/m);
  });
});
