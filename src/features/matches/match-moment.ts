import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { mainPhotoThumb } from "../profile/profile-json";
import { matchesWith, NO_MATCH } from "../questions/answers-store";
import { isLang } from "../../i18n";

/**
 * What the recipient's match moment shows: the person who completed the match, their own photo,
 * and the values match with its reasons in the recipient's language (docs/decisions/0133).
 */
export async function matchMomentFor(db: Database, swiperId: string, recipientId: string, now = new Date()) {
  const [[swiper], [recipient], swiperPhoto, myPhoto] = await Promise.all([
    db.select({ firstName: users.firstName }).from(users).where(eq(users.id, swiperId)).limit(1),
    db.select({ language: users.language }).from(users).where(eq(users.id, recipientId)).limit(1),
    mainPhotoThumb(db, swiperId),
    mainPhotoThumb(db, recipientId),
  ]);
  if (swiper === undefined) return null;
  const lang = isLang(recipient?.language) ? recipient.language : "en";
  const match = (await matchesWith(db, recipientId, [swiperId], lang, now.getTime())).get(swiperId) ?? NO_MATCH;
  return {
    other: { id: swiperId, firstName: swiper.firstName, photo: swiperPhoto, matchPercent: match.matchPercent, matchReasons: match.matchReasons.map(({ text, agrees }) => ({ text, agrees })) },
    myPhoto,
  };
}
