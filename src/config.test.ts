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
    expect(message).toStartWith("Invalid environment:");
    expect(message).toContain("PORT:");
    expect(message).toContain("APP_ORIGIN:");
    expect(message).toContain("SUPER_ADMIN_EMAIL:");
    expect(message.split("\n").length).toBe(4);
  });

  it("refuses ICE_SERVERS that are not a JSON array of servers", () => {
    expect(() => parseConfig({ ICE_SERVERS: "stun:example.org" })).toThrow("ICE_SERVERS: must be a JSON array");
    expect(parseConfig({ ICE_SERVERS: '[{"urls":"stun:stun.example.org"}]' }).iceServers).toEqual([{ urls: "stun:stun.example.org" }]);
  });

  it("refuses a bootstrap secret too short to be a secret", () => {
    expect(() => parseConfig({ ADMIN_BOOTSTRAP_SECRET: "short" })).toThrow("ADMIN_BOOTSTRAP_SECRET:");
  });
});
