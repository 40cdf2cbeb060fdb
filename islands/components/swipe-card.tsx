import { useEffect, useRef, useState, type PointerEvent } from "react";
import { VerifiedBadge } from "./verified-badge";
import { MatchBadge } from "./match-summary";
import { useT } from "../runtime/i18n-context";
import { SWIPE_GESTURE } from "../../src/platform/constants";
import type { DiscoveryCardJson } from "../../src/features/discovery/discovery-types";
import { ChurchIcon, InfoIcon, PinIcon, StarIcon } from "./discover-icons";
import { optionText } from "./option-text";
import { InterestChips } from "./interest-chips";
import { churchLabel } from "../../src/features/churches/church-label";
import { VouchBadge } from "../vouches/vouch-badge";

export type SwipeDirection = "left" | "right" | "up";

/** Initials when a card has no photo (spec point 2: photo or initials). */
export function initialsOf(name: string): string {
  return name.trim().slice(0, 1).toUpperCase() || "?";
}

/** Distance line: rounded km, or the specification's fixed text when a city is unknown (docs/decisions/0061). */
export function useDistanceText() {
  const t = useT();
  return (km: number | null) => (km === null ? t("discover.card.distanceUnknown") : t("discover.card.distance", { km }));
}

const BIO_EXCERPT_CHARS = 110;

function excerpt(text: string): string {
  if (text.length <= BIO_EXCERPT_CHARS) return text;
  return `${text.slice(0, BIO_EXCERPT_CHARS).replace(/\s+\S*$/, "")}…`;
}

/** The face of a card; also used (without gestures) for the two previews behind the top card. */
export function CardFace({ card, onInfo, interactive, photoIndex = 0 }: { card: DiscoveryCardJson; onInfo?: () => void; interactive: boolean; photoIndex?: number }) {
  const t = useT();
  const distanceText = useDistanceText();
  const photo = card.photos[photoIndex] ?? card.photos[0];
  return (
    <>
      <div className="swipe-card-media">
        {interactive && card.photos.length > 1 ? (
          // One segment per photo, the current one lit (tap the left or right half to move).
          <div className="photo-segments" role="status" aria-label={t("discover.card.photoOf", { number: photoIndex + 1, total: card.photos.length })} data-testid="photo-segments">
            {card.photos.map((url, index) => (
              <span key={url} className={index === photoIndex ? "is-current" : undefined} />
            ))}
          </div>
        ) : null}
        {photo ? (
          // Only the top card's photo is wanted at once; the previews behind it wait their turn, so
          // on a slow network they do not compete with the stylesheet and the scripts.
          <img src={photo} alt="" draggable={false} decoding="async" fetchPriority={interactive ? "high" : "low"} loading={interactive ? undefined : "lazy"} />
        ) : (
          <span className="swipe-card-initials">{initialsOf(card.firstName)}</span>
        )}
      </div>
      {card.superLikedYou ? (
        <span className="swipe-card-superlike">
          <StarIcon size={14} /> {t("discover.card.superLikedYou")}
        </span>
      ) : null}
      <div className="swipe-card-body">
        <div className="swipe-card-title">
          <h2>
            {card.firstName}, <span className="swipe-card-age">{card.age || 25}</span>
          </h2>
          {card.verified ? <VerifiedBadge /> : null}
          <MatchBadge percent={card.matchPercent} />
          {interactive && onInfo ? (
            <button type="button" className="swipe-card-info" onClick={onInfo} aria-label={t("discover.card.moreAbout", { name: card.firstName })}>
              <InfoIcon size={22} />
            </button>
          ) : null}
        </div>
        <p className="swipe-card-meta">
          {card.distanceHidden ? null : (
            <>
              <PinIcon size={14} /> {distanceText(card.distanceKm)}
              <span aria-hidden="true"> · </span>
            </>
          )}
          {card.denomination ? optionText(t, "denomination", card.denomination) : t("discover.card.defaultDenomination")}
        </p>
        {card.matchReasons?.some((reason) => reason.agrees) ? (
          // The question they agree on most; the info sheet names all of them (docs/decisions/0133).
          <p className="swipe-card-agree">
            <span className="visually-hidden">{t("match.values.agreeOn")}: </span>
            {card.matchReasons.find((reason) => reason.agrees)!.text}
          </p>
        ) : null}
        {card.bio ? <p className="swipe-card-bio">{excerpt(card.bio)}</p> : null}
        {card.church || card.churchName ? (
          <p className="swipe-card-church">
            <ChurchIcon size={14} /> {churchLabel(card.church ?? null, card.churchName)}
          </p>
        ) : null}
        <VouchBadge vouches={card.vouches} />
        <InterestChips keys={card.interests} names={card.interestNames} shared={card.sharedInterests} max={3} />
      </div>
    </>
  );
}

/** Movement under which a press is a tap (flip the photo), not a drag. */
const TAP_SLOP_PX = 8;

/**
 * The top card with the gesture of spec point 9: past 60 px it flies out and the swipe is
 * reported 150 ms later (up is a super like); it turns 0.1° per px and fades, but never below 0.5 opacity.
 * Pointer events cover mouse, touch and pen alike.
 */
export function SwipeCard({
  card,
  onSwipe,
  onInfo,
  leaving,
  onLockedSuperLike,
}: {
  card: DiscoveryCardJson;
  onSwipe: (direction: SwipeDirection) => void;
  onInfo: () => void;
  leaving: SwipeDirection | null;
  /** Set when super like is locked: a drag up calls it instead of swiping. */
  onLockedSuperLike?: () => void;
}) {
  const t = useT();
  const start = useRef<{ x: number; y: number; id: number; onPhoto: boolean } | null>(null);
  const [drag, setDrag] = useState({ x: 0, y: 0 });
  const [flying, setFlying] = useState<SwipeDirection | null>(null);
  const [photoIndex, setPhotoIndex] = useState(0);
  const out = flying ?? leaving;
  const photoCount = card.photos.length;
  const flip = (step: 1 | -1) => setPhotoIndex((index) => (photoCount < 2 ? 0 : (index + step + photoCount) % photoCount));

  // The next photo is fetched ahead, so a tap never shows a blank.
  useEffect(() => {
    const next = card.photos[photoIndex + 1];
    if (next) new Image().src = next;
  }, [card.photos, photoIndex]);

  // Space moves through the photos (arrows swipe: islands/swipe-deck.tsx); not while typing or in a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== " ") return;
      const target = event.target as HTMLElement | null;
      if (target && (target.closest("input, textarea, select, button, a, [contenteditable]") || target.closest("dialog"))) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      flip(1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [photoCount]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (out !== null || (event.target as HTMLElement).closest("button")) return;
    // Read now: once the pointer is captured, the release's target is the card itself.
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId, onPhoto: (event.target as HTMLElement).closest(".swipe-card-media") !== null };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null || start.current.id !== event.pointerId) return;
    setDrag({ x: event.clientX - start.current.x, y: event.clientY - start.current.y });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null || start.current.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    const onPhoto = start.current.onPhoto;
    start.current = null;
    if (Math.abs(dx) < TAP_SLOP_PX && Math.abs(dy) < TAP_SLOP_PX && onPhoto) {
      // A tap on the photo: the left half goes back, the right half forward.
      const box = event.currentTarget.getBoundingClientRect();
      flip(event.clientX < box.left + box.width / 2 ? -1 : 1);
      setDrag({ x: 0, y: 0 });
      return;
    }
    // Up past the threshold, and more up than sideways, is a super like (the keys hint says so).
    const upward = -dy > SWIPE_GESTURE.thresholdPx && -dy > Math.abs(dx);
    if (upward || Math.abs(dx) > SWIPE_GESTURE.thresholdPx) {
      const direction: SwipeDirection = upward ? "up" : dx > 0 ? "right" : "left";
      // A locked super like opens the plans instead; the card comes back (docs/decisions/0138).
      if (direction === "up" && onLockedSuperLike) {
        setDrag({ x: 0, y: 0 });
        onLockedSuperLike();
        return;
      }
      setFlying(direction);
      window.setTimeout(() => {
        onSwipe(direction);
        setFlying(null);
        setDrag({ x: 0, y: 0 });
      }, SWIPE_GESTURE.callbackMs);
    } else {
      setDrag({ x: 0, y: 0 });
    }
  };

  let x = drag.x;
  let y = drag.y;
  if (out === "right") x = Math.max(x, 0) + 600;
  if (out === "left") x = Math.min(x, 0) - 600;
  if (out === "up") y = -800;
  const rotation = x * SWIPE_GESTURE.rotationDegPerPx;
  const opacity = Math.max(SWIPE_GESTURE.minOpacity, 1 - Math.abs(x) / 400);
  const dragging = start.current !== null;
  const upHint = out === "up" || (out === null && -y > SWIPE_GESTURE.thresholdPx && -y > Math.abs(x));
  const hint = upHint ? "super" : x > SWIPE_GESTURE.thresholdPx ? "like" : x < -SWIPE_GESTURE.thresholdPx ? "pass" : null;

  return (
    <div
      className={`swipe-card swipe-card-top ${dragging ? "is-dragging" : ""} ${out !== null || x !== 0 || y !== 0 ? "is-moving" : ""}`}
      data-card-id={card.id}
      style={{ transform: `translate(${x}px, ${y}px) rotate(${rotation}deg)`, opacity, transition: dragging ? "none" : `transform ${SWIPE_GESTURE.callbackMs + 100}ms ease-out, opacity ${SWIPE_GESTURE.callbackMs + 100}ms ease-out` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setDrag({ x: 0, y: 0 });
      }}
      aria-label={t("discover.card.label", { name: card.firstName, age: card.age || 25 })}
      role="group"
    >
      {hint === "like" ? <span className="swipe-stamp swipe-stamp-like">{t("discover.actions.like")}</span> : null}
      {hint === "pass" ? <span className="swipe-stamp swipe-stamp-pass">{t("discover.actions.pass")}</span> : null}
      {hint === "super" ? <span className="swipe-stamp swipe-stamp-super">{t("discover.actions.superLike")}</span> : null}
      <CardFace card={card} onInfo={onInfo} interactive photoIndex={photoIndex} />
    </div>
  );
}
