import { existsSync, readFileSync } from "node:fs";
import { join, normalize, extname } from "node:path";

/** What scripts-build wrote: per-page entry files and their shared chunks, content-hashed. */
export interface ClientManifest {
  entries: Record<string, { file: string; imports: string[] }>;
  /** The whole stylesheet (admin panel, operator pages). */
  css: string[];
  /** The member app's stylesheet (src/views/styles/member.css); older manifests have none. */
  memberCss?: string[];
}

export interface StaticFile {
  body: Blob;
  contentType: string;
}

/** Where the client bundles and the public files come from: a folder in development, the binary when compiled. */
export interface AssetStore {
  manifest: ClientManifest;
  /** A built, content-hashed file under /assets/ ("assets/auth-1a2b3c.js"). */
  asset(path: string): StaticFile | null;
  /** A file of public/ ("manifest.webmanifest", "icons/icon-192.png"). */
  publicFile(path: string): StaticFile | null;
}

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

export function contentTypeFor(path: string): string {
  return contentTypes[extname(path)] ?? "application/octet-stream";
}

/** Refuses "..", absolute paths and hidden files, so a request cannot leave the folder. */
function safeJoin(folder: string, path: string): string | null {
  const clean = normalize(path).replace(/^\/+/, "");
  if (clean.startsWith("..") || clean.split("/").some((part) => part.startsWith("."))) return null;
  return join(folder, clean);
}

export function createFolderAssetStore(clientDir: string, publicDir: string): AssetStore {
  const manifestPath = join(clientDir, "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${clientDir}: run "npx bun scripts/build-islands.ts" (or npm run demo) first`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as ClientManifest;
  const read = (folder: string, path: string): StaticFile | null => {
    const full = safeJoin(folder, path);
    if (full === null || !existsSync(full)) return null;
    const file = Bun.file(full);
    return { body: file, contentType: contentTypeFor(full) };
  };
  return {
    manifest,
    asset: (path) => (path.startsWith("assets/") ? read(clientDir, path) : null),
    publicFile: (path) => read(publicDir, path),
  };
}

/** Files embedded by `bun build --compile` (see scripts/build.ts): url path → embedded file path. */
export function createEmbeddedAssetStore(manifest: ClientManifest, files: Record<string, string>): AssetStore {
  const read = (key: string): StaticFile | null => {
    const embedded = files[key];
    return embedded === undefined ? null : { body: Bun.file(embedded), contentType: contentTypeFor(key) };
  };
  return {
    manifest,
    asset: (path) => read(`client/${path}`),
    publicFile: (path) => read(`public/${normalize(path).replace(/^\/+/, "")}`),
  };
}
