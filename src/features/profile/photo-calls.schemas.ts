import * as z from "zod";
import { MAX_PROFILE_PHOTOS } from "../../platform/constants";

/** PUT /api/profile/photos: the full ordered list of the caller's photo ids (or URLs). Server only (full zod). */
export const reorderSchema = z.object({ photos: z.array(z.string().max(200)).max(MAX_PROFILE_PHOTOS) });

/** PATCH /api/auth/profile-picture: a new image as a base64 data URL, or "" to remove the picture. */
export const pictureSchema = z.object({ profileImageUrl: z.string() });
