import { Hono } from "hono";
import { mainPhotoThumb } from "../profile/profile-json";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { SwipeDeck, type SwipeDeckProps } from "../../../islands/swipe-deck";
import { WhoLikedYou, type WhoLikedYouProps } from "../../../islands/who-liked-you";
import { currentUser, requirePage } from "../../middleware/guards";
import { DISCOVERY_PAGE_SIZE, FREE_DAILY_SWIPES } from "../../platform/constants";
import { AppShell } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { usageToday } from "../auth/auth.service";
import { featurePlan, hasPremium } from "../premium/plan-rules";
import { filtersOf } from "./filters.service";
import { countPendingLikes, listPendingLikes, loadViewer, suggestFor, touchActivity } from "./discovery.service";
import { ArrowLeftIcon } from "../../../islands/components/icons";

function DiscoverPage({ props }: { props: SwipeDeckProps }) {
  const t = useT();
  return (
    <AppShell active="discover">
      <h1 className="visually-hidden">{t("discover.title")}</h1>
      <Island name="swipe-deck" component={SwipeDeck} props={props} />
    </AppShell>
  );
}

function LikesPage({ props }: { props: WhoLikedYouProps }) {
  const t = useT();
  return (
    <AppShell active="discover">
      <header className="page-header">
        <a className="button button-ghost button-small page-back" href="/swipe">
          <ArrowLeftIcon size={16} /> {t("common.back")}
        </a>
        <h1 className="page-title">{t("likes.title")}</h1>
      </header>
      <Island name="who-liked-you" component={WhoLikedYou} props={props} />
    </AppShell>
  );
}

/**
 * Discover pages (members with a photo, spec point 2): /swipe, and /likes (who liked you).
 * / keeps redirecting here (home.pages.tsx, docs/decisions/0064).
 */
export function discoveryPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>()
    .get("/swipe", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      const viewer = await loadViewer(deps.db, user.id);
      if (viewer !== null) await touchActivity(deps.db, user.id, now);
      const [initialCards, usage, likesCount, myPhoto, filters] = await Promise.all([
        viewer === null ? Promise.resolve(null) : suggestFor(deps.db, viewer, now, DISCOVERY_PAGE_SIZE.default, [], { likesFirst: hasPremium(user, now), lang: c.get("lang") }),
        usageToday(deps.db, deps.clock, user.id),
        countPendingLikes(deps.db, user.id),
        mainPhotoThumb(deps.db, user.id),
        filtersOf(deps.db, user.id),
      ]);
      const plan = featurePlan(user, now);
      const props: SwipeDeckProps = {
        myPhoto,
        initialCards,
        plan,
        swipesLeft: hasPremium(user, now) ? null : Math.max(0, FREE_DAILY_SWIPES - usage.swipes),
        openPlans: c.req.query("plans") === "1",
        openFilters: c.req.query("filters") === "1",
        likesCount,
        filters,
      };
      return render(c, { title: c.get("t")("discover.title"), entry: "discover", namespaces: ["discover", "plans", "safety", "options", "limits", "prompts"] }, <DiscoverPage props={props} />);
    })
    .get("/likes", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      const premium = hasPremium(user, now);
      const [count, people, myPhoto] = await Promise.all([countPendingLikes(deps.db, user.id), premium ? listPendingLikes(deps.db, user.id, c.get("lang")) : Promise.resolve(null), mainPhotoThumb(deps.db, user.id)]);
      const plan = featurePlan(user, now);
      return render(c, { title: c.get("t")("likes.title"), entry: "likes", namespaces: ["discover", "plans", "likes", "options"] }, <LikesPage props={{ count, people, plan, myPhoto }} />);
    });
}
