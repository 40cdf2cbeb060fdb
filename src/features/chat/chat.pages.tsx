import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import type { AppDeps, AppEnv } from "../../app-env";
import { ChatPanel, type ChatPanelProps } from "../../../islands/chat-panel";
import { profiles, users } from "../../../db/schema";
import { preparedQuery } from "../../../db/prepared";
import { requirePage } from "../../middleware/guards";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { findOpenMatchFor } from "../matches/matches.service";
import { hasPremium, hasPremiumPlus } from "../premium/plan-rules";
import { mainPhotoThumb } from "../profile/profile-json";
import { FREE_DAILY_CHATS } from "../../platform/constants";
import { chatsUsedToday, listMessages } from "./chat.service";
import { sharedBetween } from "../settings/settings.service";
import { realtimeFor } from "../../realtime/realtime";
import { chaperoneStatusOf, noticesOf } from "../chaperone/chaperone.service";

/** /chat/{matchId} (signed in with a photo; only the two people of the match, else 404). */
export function chatPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/chat/:matchId", requirePage("withPhoto"), async (c) => {
    const user = c.get("user")!;
    const t = c.get("t");
    const matchId = c.req.param("matchId");
    const match = await findOpenMatchFor(deps.db, matchId, user.id);
    if (match === null) {
      return render(
        c,
        { title: t("chat.notFoundTitle"), status: 404, entry: "matches", namespaces: ["matches"] },
        <section className="not-found">
          <h1>{t("chat.notFoundTitle")}</h1>
          <p className="muted">{t("chat.notFoundBody")}</p>
          <a className="button button-primary" href="/matches">
            {t("chat.backToMatches")}
          </a>
        </section>,
      );
    }
    // Built once per database: building a select costs more than running it (db/prepared.ts).
    const otherQuery = preparedQuery(deps.db, "chat.page-other", () =>
      deps.db
        .select({ id: users.id, firstName: users.firstName, age: profiles.age, lastActiveAt: users.lastActiveAt, verifiedAt: users.photoVerifiedAt, prompts: profiles.prompts })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, sql.placeholder("userId")))
        .limit(1)
        .prepare(),
    );
    const [[other], photo] = await Promise.all([otherQuery.execute({ userId: match.otherUserId }), mainPhotoThumb(deps.db, match.otherUserId)]);
    const now = deps.clock.now();
    const answer = c.req.query("answer");
    const [{ receipts: showReceipts, activity: showActivity }, notices, chaperone] = await Promise.all([
      sharedBetween(deps.db, user.id, match.otherUserId),
      noticesOf(deps.db, matchId),
      chaperoneStatusOf(deps.db, user.id),
    ]);
    // Open now by me: my last notice shared it (MATCHING.md 'Chaperone', docs/decisions/0135).
    const mine = notices.filter((notice) => notice.memberId === user.id);
    // Online on this instance's sockets, else when they were last active; nothing when either hides it.
    const presence = showActivity
      ? { online: realtimeFor(deps).hub.socketCountOf(match.otherUserId) > 0, lastActiveAt: other?.lastActiveAt?.toISOString() ?? null }
      : null;
    const initialMessages = await listMessages(deps.db, matchId, { showReceipts });
    const props: ChatPanelProps = {
      matchId,
      me: { id: user.id },
      other: {
        id: match.otherUserId,
        firstName: other?.firstName ?? "",
        age: other?.age ?? null,
        photo,
        presence,
        verified: Boolean(other?.verifiedAt),
        // An empty chat offers icebreakers drawn from these (docs/decisions/0137); sent only then.
        prompts: initialMessages.length === 0 ? (other?.prompts ?? []) : [],
      },
      initialMessages,
      remainingToday: hasPremium(user, now) ? null : Math.max(0, FREE_DAILY_CHATS - (await chatsUsedToday(deps.db, user.id, now))),
      canCall: hasPremiumPlus(user, now),
      iceServers: deps.config.iceServers as RTCIceServer[],
      answer: answer === "voice" || answer === "video" ? answer : null,
      chaperone: { available: chaperone?.status === "accepted", sharedByMe: mine.at(-1)?.shared === true, notices },
    };
    return render(
      c,
      { title: t("chat.title", { name: props.other.firstName }), entry: "chat", namespaces: ["chat", "calls", "safety", "limits", "matches", "options", "chaperone", "prompts"], bodyClassName: "chat-body" },
      <main id="main" className="chat-main">
        {/*
          On a desktop the conversations stay beside the open chat: the page's script fills this in
          on a wide screen only (islands/entries/chat.tsx), so a phone neither reads nor draws them.
        */}
        <aside className="chat-sidebar" aria-label={t("matches.chatsTitle")} data-chat-sidebar data-me={user.id} data-open-match={matchId} />
        <Island name="chat-panel" component={ChatPanel} props={props} className="chat-island" />
      </main>,
    );
  });
}
