import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { MAX_PHOTO_BYTES, MAX_PROFILE_PHOTOS } from "../../platform/constants";
import { jakartaDayOf } from "../../platform/clock";
import { loadOwnProfile, photoUrl } from "./profile-json";
import { draftOf, draftSchema, saveDraft } from "./onboarding-draft";
import { PROFILE_MESSAGES, searchDistanceSchema, validateProfile, validationFailure } from "./profile.schemas";
import { addPhoto, deletePhoto, listPhotos, reorderPhotos, saveProfile, saveSearchDistance, setProfilePicture, type ServiceResult } from "./profile.service";
import { PhotoError, storeImage } from "./photos/photo-store";
import { pictureSchema, reorderSchema } from "./photo-calls.schemas";
import { describeRoutes } from "../api-docs/describe-routes";
import { profileApiDocs } from "./profile.api-docs";

/** Room for a multipart envelope (boundaries, part headers) around one 5 MB photo. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** A JSON save may carry all six photos as base64 data URLs (4/3 of their bytes) plus the text fields. */
const PROFILE_JSON_LIMIT = Math.ceil((MAX_PROFILE_PHOTOS * MAX_PHOTO_BYTES * 4) / 3) + 256 * 1024;
const PICTURE_JSON_LIMIT = Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 16 * 1024;

/**
 * Refuses an oversized body with 413 BEFORE reading it: by Content-Length when given, else by
 * counting the streamed bytes and stopping at the limit (hono's bodyLimit does both).
 */
const limitBody = (maxSize: number | ((c: Context<AppEnv>) => number)) =>
  createMiddleware<AppEnv>((c, next) =>
    bodyLimit({ maxSize: typeof maxSize === "number" ? maxSize : maxSize(c), onError: (ctx) => ctx.json({ message: PROFILE_MESSAGES.fileTooLarge }, 413) })(c, next),
  );

const isMultipart = (c: Context<AppEnv>) => (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

async function readJson(c: Context<AppEnv>): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

function fail(c: Context<AppEnv>, result: Extract<ServiceResult<unknown>, { ok: false }>) {
  return c.json(result.errors ? { message: result.message, errors: result.errors } : { message: result.message }, result.status);
}

const photoJson = (photo: { id: string; fileName: string; width: number; height: number }) => ({ id: photo.id, url: photoUrl(photo.fileName), width: photo.width, height: photo.height });


/**
 * Profile API (spec point 7). Every route acts on the session's user only: a userId in a body
 * is refused when it names someone else, and photo ids that are not the caller's are 404.
 */
export function profileRoutes(deps: AppDeps) {
  const save = (mode: "create" | "edit") => async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const parsed = await readJson(c);
    if (!parsed.ok) return c.json({ message: "Invalid JSON" }, 400);
    const body = parsed.body as Record<string, unknown> | null;
    if (typeof body === "object" && body !== null && "userId" in body && body.userId !== undefined && body.userId !== user.id) {
      return c.json({ message: "Forbidden" }, 403);
    }
    // PATCH with only searchDistance is the settings slider, not a profile edit (spec point 7).
    if (mode === "edit" && typeof body === "object" && body !== null && Object.keys(body).filter((key) => key !== "userId").join() === "searchDistance") {
      const distance = searchDistanceSchema.safeParse(body);
      if (!distance.success) return c.json(validationFailure(distance.error.issues), 400);
      const result = await saveSearchDistance(deps, user.id, distance.data.searchDistance);
      return result.ok ? c.json(result.value) : fail(c, result);
    }
    // An edit may keep the faith duration the profile already holds, from either list, and may not change the birth date.
    const [stored] = mode === "edit" ? await deps.db.select({ faithDuration: profiles.faithDuration, birthDate: profiles.birthDate }).from(profiles).where(eq(profiles.userId, user.id)).limit(1) : [];
    const validation = validateProfile(mode, body, { today: jakartaDayOf(deps.clock.now()), keptFaithDuration: stored?.faithDuration ?? "", storedBirthDate: stored?.birthDate ?? null });
    if (!validation.ok) return c.json({ message: validation.message, errors: validation.errors }, 400);
    if (mode === "edit" && "searchDistance" in validation.value && validation.value.searchDistance !== undefined) {
      const distance = searchDistanceSchema.safeParse({ searchDistance: validation.value.searchDistance });
      if (!distance.success) return c.json(validationFailure(distance.error.issues), 400);
    }
    const result = await saveProfile(deps, user.id, mode, validation.value, c.get("lang"));
    if (!result.ok) return fail(c, result);
    if (mode === "edit" && "searchDistance" in validation.value && validation.value.searchDistance !== undefined) {
      const distance = await saveSearchDistance(deps, user.id, validation.value.searchDistance);
      if (distance.ok) return c.json(distance.value);
    }
    return c.json(result.value, mode === "create" ? 201 : 200);
  };

  const routes = (
    new Hono<AppEnv>()
      .get("/profile", requireUser, async (c) => {
        c.header("Cache-Control", "no-store");
        const profile = await loadOwnProfile(deps.db, currentUser(c).id, c.get("lang"));
        if (profile === null) return c.json({ message: "Profile not found" }, 404);
        return c.json(profile);
      })
      .post("/profile", requireUser, limitBody(PROFILE_JSON_LIMIT), save("create"))
      .patch("/profile", requireUser, limitBody(PROFILE_JSON_LIMIT), save("edit"))
      .get("/profile/photos", requireUser, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json({ photos: (await listPhotos(deps, currentUser(c).id)).map(photoJson) });
      })
      /**
       * One photo, as multipart (field "photo", what the editor sends with upload progress) or as
       * the raw image bytes. Stored and added as the last photo at once.
       */
      .post("/profile/photos", requireUser, limitBody((c) => (isMultipart(c) ? MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES : MAX_PHOTO_BYTES)), async (c) => {
        const user = currentUser(c);
        let bytes: Uint8Array;
        if (isMultipart(c)) {
          let form: FormData;
          try {
            form = await c.req.formData();
          } catch {
            return c.json({ message: PROFILE_MESSAGES.processingError }, 400);
          }
          const file = form.get("photo");
          if (!(file instanceof File)) return c.json({ message: PROFILE_MESSAGES.invalidFileType }, 415);
          if (file.size > MAX_PHOTO_BYTES) return c.json({ message: PROFILE_MESSAGES.fileTooLarge }, 413);
          bytes = new Uint8Array(await file.arrayBuffer());
        } else {
          bytes = new Uint8Array(await c.req.arrayBuffer());
        }
        // Counted before storing, so a seventh photo is refused without touching the disk.
        if ((await listPhotos(deps, user.id)).length >= MAX_PROFILE_PHOTOS) return c.json({ message: PROFILE_MESSAGES.maxPhotos }, 400);
        try {
          const stored = await storeImage(deps.config.dataDir, bytes);
          const added = await addPhoto(deps, user.id, stored);
          if (!added.ok) return fail(c, added);
          return c.json({ photo: photoJson(added.value), photos: (await listPhotos(deps, user.id)).map(photoJson) }, 201);
        } catch (error) {
          if (error instanceof PhotoError) return c.json({ message: error.message }, error.status);
          throw error;
        }
      })
      /** Reorder: the full ordered list of the caller's photo ids (or URLs); the first is the main photo. */
      .put("/profile/photos", requireUser, limitBody(16 * 1024), async (c) => {
        const parsed = await readJson(c);
        const body = parsed.ok ? reorderSchema.safeParse(parsed.body) : null;
        if (body === null || !body.success) return c.json({ message: "Invalid photo order" }, 400);
        const result = await reorderPhotos(deps, currentUser(c).id, body.data.photos);
        return result.ok ? c.json({ photos: result.value.map(photoJson) }) : fail(c, result);
      })
      .delete("/profile/photos/:id", requireUser, async (c) => {
        const id = c.req.param("id");
        if (!/^[a-z2-7]{26}$/.test(id)) return c.json({ message: PROFILE_MESSAGES.photoNotFound }, 404);
        const result = await deletePhoto(deps, currentUser(c).id, id);
        return result.ok ? c.json({ photos: result.value.map(photoJson) }) : fail(c, result);
      })
      /** Onboarding's saved steps (onboarding-draft.ts); 404-free: no draft reads as the first step. */
      .get("/profile/draft", requireUser, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json((await draftOf(deps.db, currentUser(c).id)) ?? { step: 0, values: {} });
      })
      .put("/profile/draft", requireUser, limitBody(64 * 1024), async (c) => {
        const user = currentUser(c);
        const parsed = await readJson(c);
        const draft = parsed.ok ? draftSchema.safeParse(parsed.body) : null;
        if (draft === null || !draft.success) return c.json({ message: "Invalid draft" }, 400);
        // A finished profile has nothing left to draft: its changes go through Edit Profile.
        if ((await deps.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, user.id)).limit(1)).length > 0) {
          return c.json({ message: PROFILE_MESSAGES.profileExists }, 409);
        }
        await saveDraft(deps.db, user.id, deps.clock.now(), draft.data);
        return c.json(draft.data);
      })
      .patch("/auth/profile-picture", requireUser, limitBody(PICTURE_JSON_LIMIT), async (c) => {
        const parsed = await readJson(c);
        const body = parsed.ok ? pictureSchema.safeParse(parsed.body) : null;
        if (body === null || !body.success) return c.json({ message: PROFILE_MESSAGES.invalidFileType }, 400);
        const result = await setProfilePicture(deps, currentUser(c).id, body.data.profileImageUrl);
        return result.ok ? c.json(result.value) : fail(c, result);
      })
  );
  return describeRoutes(routes, profileApiDocs);
}
