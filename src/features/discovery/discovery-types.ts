/** Shapes the Discover islands receive (no server imports: islands import this file). */
export interface DiscoveryCardJson {
  id: string;
  firstName: string;
  age: number;
  gender: "male" | "female";
  /** A family key (docs/decisions/0132), with its name in the viewer's language. */
  denomination: string;
  denominationName: string;
  /** The directory church, or null; churchName is the free text (a local congregation, may be ""). */
  church: { id: string; name: string; abbreviation?: string; family: string } | null;
  churchName: string;
  bio: string;
  /** Interest keys, their names in the viewer's language, and those the viewer has too. */
  interests: string[];
  interestNames: string[];
  sharedInterests: string[];
  occupation: string | null;
  education: string | null;
  jesusChristMeaning: string | null;
  faithDuration: string;
  relationshipGoals: string | null;
  ministryInvolvement: string | null;
  /** Answered prompts; the reader's screen shows each prompt in the reader's language. */
  prompts: { id: string; answer: string }[];
  photos: string[];
  distanceKm: number | null;
  /** The member hides their distance: the card shows no distance line at all. */
  distanceHidden: boolean;
  /** An admin approved the member's live selfie: the card shows the Verified badge. */
  verified: boolean;
  superLikedYou: boolean;
  /** The values match (MATCHING.md 'Values questions'): a whole percent, or null until both answered 10 questions in common. */
  matchPercent: number | null;
  /** Up to 3 agreeing questions then 1 differing, in the viewer's language; never the answers. */
  matchReasons: MatchReasonJson[];
  /**
   * Accepted church vouches for the member's church (MATCHING.md 'Church vouching'): "Vouched by
   * 2 members of GBI Bethany Surabaya"; null without any.
   */
  vouches: { count: number; church: string } | null;
}

/** A question both members made public, named as a reason for (agrees) or against the match. */
export interface MatchReasonJson {
  text: string;
  agrees: boolean;
}

export interface LikeEntryJson {
  id: string;
  firstName: string;
  age: number;
  denomination: string;
  /** The family's name in the request's language (docs/decisions/0132). */
  denominationName: string;
  churchName: string;
  photo: string | null;
  isSuperLike: boolean;
  likedAt: string;
}

export type PlanName = "free" | "premium" | "premium_plus";
