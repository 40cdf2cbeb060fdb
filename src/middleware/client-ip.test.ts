import { describe, expect, it } from "bun:test";
import { clientAddress } from "./client-ip";

describe("clientAddress", () => {
  it("takes the socket's address unless a proxy is trusted", () => {
    expect(clientAddress(false, "198.51.100.7", "203.0.113.1")).toBe("203.0.113.1");
    expect(clientAddress(false, null, undefined)).toBe("unknown");
  });

  it("behind the proxy, takes the entry the proxy added (the last), not what the caller claimed", () => {
    expect(clientAddress(true, "198.51.100.7", "127.0.0.1")).toBe("198.51.100.7");
    // The caller sent "1.2.3.4"; the proxy appended the real address.
    expect(clientAddress(true, "1.2.3.4, 198.51.100.7", "127.0.0.1")).toBe("198.51.100.7");
    expect(clientAddress(true, "", "127.0.0.1")).toBe("127.0.0.1");
  });
});
