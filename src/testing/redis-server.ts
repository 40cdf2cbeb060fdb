/**
 * A real redis-server (Debian's, installed by scripts/ensure-test-packages.sh) for the tests of
 * the Redis fan-out: no stand-in, and no silent skip when it is missing.
 */
import { RedisClient, type Subprocess } from "bun";

/** Starts redis-server on `port` and waits until it answers. */
export async function startRedis(onPort: number, folder: string): Promise<Subprocess> {
  const binary = Bun.which("redis-server");
  if (binary === null) throw new Error("redis-server is not installed: scripts/ensure-test-packages.sh installs it (apt-get install -y redis-server)");
  const child = Bun.spawn([binary, "--port", String(onPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder], { stdout: "ignore", stderr: "ignore" });
  for (let i = 0; i < 100; i++) {
    const probe = new RedisClient(`redis://127.0.0.1:${onPort}`, { autoReconnect: false, connectionTimeout: 500 });
    try {
      await probe.send("PING", []);
      return child;
    } catch {
      await Bun.sleep(50);
    } finally {
      probe.close();
    }
  }
  throw new Error("redis-server did not start");
}
