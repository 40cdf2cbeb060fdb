import { describe, expect, it } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { I18nProvider, type Lang } from "../runtime/i18n-context";
import { createTranslator } from "../runtime/translate";
import { PresenceLine } from "./presence-line";

const MINUTE = 60_000;
const resources = { en, id } as const;

function line(lang: Lang, agoMs: number | null, online = false): string {
  const lastActiveAt = agoMs === null ? null : new Date(Date.now() - agoMs).toISOString();
  const html = renderToStaticMarkup(
    <I18nProvider value={{ t: createTranslator(lang, resources[lang] as Record<string, unknown>), lang }}>
      <PresenceLine presence={{ online, lastActiveAt }} />
    </I18nProvider>,
  );
  return html.replace(/<[^>]+>/g, "");
}

describe("PresenceLine", () => {
  it("says online, just now, minutes, hours, yesterday and days in English", () => {
    expect(line("en", 0, true)).toBe("Online");
    expect(line("en", 2 * MINUTE)).toBe("Active just now");
    expect(line("en", 12 * MINUTE)).toBe("Active 12 minutes ago");
    expect(line("en", 60 * MINUTE)).toBe("Active 1 hour ago");
    expect(line("en", 5 * 60 * MINUTE)).toBe("Active 5 hours ago");
    expect(line("en", 26 * 60 * MINUTE)).toBe("Active yesterday");
    expect(line("en", 3 * 24 * 60 * MINUTE)).toBe("Active 3 days ago");
    expect(line("en", 90 * 24 * 60 * MINUTE)).toBe("Active 30 days ago");
  });

  it("speaks Indonesian, and shows nothing when the time is unknown", () => {
    expect(line("id", 12 * MINUTE)).toBe("Aktif 12 menit lalu");
    expect(line("id", 26 * 60 * MINUTE)).toBe("Aktif kemarin");
    expect(line("id", 3 * 24 * 60 * MINUTE)).toBe("Aktif 3 hari lalu");
    expect(line("en", null)).toBe("");
  });
});
