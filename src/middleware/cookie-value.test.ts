import { describe, expect, it } from "bun:test";
import { cookieValue } from "./cookie-value";

describe("cookieValue", () => {
  it("finds a cookie at the start, in the middle and at the end of the header", () => {
    const header = "kasih_session=abc123; app-language=id; other=x";
    expect(cookieValue(header, "kasih_session")).toBe("abc123");
    expect(cookieValue(header, "app-language")).toBe("id");
    expect(cookieValue(header, "other")).toBe("x");
  });

  it("matches whole names only", () => {
    expect(cookieValue("xkasih_session=evil; kasih_session_old=1", "kasih_session")).toBeUndefined();
    expect(cookieValue("my-app-language=fr; app-language=en", "app-language")).toBe("en");
    expect(cookieValue("a=kasih_session=1", "kasih_session")).toBeUndefined();
  });

  it("answers undefined without a header or without the cookie", () => {
    expect(cookieValue(undefined, "kasih_session")).toBeUndefined();
    expect(cookieValue(null, "kasih_session")).toBeUndefined();
    expect(cookieValue("", "kasih_session")).toBeUndefined();
    expect(cookieValue("a=1; b=2", "kasih_session")).toBeUndefined();
  });

  it("trims whitespace and quotes like browsers send them, and keeps an empty value empty", () => {
    expect(cookieValue("a=1;kasih_session= tok ;b=2", "kasih_session")).toBe("tok");
    expect(cookieValue('app-language="id"', "app-language")).toBe("id");
    expect(cookieValue("kasih_session=; a=1", "kasih_session")).toBe("");
  });

  it("takes the first of two cookies of one name, as the most specific path comes first", () => {
    expect(cookieValue("kasih_session=first; kasih_session=second", "kasih_session")).toBe("first");
  });
});
