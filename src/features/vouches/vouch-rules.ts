/**
 * Who may vouch for whom (MATCHING.md 'Church vouching', docs/decisions/0134): the voucher has the
 * photo-verified badge, an account at least 30 days old, the same church as the member, fewer than
 * 5 vouches pending or accepted in the last 30 days, and is not banned or suspended. Each refusal
 * names its reason; the texts are the API's (English), translated on screen under messages.*.
 */
import { foldForSearch } from "../churches/church-directory";
import { DAY_MS, VOUCH_NOTE_MAX, VOUCHER_MIN_ACCOUNT_DAYS, VOUCHES_PER_WINDOW } from "./vouch-limits";

export * from "./vouch-limits";

export const VOUCH_MESSAGES = {
  self: "You cannot vouch for yourself",
  memberNotFound: "Member not found",
  vouchNotFound: "Vouch not found",
  already: "You have already vouched for this member",
  suspended: "You cannot vouch while your account is suspended",
  notVerified: "Only members with the photo-verified badge can vouch",
  tooNew: "Your account must be at least 30 days old to vouch",
  otherChurch: "You can only vouch for members of your own church",
  tooMany: "You can give at most 5 vouches in 30 days",
  notPending: "This vouch has already been decided",
  noteTooLong: `The note must be at most ${VOUCH_NOTE_MAX} characters`,
  accepted: "Vouch accepted",
  declined: "Vouch declined",
  removed: "Vouch removed",
} as const;

export type VouchRefusal = (typeof VOUCH_MESSAGES)[keyof typeof VOUCH_MESSAGES];

export interface ChurchOf {
  churchId: string | null;
  churchName: string;
}

/**
 * The church two members share, or null: the same directory church, or the same free text once
 * case, accents and punctuation are set aside ("GBI Bethany  Surabaya" = "gbi bethany surabaya").
 * What is kept on the vouch: the shared directory id (null when only the names match) and the
 * member's own text, which the vouch is shown with.
 */
export function sharedChurch(voucher: ChurchOf, member: ChurchOf): ChurchOf | null {
  const sameId = voucher.churchId !== null && voucher.churchId === member.churchId;
  const name = foldForSearch(member.churchName);
  const sameName = name !== "" && foldForSearch(voucher.churchName) === name;
  if (!sameId && !sameName) return null;
  return { churchId: sameId ? voucher.churchId : null, churchName: member.churchName };
}

/**
 * Whether a vouch, made for the church it names, still speaks for the member's church today: the
 * same directory church, or (a vouch made on the names alone) the same text. A member who moves to
 * another church keeps the vouches but they no longer show (docs/decisions/0134).
 */
export function vouchFitsChurch(vouch: ChurchOf, member: ChurchOf): boolean {
  if (vouch.churchId !== null) return vouch.churchId === member.churchId;
  const name = foldForSearch(vouch.churchName);
  return name !== "" && name === foldForSearch(member.churchName);
}

export interface VoucherFacts extends ChurchOf {
  photoVerifiedAt: Date | null;
  createdAt: Date;
  isBanned: boolean;
  suspendedUntil: Date | null;
  /** Vouches given in the window, pending or accepted. */
  recentVouches: number;
}

/** The first rule the voucher fails, in the order a person would fix them, or null. */
export function voucherRefusal(voucher: VoucherFacts, member: ChurchOf, now: Date): VouchRefusal | null {
  if (voucher.isBanned || (voucher.suspendedUntil !== null && voucher.suspendedUntil.getTime() > now.getTime())) return VOUCH_MESSAGES.suspended;
  if (voucher.photoVerifiedAt === null) return VOUCH_MESSAGES.notVerified;
  if (now.getTime() - voucher.createdAt.getTime() < VOUCHER_MIN_ACCOUNT_DAYS * DAY_MS) return VOUCH_MESSAGES.tooNew;
  if (sharedChurch(voucher, member) === null) return VOUCH_MESSAGES.otherChurch;
  if (voucher.recentVouches >= VOUCHES_PER_WINDOW) return VOUCH_MESSAGES.tooMany;
  return null;
}
