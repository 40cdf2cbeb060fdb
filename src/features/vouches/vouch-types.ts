/** Shapes the vouching islands receive (no server imports: islands import this file). */
export type VouchStatusName = "pending" | "accepted" | "declined";

/** One vouch as GET /api/vouches lists it: the contract's fields and, for the screens, the other person. */
export interface VouchJson {
  id: string;
  voucherId: string;
  userId: string;
  status: VouchStatusName;
  /** The church the vouch was made for, as a card reads it ("GBI Bethany Surabaya"). */
  church: string;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The other side: the voucher for a received vouch, the member for a given one. */
  person: { id: string; firstName: string; photo: string | null };
}
