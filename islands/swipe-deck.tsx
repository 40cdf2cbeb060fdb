import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { api, ApiError } from "./runtime/api";
import { useT } from "./runtime/i18n-context";
import { errorText, translateMessage } from "./runtime/messages";
import { toast, toastOnNextPage } from "./runtime/toast";
import { DISCOVERY_PAGE_SIZE, FREE_DAILY_SWIPES, SWIPE_GESTURE } from "../src/platform/constants";
import { LimitOffer } from "./components/limit-offer";
import type { DiscoveryCardJson, PlanName } from "../src/features/discovery/discovery-types";
import { BoltIcon, CloseIcon, RefreshIcon, StarIcon, UndoIcon } from "./components/discover-icons";
import { HeartIcon, SlidersIcon } from "./components/icons";
import { filtersActive, type DiscoveryFilters } from "../src/features/discovery/filter-state";
import { readMinMatch, saveMinMatch } from "./values/min-match";
import { MatchSummary } from "./components/match-summary";
import type { MatchedPerson } from "./components/match-dialog";
import { ProfileFacts } from "./components/profile-facts";
import { onDemand, whenIdle } from "./components/on-demand";
import { CardFace, SwipeCard, type SwipeDirection } from "./components/swipe-card";
import type { ChoosePlan } from "./plan-dialog";
import { AdSlot } from "./components/ad-slot-lazy";
import { adDue, useAdPlacement } from "./runtime/ads";

export interface SwipeDeckProps {
  /** First cards rendered by the server; null when the caller's profile is incomplete. */
  initialCards: DiscoveryCardJson[] | null;
  plan: PlanName;
  /** Swipes left today; null = unlimited (premium or admin). */
  swipesLeft: number | null;
  /** Open the plan dialog at once (/swipe?plans=1 from Go Premium). */
  openPlans: boolean;
  /** Open the filters at once (/swipe?filters=1 from Settings). */
  openFilters?: boolean;
  likesCount: number;
  /** The member's own main photo (thumbnail), beside the other person's in the match moment. */
  myPhoto: string | null;
  /** Discover filters (docs/decisions/0097); null while the profile is incomplete. */
  filters: DiscoveryFilters | null;
  /** When the member's running boost ends (ISO time); absent or null: none running. */
  boostedUntil?: string | null;
}

/** The features behind Premium Plus on the deck (decision 0064). */
type LockedFeature = "undo" | "superLike" | "boost";

/** Minutes and seconds left, "29:59". */
function remainingText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Re-renders every second while `until` is in the future; answers the time left in ms (0 when none). */
function useTimeLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    setNow(Date.now());
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Date.parse(until) - now);
}

/** Seams the page entry may fill (functions cannot travel in server-rendered props). */
export interface SwipeDeckSeams {
  /** Report / block actions for a card, shown in its info overlay; `onRemoved` moves the deck on. */
  safetySlot?: (card: DiscoveryCardJson, onRemoved: () => void) => ReactNode;
  /** Where a chosen plan goes; payments plug in here (docs/decisions/0063). */
  onChoosePlan?: ChoosePlan;
}

// The deck's dialogs come when first opened (and are fetched ahead once the page is idle): the
// first swipe does not wait for their code (bench/page).
const ProfileOverlay = onDemand(() => import("./components/profile-overlay").then((module) => module.ProfileOverlay));
const MatchDialog = onDemand(() => import("./components/match-dialog").then((module) => module.MatchDialog));
const FiltersSheet = onDemand(() => import("./components/filters-sheet").then((module) => module.FiltersSheet));
const PlanDialog = onDemand(() => import("./plan-dialog").then((module) => module.PlanDialog));

/** A desktop's width (the details panel beside the card); false on the server and until mounted. */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 64rem)");
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}

/** Fetch more when fewer than this many cards are left in hand. */
const REFILL_BELOW = 4;
/** Photos of this many cards after the top one are fetched ahead, so no card shows blank. */
const PRELOAD_AHEAD = 3;

type Status = "ready" | "loading" | "error";

export function SwipeDeck(props: SwipeDeckProps & SwipeDeckSeams) {
  const t = useT();
  const [cards, setCards] = useState<DiscoveryCardJson[]>(props.initialCards ?? []);
  const [status, setStatus] = useState<Status>(props.initialCards === null ? "loading" : "ready");
  const [loadError, setLoadError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(props.initialCards !== null && props.initialCards.length < DISCOVERY_PAGE_SIZE.default);
  const [swipesLeft, setSwipesLeft] = useState(props.swipesLeft);
  const [leaving, setLeaving] = useState<SwipeDirection | null>(null);
  const [busy, setBusy] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [plansOpen, setPlansOpen] = useState(false);
  // The locked feature that opened the plans, if one did: the dialog leads with why.
  const [unlocking, setUnlocking] = useState<LockedFeature | null>(null);
  const [boostedUntil, setBoostedUntil] = useState<string | null>(props.boostedUntil ?? null);
  const boostLeft = useTimeLeft(boostedUntil);
  const [matched, setMatched] = useState<MatchedPerson | null>(null);
  const [filters, setFilters] = useState(props.filters);
  const wide = useWideScreen();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Read after hydration: the server's first cards were ranked without it (docs/decisions/0133).
  const [minMatch, setMinMatch] = useState(0);
  const minMatchRef = useRef(0);
  minMatchRef.current = minMatch;
  const filtered = (filters !== null && filtersActive(filters)) || minMatch > 0;
  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  const fetching = useRef(false);
  // Ads (ADMIN.md "Ads", decision 0086): free members only (swipesLeft is null for Premium and
  // admins, whose placement lists would be empty anyway). An ad card comes up after every
  // `frequency` swipes; it is not a swipe and never reaches /api/swipe.
  const free = props.swipesLeft !== null;
  const deckAd = useAdPlacement("swipe_screen", free);
  const profileAd = useAdPlacement("profile_view", free);
  const [adShowing, setAdShowing] = useState(false);
  const [profileAdShown, setProfileAdShown] = useState(false);
  const swipesDone = useRef(0);
  const profilesViewed = useRef(0);

  const fetchMore = useCallback(
    async (replace: boolean) => {
      if (fetching.current) return;
      fetching.current = true;
      if (replace) setStatus("loading");
      try {
        const held = replace ? [] : cardsRef.current.map((card) => card.id);
        const query = new URLSearchParams({ limit: String(DISCOVERY_PAGE_SIZE.default) });
        if (held.length > 0) query.set("exclude", held.join(","));
        if (minMatchRef.current > 0) query.set("minMatch", String(minMatchRef.current));
        const next = await api<DiscoveryCardJson[]>("GET", `/api/discovery?${query}`);
        setCards((current) => {
          const base = replace ? [] : current;
          const known = new Set(base.map((card) => card.id));
          return [...base, ...next.filter((card) => !known.has(card.id))];
        });
        setExhausted(next.length < DISCOVERY_PAGE_SIZE.default);
        setStatus("ready");
      } catch (error) {
        // Spec point 8: a 400 means the profile is incomplete; the editor explains what is missing.
        if (error instanceof ApiError && error.status === 400) {
          toastOnNextPage({ title: t("discover.toasts.completeProfileTitle"), description: t("discover.toasts.completeProfileBody") });
          window.location.href = "/edit-profile";
          return;
        }
        setStatus("error");
        setLoadError(errorText(t, error));
        // With no card on screen the empty state says it; a failed refill behind a card is a toast.
        if (cardsRef.current.length > 0) toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
      } finally {
        fetching.current = false;
      }
    },
    [t],
  );

  useEffect(() => {
    whenIdle(() => {
      for (const dialog of [ProfileOverlay, MatchDialog, FiltersSheet, PlanDialog]) dialog.preload();
    });
    // A minimum match kept on this device: the server's first cards did not know it, so they are fetched again with it.
    const storedMinMatch = readMinMatch();
    minMatchRef.current = storedMinMatch;
    setMinMatch(storedMinMatch);
    if (props.initialCards === null || storedMinMatch > 0) void fetchMore(true);
    if (props.openPlans) setPlansOpen(true);
    if (props.openFilters) setFiltersOpen(true);
  }, []);

  // Keep a few cards in hand, and their photos in the browser cache before they are on top.
  useEffect(() => {
    if (status === "ready" && !exhausted && cards.length < REFILL_BELOW) void fetchMore(false);
    for (const card of cards.slice(1, 1 + PRELOAD_AHEAD)) {
      const url = card.photos[0];
      if (url) new Image().src = url;
    }
  }, [cards, status, exhausted, fetchMore]);


  const showPremiumRequired = (error: ApiError) => {
    toast({
      title: t("discover.toasts.premiumPlusTitle"),
      description: translateMessage(t, error.message),
      action: { label: t("discover.toasts.seePlans"), onClick: () => setPlansOpen(true) },
    });
  };

  const removeCard = (id: string) => setCards((current) => current.filter((card) => card.id !== id));

  /** One swipe: the card flies out, the server decides, and only then does the card leave the deck. */
  const swipe = async (direction: SwipeDirection, alreadyOut: boolean) => {
    // An ad card on top: the gesture, the buttons and the arrow keys put it away, nothing more.
    if (adShowing) {
      setAdShowing(false);
      return;
    }
    const card = cardsRef.current[0];
    // At the daily limit the deck shows the offer; gestures, buttons and keys wait for the reset.
    if (card === undefined || busy || swipesLeft === 0) return;
    setBusy(true);
    setLeaving(direction);
    if (!alreadyOut) await new Promise((resolve) => window.setTimeout(resolve, SWIPE_GESTURE.callbackMs));
    try {
      const result = await api<{ isMatch: boolean; matchId?: string }>("POST", "/api/swipe", { swipedId: card.id, isLike: direction !== "left", ...(direction === "up" ? { isSuperLike: true } : {}) });
      removeCard(card.id);
      setSwipesLeft((left) => (left === null ? null : Math.max(0, left - 1)));
      swipesDone.current += 1;
      if (deckAd !== null && adDue(swipesDone.current, deckAd.frequency)) setAdShowing(true);
      if (result.isMatch) setMatched({ firstName: card.firstName, photo: card.photos[0] ?? null, matchId: result.matchId, matchPercent: card.matchPercent, matchReasons: card.matchReasons });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
      } else if (error.status === 429) {
        // The limit card takes the deck's place (swipesLeft 0).
        setSwipesLeft(0);
      } else if (error.status === 403) {
        showPremiumRequired(error);
      } else {
        toast({ title: t("toast.error"), description: translateMessage(t, error.message), variant: "destructive" });
        // Already swiped elsewhere, or the person is gone: this card cannot be answered any more.
        if (error.status === 400 || error.status === 404) removeCard(card.id);
      }
    } finally {
      setLeaving(null);
      setBusy(false);
    }
  };

  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await api<{ swipedId: string; card: DiscoveryCardJson | null }>("POST", "/api/swipe/undo");
      if (result.card !== null) setCards((current) => [result.card!, ...current.filter((card) => card.id !== result.card!.id)]);
      toast({ title: t("discover.toasts.undone") });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) showPremiumRequired(error);
      else toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const boost = async () => {
    try {
      const result = await api<{ boostedUntil: string }>("POST", "/api/boost");
      setBoostedUntil(result.boostedUntil);
      toast({ title: t("discover.toasts.boostedTitle"), description: t("discover.toasts.boostedBody"), variant: "success" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) showPremiumRequired(error);
      else toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
    }
  };

  // Keyboard: ArrowLeft pass, ArrowRight like, ArrowUp super like (not while typing or in a dialog).
  const swipeRef = useRef(swipe);
  swipeRef.current = swipe;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.closest("input, textarea, select, [contenteditable]") || target.closest("dialog"))) return;
      if (document.querySelector("dialog[open]")) return;
      const direction = event.key === "ArrowLeft" ? "left" : event.key === "ArrowRight" ? "right" : event.key === "ArrowUp" ? "up" : null;
      if (direction === null) return;
      event.preventDefault();
      void swipeRef.current(direction, false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const openOverlay = () => {
    profilesViewed.current += 1;
    setProfileAdShown(profileAd !== null && adDue(profilesViewed.current, profileAd.frequency));
    setOverlayOpen(true);
  };

  const top = cards[0];
  const previews = cards.slice(1, 1 + SWIPE_GESTURE.previewCards);
  // Undo, super like and boost are Premium Plus (decision 0064): Premium Monthly sees them locked too.
  const premiumLocked = props.plan !== "premium_plus";
  // A locked button is not dead: it opens the plans at Premium Plus, saying what it unlocks (docs/decisions/0138).
  const showUnlock = (feature: LockedFeature) => {
    setUnlocking(feature);
    setPlansOpen(true);
  };
  const lockedTitle = (feature: LockedFeature) => (premiumLocked ? t("discover.locked.title", { feature: t(`discover.actions.${feature}`) }) : t(`discover.actions.${feature}`));

  return (
    <div className="discover">
      <header className="discover-header">
        <div className="discover-plan">
          <span className={`badge discover-plan-badge discover-plan-${props.plan}`}>{t(`plans.names.${props.plan}`)}</span>
          <span className="discover-swipes" aria-live="polite">
            {swipesLeft === null ? t("discover.header.unlimited") : t("discover.header.swipesLeft", { count: swipesLeft })}
          </span>
        </div>
        <div className="discover-header-links">
          {filters === null ? null : (
            <button type="button" className="button button-ghost button-small discover-filters-button" onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
              <SlidersIcon size={16} /> {t("discover.filters.button")}
              {filtered ? <span className="discover-filter-dot" role="img" aria-label={t("discover.filters.on")} /> : null}
            </button>
          )}
          <a className="button button-ghost button-small" href="/likes">
            <HeartIcon size={16} /> {t("discover.header.likes")}
            {props.likesCount > 0 ? <span className="discover-count">{props.likesCount}</span> : null}
          </a>
          {props.plan === "free" ? (
            <button type="button" className="button button-outline button-small" onClick={() => setPlansOpen(true)}>
              {t("discover.header.upgrade")}
            </button>
          ) : null}
        </div>
      </header>

      <div className="discover-body">
      <div className="discover-main">
      <div className="discover-stage">
        {swipesLeft === 0 ? (
          // The daily limit is an offer with a countdown, not an error: no drag, no red toast.
          <div className="swipe-stack swipe-stack-limit">
            <LimitOffer
              kind="swipes"
              onSeePlans={() => setPlansOpen(true)}
              onReset={() => {
                setSwipesLeft(FREE_DAILY_SWIPES);
                void fetchMore(true);
              }}
            />
          </div>
        ) : adShowing && deckAd !== null ? (
          <div className="swipe-stack">
            {cards
              .slice(0, SWIPE_GESTURE.previewCards)
              .map((card, index) => (
                <div key={card.id} className={`swipe-card swipe-card-preview swipe-card-preview-${index + 1}`} aria-hidden="true">
                  <CardFace card={card} interactive={false} />
                </div>
              ))
              .reverse()}
            <AdSlot placement={deckAd} location="swipe_screen" onUpgrade={() => setPlansOpen(true)} onDismiss={() => setAdShowing(false)} />
          </div>
        ) : status === "loading" && top === undefined ? (
          <div className="discover-empty" role="status">
            <span className="spinner" aria-hidden="true" />
            <p>{t("discover.loading")}</p>
          </div>
        ) : top === undefined ? (
          <div className="discover-empty">
            <h2>{status === "error" ? t("discover.errorTitle") : filtered ? t("discover.filters.emptyTitle") : t("discover.empty.title")}</h2>
            <p className="muted">{status === "error" ? (loadError ?? t("discover.errorBody")) : filtered ? t("discover.filters.emptyBody") : t("discover.empty.body")}</p>
            <div className="discover-empty-actions">
              {filtered && status !== "error" ? (
                <button type="button" className="button button-outline" onClick={() => setFiltersOpen(true)}>
                  <SlidersIcon size={18} /> {t("discover.filters.change")}
                </button>
              ) : null}
              <button type="button" className="button button-primary" onClick={() => void fetchMore(true)}>
                <RefreshIcon size={18} /> {t("discover.empty.refresh")}
              </button>
            </div>
          </div>
        ) : (
          <div className="swipe-stack">
            {previews
              .map((card, index) => (
                <div key={card.id} className={`swipe-card swipe-card-preview swipe-card-preview-${index + 1}`} aria-hidden="true">
                  <CardFace card={card} interactive={false} />
                </div>
              ))
              .reverse()}
            <SwipeCard key={top.id} card={top} leaving={leaving} onSwipe={(direction) => void swipe(direction, true)} onInfo={openOverlay} onLockedSuperLike={premiumLocked && !adShowing ? () => showUnlock("superLike") : undefined} />
          </div>
        )}
      </div>

      <div className={`discover-actions${swipesLeft === 0 ? " is-paused" : ""}`} role="group" aria-label={t("discover.actions.label")}>
        <button type="button" className={`discover-action discover-action-small ${premiumLocked ? "is-locked" : ""}`} onClick={() => (premiumLocked ? showUnlock("undo") : void undo())} aria-label={lockedTitle("undo")} title={lockedTitle("undo")}>
          <UndoIcon size={20} />
        </button>
        <button type="button" className="discover-action discover-action-pass" disabled={top === undefined || busy} onClick={() => void swipe("left", false)} aria-label={t("discover.actions.pass")} title={`${t("discover.actions.pass")} (←)`}>
          <CloseIcon size={28} />
        </button>
        <button
          type="button"
          className={`discover-action discover-action-small discover-action-super ${premiumLocked ? "is-locked" : ""}`}
          disabled={!premiumLocked && (top === undefined || busy)}
          onClick={() => (premiumLocked ? showUnlock("superLike") : void swipe("up", false))}
          aria-label={lockedTitle("superLike")}
          title={premiumLocked ? lockedTitle("superLike") : `${t("discover.actions.superLike")} (↑)`}
        >
          <StarIcon size={20} />
        </button>
        <button type="button" className="discover-action discover-action-like" disabled={top === undefined || busy} onClick={() => void swipe("right", false)} aria-label={t("discover.actions.like")} title={`${t("discover.actions.like")} (→)`}>
          <HeartIcon size={28} />
        </button>
        <button
          type="button"
          className={`discover-action discover-action-small discover-action-boost ${premiumLocked ? "is-locked" : ""} ${boostLeft > 0 ? "is-boosting" : ""}`}
          onClick={() => (premiumLocked ? showUnlock("boost") : boostLeft > 0 ? undefined : void boost())}
          aria-label={boostLeft > 0 ? t("discover.boost.running", { time: remainingText(boostLeft) }) : lockedTitle("boost")}
          title={boostLeft > 0 ? t("discover.boost.running", { time: remainingText(boostLeft) }) : lockedTitle("boost")}
          data-testid="boost-button"
        >
          <BoltIcon size={20} />
          {boostLeft > 0 ? (
            // The boost's time left on the button itself (docs/decisions/0138).
            <span className="discover-boost-time" aria-hidden="true">
              {remainingText(boostLeft)}
            </span>
          ) : null}
        </button>
      </div>
      <p className="discover-keys muted">{t("discover.keysHint")}</p>
      </div>
      {/* A desktop has the room: what the person shares stays beside their card. Not rendered on a phone at all (less to parse and hydrate there). */}
      {wide && top !== undefined && swipesLeft !== 0 && !(adShowing && deckAd !== null) ? (
        <aside className="discover-details" aria-labelledby="discover-details-title" data-testid="discover-details">
          <h2 id="discover-details-title">{t("discover.overlay.title", { name: top.firstName })}</h2>
          <MatchSummary percent={top.matchPercent} reasons={top.matchReasons} />
          <ProfileFacts card={top} />
        </aside>
      ) : null}
      </div>

      {top !== undefined && overlayOpen ? (
        <ProfileOverlay
          card={top}
          open={overlayOpen}
          onClose={() => setOverlayOpen(false)}
          // Answering from the sheet closes it and swipes as the buttons do.
          onAnswer={
            swipesLeft === 0 || adShowing
              ? undefined
              : (isLike) => {
                  setOverlayOpen(false);
                  void swipe(isLike ? "right" : "left", false);
                }
          }
          ad={
            profileAdShown && profileAd !== null ? (
              <AdSlot
                placement={profileAd}
                location="profile_view"
                onUpgrade={() => {
                  setOverlayOpen(false);
                  setPlansOpen(true);
                }}
              />
            ) : undefined
          }
          safety={props.safetySlot?.(top, () => {
            setOverlayOpen(false);
            removeCard(top.id);
          })}
        />
      ) : null}
      {matched === null ? null : <MatchDialog person={matched} myPhoto={props.myPhoto} onClose={() => setMatched(null)} />}
      {filters === null || !filtersOpen ? null : (
        <FiltersSheet
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          filters={filters}
          minMatch={minMatch}
          onSaved={(saved, chosenMinMatch) => {
            setFilters(saved);
            saveMinMatch(chosenMinMatch);
            minMatchRef.current = chosenMinMatch;
            setMinMatch(chosenMinMatch);
            setFiltersOpen(false);
            // The server applies the filters: the deck in hand is replaced by its new answer.
            void fetchMore(true);
          }}
        />
      )}
      {plansOpen ? (
        <PlanDialog
          open
          onClose={() => {
            setPlansOpen(false);
            setUnlocking(null);
          }}
          onChoosePlan={props.onChoosePlan}
          currentPlan={props.plan}
          unlock={unlocking === null ? undefined : { plan: "premium_plus", reason: t(`discover.locked.${unlocking}`) }}
        />
      ) : null}
    </div>
  );
}
