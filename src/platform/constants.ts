/** Business constants from the specification (point 9), named once. */
export const FREE_DAILY_SWIPES = 25;
export const FREE_DAILY_CHATS = 25;
export const MAX_PROFILE_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const SEARCH_DISTANCE_KM = { min: 5, max: 200, step: 5, default: 50 } as const;
export const ADMIN_PAGE_SIZE = 10;
export const APP_VERSION = "v1.0.0";

/** How long a copy button reads "Copied" (spec point 9: about 2 seconds). */
export const COPY_CONFIRMATION_MS = 2000;
/** The second provider's app icon must be this many pixels square (spec point 9). */
export const FACEBOOK_APP_ICON_PX = 1024;
/** The Android signing keystore is valid until this year (spec point 9). */
export const ANDROID_KEYSTORE_VALID_UNTIL_YEAR = 2050;

export const PLAN_PRICES_IDR = { premium: 49_000, premium_plus: 99_000 } as const;
/** What each plan gives (spec point 9), as keys of plans.features; the plan dialog and the admin Overview list them. */
export const PLAN_FEATURES: Record<keyof typeof PLAN_PRICES_IDR, string[]> = {
  premium: ["unlimitedSwipes", "unlimitedChats", "whoLikedYou"],
  premium_plus: ["everythingInPremium", "undoSuperLikeBoost", "calls", "prioritySupport"],
};

/** Passwords: at least 8 (the spec's 6 only applies to resets; see docs/decisions/0003). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Photo files: pixel bounds checked from the image headers before anything is stored. */
export const MAX_PHOTO_SIDE_PX = 8000;
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Stored photos fit this box (a card at 3x on a phone); the original is never kept (docs/decisions/0092). */
export const PHOTO_FULL_BOX_PX = { width: 1280, height: 1600 } as const;
/** Width of the thumbnail served to lists (avatars, who liked you). */
export const PHOTO_THUMB_WIDTH_PX = 360;
/** Profile picture (spec point 9): centred square, JPEG quality 0.8. */
export const PROFILE_PICTURE_JPEG_QUALITY = 0.8;
/** Redirect after 'Profile Created!' (spec point 9: 1 second). */
export const PROFILE_CREATED_REDIRECT_MS = 1000;
/** Location line of the profile page when the user gave no city (spec point 2). */
export const DEFAULT_LOCATION_TEXT = "Jakarta, Indonesia";

/** Chat (spec points 5 and 9; docs/decisions/0070). */
export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGE_PAGE_SIZE = 50;
/** Realtime /ws (docs/decisions/0071): frame size, per-socket rate, reconnects (spec point 4). */
export const WS_MAX_FRAME_BYTES = 64 * 1024;
export const WS_FRAMES_PER_SECOND = 30;
/** Open sockets one member may hold on an instance (tabs and devices); more are refused. */
export const WS_MAX_SOCKETS_PER_MEMBER = 10;
/** Messages one member may send in a minute, over HTTP and the socket together. */
export const MESSAGES_PER_MINUTE = 60;
export const WS_RECONNECT_ATTEMPTS = 3;
export const WS_RECONNECT_BASE_DELAY_MS = 2000;
/** Calls: an unanswered call rings 30 s, then it is missed; the incoming-call screen shows as long (docs/decisions/0137). */
export const CALL_RING_TIMEOUT_MS = 30_000;
/** Reports a member may file in a day (docs/decisions/0073). */
export const MAX_REPORTS_PER_DAY = 20;

/** Password reset (SECURITY.md): a link lives one hour; at most 3 reset mails per account per hour. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;
/** Hosted identity: an ID token is accepted only this soon after the person signed in (docs/decisions/0032). */
export const FIREBASE_MAX_AUTH_AGE_SECONDS = 5 * 60;
/** Server-side OAuth: how long the state / PKCE cookies live while the person is at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** Discover (spec point 9; docs/decisions/0060–0062). */
export const BOOST_DURATION_MS = 30 * 60_000;
export const DISCOVERY_PAGE_SIZE = { default: 10, max: 20 } as const;
/** At most this many ids the client already holds may be sent back to be left out. */
export const DISCOVERY_MAX_EXCLUDE = 100;
/**
 * A person reported by this many members who count (a profile, a proven email, a day-old account,
 * a swipe or match with them), from as many addresses, leaves every deck until an admin looks
 * (SECURITY.md 'Privacy and abuse'; src/features/safety/report-standing.ts, docs/decisions/0129).
 */
export const REPORTERS_TO_HIDE = 3;
/** Candidates each bounded read of the discovery pool contributes before ranking (docs/decisions/0060). */
export const DISCOVERY_POOL_SIZE = 60;
/** How many of the most recently active members the "active" read of the pool looks at. */
export const DISCOVERY_ACTIVE_WINDOW = 400;
/** The swipe gesture (spec point 9). */
/** How many blurred faces a free member sees on Who liked you (docs/decisions/0138). */
export const LOCKED_LIKE_FACES = 6;

export const SWIPE_GESTURE = { thresholdPx: 60, callbackMs: 150, rotationDegPerPx: 0.1, minOpacity: 0.5, previewCards: 2 } as const;

/**
 * Ad revenue per recorded event, in micro-dollars. Real revenue can only come from the Android
 * wrapper (AdMob's paid-event callback); one impression earns a fraction of a cent, so ten cents
 * per event is generous, and a tampered client cannot inflate the summary by much
 * (docs/decisions/0086-ad-slots-and-revenue.md).
 */
export const MAX_EVENT_REVENUE_MICROS = 100_000;

/** Payments (PAYMENTS.md; docs/decisions/0088-payments-and-money-invariants.md). */
export const PAYMENT_PERIOD_MS = 30 * 24 * 60 * 60_000;
/**
 * How long a pending payment may be paid: 24 hours; QRIS and an e-wallet's app link 30 minutes
 * (paid within minutes on the phone in hand; docs/decisions/0126). A gateway's shorter expiry wins.
 */
export const PAYMENT_TTL_MS = { default: 24 * 60 * 60_000, qris: 30 * 60_000, ewallet: 30 * 60_000 } as const;
/**
 * A pending payment is marked expired only this long after its expiry, so a notification for a
 * payment made in its last second, delivered late, still finds it pending.
 */
export const PAYMENT_EXPIRY_GRACE_MS = 15 * 60_000;
/** Each call to a gateway gives up after this long: the member hears 'Payment Failed' within 10 s. */
export const GATEWAY_TIMEOUT_MS = 8_000;
/** Payments a member may start in an hour (each one is a charge at the gateway). */
export const PAYMENT_CREATIONS_PER_HOUR = 20;
/** After 'Payment Successful!' the page reloads by itself (spec point 9). */
export const PAYMENT_RELOAD_MS = 2000;
/** How often the payment dialog asks for the payment's status, besides the live connection. */
export const PAYMENT_POLL_MS = 3000;
/**
 * The API's flood guard per client address (docs/decisions/0100-operations.md): a bucket of
 * API_BURST_FACTOR × the rate, refilled at API_RATE_PER_ADDRESS a second (API_RATE_PER_ADDRESS in
 * the environment changes it). Generous, because many Indonesian mobile members share one carrier
 * address (CGNAT): a member's page makes a handful of calls per navigation, while a flood makes
 * hundreds a second.
 */
export const API_RATE_PER_ADDRESS = 50;
export const API_BURST_FACTOR = 4;
