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
import { boostEndsFor } from "./swipe.service";
import { countPendingLikes, listPendingLikes, loadViewer, pendingLikePhotoFiles, suggestFor, touchActivity } from "./discovery.service";
import { blurredFace, blurredFaceUrl } from "./blurred-faces";
import { LOCKED_LIKE_FACES } from "../../platform/constants";
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
      const [initialCards, usage, likesCount, myPhoto, filters, boostEnds] = await Promise.all([
        viewer === null ? Promise.resolve(null) : suggestFor(deps.db, viewer, now, DISCOVERY_PAGE_SIZE.default, [], { likesFirst: hasPremium(user, now), lang: c.get("lang") }),
        usageToday(deps.db, deps.clock, user.id),
        countPendingLikes(deps.db, user.id),
        mainPhotoThumb(deps.db, user.id),
        filtersOf(deps.db, user.id),
        boostEndsFor(deps.db, user.id, now),
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
        boostedUntil: boostEnds?.toISOString() ?? null,
      };
      return render(c, { title: c.get("t")("discover.title"), entry: "discover", namespaces: ["discover", "plans", "safety", "options", "limits", "prompts"] }, <DiscoverPage props={props} />);
    })
    .get("/likes", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      const premium = hasPremium(user, now);
      const [count, people, myPhoto, files] = await Promise.all([
        countPendingLikes(deps.db, user.id),
        premium ? listPendingLikes(deps.db, user.id, c.get("lang")) : Promise.resolve(null),
        mainPhotoThumb(deps.db, user.id),
        premium ? Promise.resolve([]) : pendingLikePhotoFiles(deps.db, user.id),
      ]);
      const plan = featurePlan(user, now);
      // A free member gets positions, never the photos' names (docs/decisions/0138).
      const blurredFaces = premium ? undefined : files.slice(0, LOCKED_LIKE_FACES).map((file, index) => (file === null ? null : blurredFaceUrl(index)));
      return render(c, { title: c.get("t")("likes.title"), entry: "likes", namespaces: ["discover", "plans", "likes", "options"] }, <LikesPage props={{ count, people, plan, myPhoto, blurredFaces }} />);
    })
    // The n-th pending like's face, blurred on the server: whoever asks sees only their own likes, and only this image.
    .get("/likes/faces/:index{[0-9]+}", async (c) => {
      const user = c.get("user");
      if (user === null) return c.json({ message: "Unauthorized" }, 401);
      const index = Number(c.req.param("index"));
      const files = index < LOCKED_LIKE_FACES ? await pendingLikePhotoFiles(deps.db, user.id) : [];
      const file = files[index] ?? null;
      if (file === null) return c.json({ message: "Not found" }, 404);
      const image = await blurredFace(deps.config.dataDir, file);
      c.header("Content-Type", "image/webp");
      c.header("X-Content-Type-Options", "nosniff");
      // The n-th like changes as likes come and go: asked again each time.
      c.header("Cache-Control", "private, no-cache");
      return c.body(image as unknown as ArrayBuffer);
    });
}
