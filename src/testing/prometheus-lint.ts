/**
 * The checks of `promtool check metrics` (Prometheus's promlint), applied to an exposition text
 * in a test, so CI needs no promtool: every family has HELP and TYPE, counters end in `_total`
 * and nothing else does, `_count`/`_sum`/`_bucket` belong to histograms and summaries, names
 * are snake_case with no type in them and no colon, and units are base units, written out.
 */

/** Non-base units promlint names, and what to use instead. */
const NON_BASE_UNITS: Record<string, string> = {
  milliseconds: "seconds",
  microseconds: "seconds",
  nanoseconds: "seconds",
  minutes: "seconds",
  hours: "seconds",
  days: "seconds",
  weeks: "seconds",
  kilobytes: "bytes",
  megabytes: "bytes",
  gigabytes: "bytes",
  terabytes: "bytes",
  kilometers: "meters",
  centimeters: "meters",
  millimeters: "meters",
  kilograms: "grams",
  fahrenheit: "celsius",
  percent: "ratio",
};
const UNIT_ABBREVIATIONS = ["s", "ms", "us", "ns", "sec", "b", "kb", "mb", "gb", "tb", "pb", "m", "h", "d"];
const TYPES = ["counter", "gauge", "histogram", "summary", "untyped"];

interface Family {
  name: string;
  help: string | null;
  type: string | null;
  samples: string[];
}

function familiesOf(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (found === undefined) families.set(name, (found = { name, help: null, type: null, samples: [] }));
    return found;
  };
  for (const line of text.split("\n")) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta !== null) {
      const [, kind, name, rest] = meta;
      if (kind === "HELP") family(name!).help = rest!;
      else family(name!).type = rest!;
      continue;
    }
    if (line.trim() === "" || line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line)?.[1];
    if (sample === undefined) continue;
    // A histogram's or summary's samples carry suffixes on the family's name.
    const owner = [...families.values()].reverse().find((f) => sample === f.name || ((f.type === "histogram" || f.type === "summary") && /^_(bucket|sum|count)$/.test(sample.slice(f.name.length)) && sample.startsWith(f.name)));
    (owner ?? family(sample)).samples.push(line);
  }
  return families;
}

/** Every problem found, one line each (empty when promtool would say nothing). */
export function lintExposition(text: string): string[] {
  const problems: string[] = [];
  for (const { name, help, type } of familiesOf(text).values()) {
    const say = (problem: string) => problems.push(`${name}: ${problem}`);
    if (help === null || help.trim() === "") say("no help text");
    if (type === null) say("no TYPE line");
    if (type === "counter" && !name.endsWith("_total")) say('counter metrics should have "_total" suffix');
    if (type !== "counter" && name.endsWith("_total")) say('non-counter metrics should not have "_total" suffix');
    if (type !== "histogram" && type !== "summary") {
      for (const suffix of ["_count", "_sum", "_bucket"]) if (name.endsWith(suffix)) say(`non-histogram and non-summary metrics should not have "${suffix}" suffix`);
    }
    if (name.includes(":")) say("metric names should not contain ':'");
    if (/[A-Z]/.test(name)) say("metric names should be written in 'snake_case' not 'camelCase'");
    const words = name.split("_");
    for (const typeName of TYPES) if (words.includes(typeName)) say(`metric name should not include type '${typeName}'`);
    for (const word of words) {
      if (NON_BASE_UNITS[word] !== undefined) say(`use base unit "${NON_BASE_UNITS[word]}" instead of "${word}"`);
    }
    // The first word is the namespace (kasih), never a unit.
    for (const word of words.slice(1)) if (UNIT_ABBREVIATIONS.includes(word)) say(`metric names should not contain abbreviated units ("${word}")`);
  }
  return problems;
}
