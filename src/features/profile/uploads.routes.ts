import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { findServableFile } from "./profile.service";
import { STORED_FILE_NAME, thumbFileName, uploadsDir } from "./photos/photo-store";

async function fileAt(path: string) {
  const info = await stat(path).catch(() => null);
  return info !== null && info.isFile() ? { path, info } : null;
}

/**
 * GET /uploads/:file — photos and profile pictures, for signed-in users only (they are pictures
 * of real people). Only generated names that the database knows are served, so nothing else in
 * the folder (and nothing outside it) can be reached. Names are never reused: cached for a year.
 * `?size=thumb` serves the list-sized variant.
 */
export function uploadsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/uploads/:file", async (c) => {
    if (c.get("user") === null) return c.json({ message: "Unauthorized" }, 401);
    const fileName = c.req.param("file");
    if (!STORED_FILE_NAME.test(fileName)) return c.json({ message: "Not found" }, 404);
    const servable = await findServableFile(deps, fileName);
    if (servable === null) return c.json({ message: "Not found" }, 404);
    const dir = uploadsDir(deps.config.dataDir);
    // ?size=thumb: the list-sized WebP beside the photo; photos stored before thumbnails existed
    // have none, and then the photo itself is served.
    const thumb = c.req.query("size") === "thumb" ? await fileAt(join(dir, thumbFileName(fileName))) : null;
    const path = thumb?.path ?? join(dir, fileName);
    const info = thumb?.info ?? (await fileAt(path))?.info ?? null;
    if (info === null) return c.json({ message: "Not found" }, 404);
    c.header("Content-Type", thumb === null ? servable.mime : "image/webp");
    c.header("Content-Length", String(info.size));
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "private, max-age=31536000, immutable");
    c.header("Content-Disposition", "inline");
    return c.body(Readable.toWeb(createReadStream(path)) as unknown as ReadableStream);
  });
}
