/** The props the server embedded in a page for an island (src/views/island.tsx), parsed. */
export function islandProps(html: string, name: string) {
  const match = html.match(new RegExp(`<script type="application/json" data-island-props="${name}">(.*?)</script>`));
  if (match === null) throw new Error(`no props for ${name}`);
  return JSON.parse(match[1]!);
}
