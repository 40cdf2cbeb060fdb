import { describe, expect, it } from "bun:test";
import { join, resolve } from "node:path";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("fills the documented defaults from an empty environment", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(resolve("./data"));
    expect(config.databaseUrl).toBe(`file:${join(resolve("./data"), "kasih.db")}`);
    expect(config.appOrigin).toBe("http://localhost:3000");
    expect(config.isHttps).toBe(false);
    expect(config.superAdminEmail).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it("derives https, lower-cases the super-admin address and keeps only the origin of APP_ORIGIN", () => {
    const config = parseConfig({ APP_ORIGIN: "https://kasih.example/some/path", SUPER_ADMIN_EMAIL: "Pastor@Example.com", PORT: "8080" });
    expect(config.appOrigin).toBe("https://kasih.example");
    expect(config.isHttps).toBe(true);
    expect(config.superAdminEmail).toBe("pastor@example.com");
    expect(config.port).toBe(8080);
  });

  it("reads the backup schedule, the metrics token and the API allowance, and names a bad value", () => {
    expect(parseConfig({}).backups).toBeUndefined();
    expect(parseConfig({ BACKUP_DIR: "/srv/backups" }).backups).toEqual({ dir: "/srv/backups", intervalMs: 6 * 3_600_000, keep: 14 });
    expect(parseConfig({ BACKUP_DIR: "b", BACKUP_INTERVAL: "30m", BACKUP_KEEP: "4" }).backups).toEqual({ dir: resolve("b"), intervalMs: 1_800_000, keep: 4 });
    expect(() => parseConfig({ BACKUP_DIR: "b", BACKUP_INTERVAL: "6 hours" })).toThrow("BACKUP_INTERVAL");
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow("BACKUP_KEEP");
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN");
    expect(parseConfig({ METRICS_TOKEN: "a-long-enough-metrics-token" }).metricsToken).toBe("a-long-enough-metrics-token");
    expect(parseConfig({}).apiRatePerAddress).toBe(50);
    expect(parseConfig({ API_RATE_PER_ADDRESS: "0" }).apiRatePerAddress).toBe(0);
    expect(() => parseConfig({ API_RATE_PER_ADDRESS: "-1" })).toThrow("API_RATE_PER_ADDRESS");
  });

  it("treats empty variables as unset", () => {
    const config = parseConfig({ APP_ORIGIN: "", SUPER_ADMIN_EMAIL: " ", GOOGLE_CLIENT_ID: "" });
    expect(config.appOrigin).toBe("http://localhost:3000");
    expect(config.superAdminEmail).toBeUndefined();
  });

  it("fails fast with a message naming every bad variable", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "eighty", APP_ORIGIN: "not a url", SUPER_ADMIN_EMAIL: "not-an-email" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    // One line per variable, each starting with its name (printed as it is by src/main.ts).
    expect(message.split("\n").map((line) => line.split(":")[0])).toEqual(["PORT", "APP_ORIGIN", "SUPER_ADMIN_EMAIL"]);
  });

  it("names a LOG_LEVEL, DATABASE_URL or REDIS_URL that cannot work, in one line", () => {
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(new ConfigError("LOG_LEVEL: must be one of debug, info, warn, error, silent"));
    for (const url of ["garbage", "postgres://db.example/kasih", "libsql://", "file:"]) {
      expect(() => parseConfig({ DATABASE_URL: url })).toThrow(/^DATABASE_URL: must be file:PATH, or a libSQL server's/);
    }
    for (const url of ["file:/srv/kasih.db", "libsql://db.example:8080", "https://db.example", "ws://127.0.0.1:8080"]) expect(parseConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    for (const url of ["garbage", "http://redis.example:6379", "redis://"]) expect(() => parseConfig({ REDIS_URL: url })).toThrow(/^REDIS_URL: must be a URL of Redis or Valkey/);
    for (const url of ["redis://127.0.0.1:6379", "rediss://:secret@redis.example", "redis+unix:///run/redis.sock"]) expect(parseConfig({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it("refuses ICE_SERVERS that are not a JSON array of servers", () => {
    expect(() => parseConfig({ ICE_SERVERS: "stun:example.org" })).toThrow("ICE_SERVERS: must be a JSON array");
    expect(parseConfig({ ICE_SERVERS: '[{"urls":"stun:stun.example.org"}]' }).iceServers).toEqual([{ urls: "stun:stun.example.org" }]);
  });

  it("refuses a bootstrap secret too short to be a secret", () => {
    expect(() => parseConfig({ ADMIN_BOOTSTRAP_SECRET: "short" })).toThrow("ADMIN_BOOTSTRAP_SECRET:");
  });
});
