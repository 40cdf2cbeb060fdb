import { describe, expect, it } from "bun:test";
import type { User } from "firebase/auth";
import { avatarInitial } from "../../../islands/devtools/firebase-test-panel";
import { toHostedUser } from "../../../islands/devtools/hosted-auth";

describe("the signed-in card of /firebase-test", () => {
  it("shows the first letter of the name, else of the email, else U", () => {
    expect(avatarInitial({ displayName: "yohana Siregar", email: "y@example.com" })).toBe("Y");
    expect(avatarInitial({ displayName: null, email: "maria@example.com" })).toBe("M");
    expect(avatarInitial({ displayName: "  ", email: null })).toBe("U");
    expect(avatarInitial({ displayName: null, email: null })).toBe("U");
  });

  it("keeps the hosted identity user's fields of spec point 3 and the provider's own user id", () => {
    const user = {
      uid: "firebase-uid-1",
      displayName: "Ruth Wijaya",
      email: "ruth@example.com",
      emailVerified: true,
      photoURL: "https://lh3.googleusercontent.com/a/photo",
      providerData: [{ providerId: "google.com", uid: "1098765432" }],
      metadata: { creationTime: "Sat, 21 Nov 2026 10:00:00 GMT", lastSignInTime: "Sun, 22 Nov 2026 09:30:00 GMT" },
    } as unknown as User;
    expect(toHostedUser(user)).toEqual({
      uid: "firebase-uid-1",
      displayName: "Ruth Wijaya",
      email: "ruth@example.com",
      emailVerified: true,
      photoURL: "https://lh3.googleusercontent.com/a/photo",
      providerId: "google.com",
      providerUid: "1098765432",
      metadata: { creationTime: "Sat, 21 Nov 2026 10:00:00 GMT", lastSignInTime: "Sun, 22 Nov 2026 09:30:00 GMT" },
    });
  });
});
