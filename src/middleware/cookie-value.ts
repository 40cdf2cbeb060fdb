/**
 * One cookie's value from a Cookie request header, or undefined.
 *
 * Every request reads two cookies (language, session); Hono's getCookie() parses and validates the
 * whole header for each, which was the largest single cost of a signed-in request under load
 * (bench/README.md). Our own cookies hold URL-safe characters only, so their values need no
 * decoding; a value that is not ours is refused by whoever reads it (isLang, the session lookup).
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at === -1) return undefined;
    const afterName = at + name.length;
    // A whole name: at the start or after "; ", and followed by "=" (not "app-language-x=").
    const startsPair = at === 0 || header.charCodeAt(at - 1) === 0x20 || header.charCodeAt(at - 1) === 0x3b;
    if (startsPair && header.charCodeAt(afterName) === 0x3d) {
      const end = header.indexOf(";", afterName + 1);
      let value = header.slice(afterName + 1, end === -1 ? undefined : end).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      return value;
    }
    from = afterName;
  }
}
