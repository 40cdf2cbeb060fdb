import type { OpenAPIV3_1 } from "openapi-types";
import * as z from "zod";
import type { ApiOperation } from "../api-docs/describe-routes";
import { draftSchema } from "./onboarding-draft";
import { pictureSchema, reorderSchema } from "./photo-calls.schemas";
import { createProfileSchema, editProfileSchema } from "./profile.schemas";

/** One photo as its bytes (JPEG, PNG or WebP, at most 5 MB) or as multipart field "photo". */
const photoBody: OpenAPIV3_1.RequestBodyObject = {
  required: true,
  content: {
    "multipart/form-data": { schema: { type: "object", properties: { photo: { type: "string", contentMediaType: "image/*" } }, required: ["photo"] } },
    "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } },
    "image/png": { schema: { type: "string", contentMediaType: "image/png" } },
    "image/webp": { schema: { type: "string", contentMediaType: "image/webp" } },
  },
};

const photo = z.object({ id: z.string(), url: z.string(), width: z.int(), height: z.int() });
const photos = z.object({ photos: z.array(photo) });
const fieldErrors = "A field is missing or invalid ({message, errors}: the errors map names each field).";

/** The profile calls for the OpenAPI document (docs/decisions/0119); keys as profileRoutes names them. */
export const profileApiDocs: Record<string, ApiOperation> = {
  "GET /profile": {
    tag: "Profile",
    access: "member",
    summary: "The member's own profile",
    success: { description: "The profile, with its photos." },
    refusals: { 404: "No profile yet (onboarding not finished)." },
  },
  "POST /profile": {
    tag: "Profile",
    access: "member",
    summary: "Create the profile (the end of onboarding)",
    description: "Photos may come inline as base64 data URLs (the body may then reach about 41 MB) or be uploaded first with POST /api/profile/photos. A userId other than the caller's is refused. `denomination` is a family key or an old English value (answered as the key, with `denominationName`); `churchId` a church of GET /api/churches and/or `churchName` free text (required without churchId); `interests` up to 10 keys of GET /api/interests or their names (anything else 400). The answer carries `church`, `churchId` and `interestNames`.",
    body: createProfileSchema,
    success: { status: 201, description: "The profile as saved." },
    refusals: { 400: `${fieldErrors} Also invalid JSON.`, 403: "The body names another user's id.", 409: "The profile already exists.", 413: "A photo is larger than 5 MB.", 415: "A photo is not JPEG, PNG or WebP." },
  },
  "PATCH /profile": {
    tag: "Profile",
    access: "member",
    summary: "Edit the profile",
    description: "Any subset of the fields. A body with only searchDistance is the settings slider. The birth date cannot change. Denomination, church and interests as for POST /api/profile; without `churchId` the stored church is kept (older clients), `churchId: null` clears it.",
    body: editProfileSchema,
    success: { description: "The profile as saved." },
    refusals: { 400: `${fieldErrors} Also invalid JSON or no profile yet.`, 403: "The body names another user's id.", 404: "A photo id that is not the member's.", 413: "A photo is larger than 5 MB.", 415: "A photo is not JPEG, PNG or WebP." },
  },
  "GET /profile/photos": {
    tag: "Profile",
    access: "member",
    summary: "The member's photos in order",
    success: { description: "The photos; the first is the main photo.", schema: photos },
  },
  "POST /profile/photos": {
    tag: "Profile",
    access: "member",
    summary: "Upload one photo",
    description: "Added as the last photo. At most six.",
    requestBody: photoBody,
    success: { status: 201, description: "The new photo and the whole list.", schema: z.object({ photo, photos: z.array(photo) }) },
    refusals: { 400: "Already six photos, or an unreadable form.", 413: "Larger than 5 MB.", 415: "Not a JPEG, PNG or WebP image." },
  },
  "PUT /profile/photos": {
    tag: "Profile",
    access: "member",
    summary: "Reorder the photos",
    description: "The full ordered list of the member's photo ids (or their URLs); the first becomes the main photo.",
    body: reorderSchema,
    success: { description: "The photos in their new order.", schema: photos },
    refusals: { 400: "Not a list of the member's photos.", 404: "A photo that is not the member's." },
  },
  "DELETE /profile/photos/{id}": {
    tag: "Profile",
    access: "member",
    summary: "Delete a photo",
    success: { description: "The remaining photos.", schema: photos },
    refusals: { 400: "The last photo of a finished profile cannot go.", 404: "No such photo of the member's." },
  },
  "GET /profile/draft": {
    tag: "Profile",
    access: "member",
    summary: "Onboarding's saved steps",
    success: { description: "The draft; {step: 0, values: {}} when there is none.", schema: draftSchema },
  },
  "PUT /profile/draft": {
    tag: "Profile",
    access: "member",
    summary: "Save onboarding's steps so far",
    body: draftSchema,
    success: { description: "The draft as saved.", schema: draftSchema },
    refusals: { 400: "Not a valid draft.", 409: "The profile is already finished." },
  },
  "PATCH /auth/profile-picture": {
    tag: "Profile",
    access: "member",
    summary: "Set or remove the account picture",
    description: "`profileImageUrl` is a new image as a base64 data URL, or \"\" to remove the picture.",
    body: pictureSchema,
    success: { description: "The picture's URL, or null.", schema: z.object({ profileImageUrl: z.string().nullable() }) },
    refusals: { 400: "No profileImageUrl, or not a data URL.", 413: "Larger than 5 MB.", 415: "Not a JPEG, PNG or WebP image." },
  },
};
