import { describe, expect, it } from "bun:test";
import { parseConfig } from "../../config";
import { googlePayCspSources, mergeCspSources } from "./google-pay-csp";

describe("googlePayCspSources", () => {
  it("allows pay.google.com only while the sandbox (the one gateway taking wallet tokens) is on", () => {
    expect(googlePayCspSources(parseConfig({}))).toEqual({});
    expect(googlePayCspSources(parseConfig({ PAYMENT_SANDBOX: "1" })).script).toEqual(["https://pay.google.com"]);
  });

  it("merges source lists without duplicates", () => {
    expect(mergeCspSources({ script: ["a"], img: ["x"] }, { script: ["a", "b"], frame: ["f"] })).toEqual({ script: ["a", "b"], img: ["x"], frame: ["f"] });
  });
});
