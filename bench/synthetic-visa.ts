import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import countries from "i18n-iso-countries";

/**
 * A full-size synthetic Passport Index matrix for the benchmark (the repository keeps only a
 * trimmed real copy): 199 countries, every ordered pair = 39,402 rows, like the real snapshot.
 * Countries and requirements are drawn deterministically (a hash of the pair and `seed`), with
 * roughly the real file's mix; `seed` changes about 1 requirement in 20 between snapshots.
 */
const COUNT = 199;
const MUST = ["US", "FR", "IN", "TH", "NA", "ZA", "DE", "BR", "PT", "JP", "CN", "GB", "AU"];
const MIX: Array<[string, number]> = [
  ["visa required", 31],
  ["90", 28],
  ["visa on arrival", 19],
  ["e-visa", 17],
  ["30", 6],
  ["visa free", 6],
  ["eta", 4],
  ["180", 4],
  ["60", 1],
  ["no admission", 1],
];
const TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick(key: string): string {
  let x = hash(key) % TOTAL;
  for (const [v, w] of MIX) {
    if (x < w) return v;
    x -= w;
  }
  return MIX[0][0];
}

export function syntheticCountries(): string[] {
  const all = Object.keys(countries.getAlpha2Codes()).sort();
  const rest = all.filter((c) => !MUST.includes(c)).sort((a, b) => hash(a) - hash(b));
  return [...MUST, ...rest].slice(0, COUNT).sort();
}

/** Writes the CSV to a temp file and returns its path and row count. */
export function writeSyntheticPassportIndex(seed: number): { file: string; rows: number } {
  const codes = syntheticCountries();
  const lines = ["Passport,Destination,Requirement"];
  for (const p of codes) {
    for (const d of codes) {
      if (p === d) continue;
      const changed = seed > 0 && hash(`${p}${d}:${seed}`) % 20 === 0;
      lines.push(`${p},${d},${pick(changed ? `${p}${d}:${seed}` : `${p}${d}`)}`);
    }
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-visa-")), `synthetic-${seed}.csv`);
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return { file, rows: lines.length - 1 };
}
