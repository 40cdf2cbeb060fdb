import { describe, expect, it } from "bun:test";
import { MESSAGE_TOAST_PREVIEW_CHARS, messageToast } from "./message-toast";

describe("the new-message toast", () => {
  it("puts the sender's name first and the message after it", () => {
    expect(messageToast("Kevin", "Halo, apa kabar?")).toEqual({ title: "Kevin", description: "Halo, apa kabar?" });
  });

  it("shortens a long message with an ellipsis, on one line, never splitting an emoji", () => {
    const long = `${"Sampai jumpa hari Minggu\n".repeat(5)}🙏`;
    const { description } = messageToast("Ana", long);
    expect([...description].length).toBeLessThanOrEqual(MESSAGE_TOAST_PREVIEW_CHARS);
    expect(description.endsWith("…")).toBe(true);
    expect(description).not.toContain("\n");
    const emoji = messageToast("Ana", "🙏".repeat(MESSAGE_TOAST_PREVIEW_CHARS + 5)).description;
    expect([...emoji].slice(0, -1).every((char) => char === "🙏")).toBe(true);
  });
});
