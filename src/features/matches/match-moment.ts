import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { mainPhotoThumb } from "../profile/profile-json";

/** What the recipient's match moment shows: the person who completed the match, and their own photo. */
export async function matchMomentFor(db: Database, swiperId: string, recipientId: string) {
  const [[swiper], swiperPhoto, myPhoto] = await Promise.all([
    db.select({ firstName: users.firstName }).from(users).where(eq(users.id, swiperId)).limit(1),
    mainPhotoThumb(db, swiperId),
    mainPhotoThumb(db, recipientId),
  ]);
  if (swiper === undefined) return null;
  return { other: { id: swiperId, firstName: swiper.firstName, photo: swiperPhoto }, myPhoto };
}
