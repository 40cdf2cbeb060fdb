/**
 * bench/js-size: the JavaScript each page downloads, gzipped: its entry plus every chunk it
 * imports statically (dist/client/manifest.json, written by scripts/build-islands.ts), against
 * the budgets. Pages without a budget of their own are held to the /auth budget.
 *
 *   npm run bench:js-size           (builds the client first)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildClient } from "../../scripts/build-islands";

const KB = 1024;
/** Spec and issue budgets, gzipped. */
const budgets: Record<string, number> = {
  landing: 15 * KB,
  auth: 100 * KB,
  discover: 120 * KB,
};
const defaultBudget = 120 * KB;

const clientDir = join(import.meta.dir, "..", "..", "dist", "client");
const manifest = await buildClient({ quiet: true });

let failed = 0;
const rows: string[] = [];
for (const [name, entry] of Object.entries(manifest.entries).sort(([a], [b]) => a.localeCompare(b))) {
  const files = [entry.file, ...entry.imports];
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length, 0);
  const budget = budgets[name] ?? defaultBudget;
  const ok = bytes < budget;
  if (!ok) failed++;
  rows.push(
    `${name.padEnd(16)} ${(bytes / KB).toFixed(1).padStart(6)} KB  budget ${(budget / KB).toFixed(0).padStart(3)} KB${budgets[name] ? "" : "*"}  ${(bytes / budget).toFixed(2)}  ${ok ? "ok" : "OVER"}  (${files.length} files)`,
  );
}
const gzippedSize = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length, 0);
const css = gzippedSize(manifest.css);
const memberCss = gzippedSize(manifest.memberCss ?? []);
console.log("gzipped JavaScript per page entry (entry + statically imported chunks), ratio to budget");
for (const row of rows) console.log(`  ${row}`);
console.log(`  (* no budget of its own: held to ${defaultBudget / KB} KB)`);
console.log(`stylesheets: member app ${(memberCss / KB).toFixed(1)} KB gzipped (its pages); whole ${(css / KB).toFixed(1)} KB (admin panel, operator pages)`);
console.log(failed === 0 ? "all entries within budget" : `${failed} entr${failed === 1 ? "y" : "ies"} over budget`);
process.exitCode = failed === 0 ? 0 : 1;
