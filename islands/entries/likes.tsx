import { hydrateIslands } from "../runtime/hydrate";
import { WhoLikedYou } from "../who-liked-you";

hydrateIslands({ "who-liked-you": WhoLikedYou });
