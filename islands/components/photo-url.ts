/** The list-sized variant of an uploaded photo (src/features/profile/uploads.routes.ts serves `?size=thumb`). */
export function thumbOf(url: string): string {
  return url.startsWith("/uploads/") && !url.includes("?") ? `${url}?size=thumb` : url;
}
