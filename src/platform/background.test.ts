import { describe, expect, it } from "bun:test";
import { BackgroundWork } from "./background";
import { logLinesOf } from "./log";

describe("BackgroundWork", () => {
  it("does not make the caller wait, and settles once the work and the work it started are done", async () => {
    const work = new BackgroundWork();
    const done: string[] = [];
    work.run("mail", async () => {
      await Bun.sleep(30);
      done.push("mail");
      work.run("push", async () => {
        await Bun.sleep(30);
        done.push("push");
      });
    });
    expect(done).toEqual([]);
    expect(work.pending).toBe(1);
    expect(await work.settled(2_000)).toBe(true);
    expect(done).toEqual(["mail", "push"]);
    expect(work.pending).toBe(0);
  });

  it("logs a failure under the work's name and keeps it from the caller", async () => {
    const work = new BackgroundWork();
    const lines = await logLinesOf(async () => {
      work.run("verification mail", async () => {
        throw new Error("relay refused");
      });
      expect(await work.settled(1_000)).toBe(true);
    });
    expect(lines.map((line) => line.msg)).toContain("verification mail failed");
  });

  it("gives up at the timeout while work is still running", async () => {
    const work = new BackgroundWork();
    work.run("slow relay", () => Bun.sleep(500));
    const started = Date.now();
    expect(await work.settled(50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(400);
    expect(work.pending).toBe(1);
  });
});
