/**
 * Sign in with a phone number, and adding a proven number to an account (API.md 'Phone sign-in',
 * docs/decisions/0136). The start call answers the same whether or not the number has an account,
 * and does the same work for both (a code made, stored and sent).
 */
import { signupOrigin } from "../auth/signup-origin";
import { Hono } from "hono";
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppDeps, AppEnv } from "../../app-env";
import { zValidator } from "../api-docs/documented-validator";
import { describeRoutes } from "../api-docs/describe-routes";
import { clientIp } from "../../middleware/client-ip";
import { currentUser, requireUser } from "../../middleware/guards";
import { invalidInput } from "../../middleware/invalid-input";
import { chosenLanguage } from "../../middleware/language";
import { RateLimiter } from "../../middleware/rate-limit";
import { setSessionCookie } from "../../middleware/session";
import { log } from "../../platform/log";
import { newId } from "../../platform/ids";
import { indonesianMobileE164 } from "../../platform/phone-number";
import { hasBidiControls, isBlank } from "../../platform/text";
import { currentUserJson, rememberLanguage, suspendedAnswer } from "../auth/auth.service";
import { AUTH_MESSAGES } from "../auth/auth.schemas";
import { createSession, invalidateSession } from "../auth/session";
import { suspensionOf } from "../auth/suspension";
import { isRegistrationHeld } from "../safety/registration-holds";
import { consumePhoneCode, issuePhoneCode } from "./phone-codes";
import { createPhoneSenders, senderFor } from "./phone-sender";
import { accountNameBodySchema, PHONE_MESSAGES, phoneStartBodySchema, phoneVerifyBodySchema } from "./phone-sign-in.schemas";
import { phoneSignInApiDocs } from "./phone-sign-in.api-docs";

const hourMs = 60 * 60_000;
/** API.md 'Phone sign-in': codes per number and per client address in an hour. */
export const PHONE_CODES_PER_NUMBER_PER_HOUR = 3;
export const PHONE_CODES_PER_ADDRESS_PER_HOUR = 10;

export function phoneSignInRoutes(deps: AppDeps) {
  const now = () => deps.clock.now().getTime();
  const codesByNumber = new RateLimiter(PHONE_CODES_PER_NUMBER_PER_HOUR, hourMs, now);
  const codesByAddress = new RateLimiter(PHONE_CODES_PER_ADDRESS_PER_HOUR, hourMs, now);
  const { senders } = createPhoneSenders(deps.config);

  const routes = new Hono<AppEnv>()
    .post("/auth/phone/start", zValidator("json", phoneStartBodySchema, invalidInput(PHONE_MESSAGES.invalidPhone)), async (c) => {
      const body = c.req.valid("json");
      const phone = indonesianMobileE164(body.phone);
      if (phone === null) return c.json({ message: PHONE_MESSAGES.invalidPhone }, 400);
      const ip = clientIp(c, deps.config.trustProxy);
      if (!codesByAddress.hit(ip)) {
        c.header("Retry-After", String(codesByAddress.retryAfterSeconds(ip)));
        return c.json({ message: PHONE_MESSAGES.tooManyCodes }, 429);
      }
      if (!codesByNumber.hit(phone)) {
        // Nothing was sent: the address keeps its slot.
        codesByAddress.release(ip);
        c.header("Retry-After", String(codesByNumber.retryAfterSeconds(phone)));
        return c.json({ message: PHONE_MESSAGES.tooManyCodes }, 429);
      }
      const code = await issuePhoneCode(deps, phone);
      const sender = senderFor(senders, body.channel);
      try {
        await sender.send({ to: phone, code, lang: c.get("lang") });
      } catch (error) {
        // The provider's answer is for the operator's log; the member may ask again (the code stands).
        log.error({ err: error, channel: sender.channel }, "phone sign-in: the code could not be sent");
        return c.json({ message: PHONE_MESSAGES.sendFailed }, 502);
      }
      return c.json({ message: PHONE_MESSAGES.codeSent });
    })
    .post("/auth/phone/verify", zValidator("json", phoneVerifyBodySchema, invalidInput(PHONE_MESSAGES.invalidCode)), async (c) => {
      const body = c.req.valid("json");
      const phone = indonesianMobileE164(body.phone);
      if (phone === null) return c.json({ message: PHONE_MESSAGES.invalidPhone }, 400);
      if (!(await consumePhoneCode(deps, phone, body.code.trim()))) return c.json({ message: PHONE_MESSAGES.invalidCode }, 400);
      const at = deps.clock.now();
      const [found] = await deps.db
        .select({ id: users.id, isAdmin: users.isAdmin, role: users.role, isBanned: users.isBanned, banReason: users.banReason, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason, hasPhoto: users.hasPhoto })
        .from(users)
        .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
        .limit(1);
      let account = found;
      if (account !== undefined) {
        // The same refusals as a password sign-in (API.md 'Accounts').
        if (account.isBanned) return c.json({ message: account.banReason ? `${AUTH_MESSAGES.banned}: ${account.banReason}` : AUTH_MESSAGES.banned }, 403);
        const suspension = suspensionOf(account, at);
        if (suspension !== null) {
          const answer = suspendedAnswer(suspension.until, suspension.reason);
          return c.json({ message: answer.message, ...answer.suspension }, 403);
        }
        await deps.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, account.id));
        await rememberLanguage(deps.db, account.id, chosenLanguage(c.req.header("Cookie")));
      } else {
        if (await isRegistrationHeld(deps, "phone", phone)) return c.json({ message: PHONE_MESSAGES.phoneHeld }, 409);
        // A new account: no email and no name yet; the sign-in screen asks the name next.
        const id = newId();
        const inserted = await deps.db
          .insert(users)
          .values({ id, email: null, passwordHash: null, firstName: "", lastName: "", phone, phoneVerifiedAt: at, language: c.get("lang"), ...signupOrigin(c, deps.config.trustProxy), createdAt: at, lastActiveAt: at })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length === 0) return c.json({ message: PHONE_MESSAGES.invalidCode }, 400);
        account = { id, isAdmin: false, role: "member", isBanned: false, banReason: null, suspendedUntil: null, suspensionReason: null, hasPhoto: false };
      }
      // A sign-in replaces whatever session this browser had, as the provider sign-ins do.
      const previous = c.get("session");
      if (previous !== null) await invalidateSession(deps.db, previous.id, previous.userId);
      const { token, session } = await createSession(deps.db, deps.clock, account.id, account.isAdmin);
      setSessionCookie(c, deps.config, token, session.expiresAt);
      return c.json({ isNewUser: account.role !== "chaperone" && !account.hasPhoto });
    })
    .post("/account/phone/verify", requireUser, zValidator("json", phoneVerifyBodySchema, invalidInput(PHONE_MESSAGES.invalidCode)), async (c) => {
      const me = currentUser(c);
      const body = c.req.valid("json");
      const phone = indonesianMobileE164(body.phone);
      if (phone === null) return c.json({ message: PHONE_MESSAGES.invalidPhone }, 400);
      if (!(await consumePhoneCode(deps, phone, body.code.trim()))) return c.json({ message: PHONE_MESSAGES.invalidCode }, 400);
      const [holder] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
        .limit(1);
      if (holder !== undefined && holder.id !== me.id) return c.json({ message: PHONE_MESSAGES.phoneTaken }, 409);
      const at = deps.clock.now();
      try {
        await deps.db.update(users).set({ phone, phoneVerifiedAt: at }).where(eq(users.id, me.id));
      } catch {
        // Proven on another account between the check and the write (the unique index).
        return c.json({ message: PHONE_MESSAGES.phoneTaken }, 409);
      }
      return c.json({ ...(await currentUserJson(deps, me, at)), phone, phoneVerifiedAt: at.toISOString() });
    })
    .patch("/account/name", requireUser, zValidator("json", accountNameBodySchema, invalidInput(PHONE_MESSAGES.nameRequired)), async (c) => {
      const me = currentUser(c);
      const clean = (value: string) => value.normalize("NFC").replace(/[\u0000-\u001F\u007F-\u009F]/g, "").trim();
      const firstName = clean(c.req.valid("json").firstName);
      const lastName = clean(c.req.valid("json").lastName);
      if (isBlank(firstName)) return c.json({ message: PHONE_MESSAGES.nameRequired }, 400);
      if (hasBidiControls(firstName) || hasBidiControls(lastName)) return c.json({ message: AUTH_MESSAGES.invalidName }, 400);
      await deps.db.update(users).set({ firstName, lastName }).where(eq(users.id, me.id));
      return c.json({ firstName, lastName });
    });
  return describeRoutes(routes, phoneSignInApiDocs);
}
