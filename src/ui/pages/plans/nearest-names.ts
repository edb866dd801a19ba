/**
 * "Did you mean" for the form, as the loader words it: the same edit distance and nearness rule
 * as src/errors/did-you-mean.ts (browser code imports nothing outside src/ui; a test checks
 * that both suggest the same names).
 */
function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  let curr = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[t.length]!;
}

/** The known names nearest to `name`, best first (within a distance growing with its length, or containing it). */
export function nearestNames(name: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const k of known) {
    const d = editDistance(name, k);
    const kl = k.toLowerCase();
    const contains = lower.length >= 3 && (kl.includes(lower) || lower.includes(kl));
    if (d <= limit || contains) scored.push({ name: k, score: contains ? Math.min(d, limit) : d });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return [...new Set(scored.map((s) => s.name))].slice(0, max);
}

/** `: did you mean "a" or "b"?`, or nothing when no name is near. */
export const didYouMeanSuffix = (near: readonly string[]): string =>
  near.length > 0 ? `: did you mean ${near.map((n) => `"${n}"`).join(" or ")}?` : "";
