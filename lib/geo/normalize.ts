/**
 * One spelling for place names: case, accents, punctuation and spacing ignored
 * ("Zürich" = "zurich", "Saint-Louis" = "saint louis", "Lisboa " = "lisboa").
 */
export function normalizePlaceName(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’'`´.\-_]+/g, " ")
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
