/** Church vouching's numbers (MATCHING.md 'Church vouching', docs/decisions/0134). No imports: islands use them. */
export const VOUCHER_MIN_ACCOUNT_DAYS = 30;
export const VOUCHES_PER_WINDOW = 5;
export const VOUCH_WINDOW_DAYS = 30;
export const VOUCH_NOTE_MAX = 500;
/** A shared link opens the vouch form for this long. */
export const VOUCH_LINK_DAYS = 30;
/** Live links a member keeps at once (each POST makes a new one; the oldest go). */
export const VOUCH_LINKS_KEPT = 5;

export const DAY_MS = 24 * 60 * 60_000;
