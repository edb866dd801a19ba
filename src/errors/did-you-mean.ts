/**
 * "Did you mean" for a name nobody knows: the loader's and the web UI's form alike (the browser
 * bundle imports this file, so it stays portable: no import of any kind, no Node API).
 */

/** Edit distance (Levenshtein, case-insensitive) used for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let prev = new Array<number>(t.length + 1);
  let curr = new Array<number>(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s.charCodeAt(i - 1) === t.charCodeAt(j - 1) ? 0 : 1;
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[t.length]!;
}

/**
 * The known names nearest to `name`, best first: those within a distance that grows with the
 * length of the name, plus names that contain it or are contained in it.
 */
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

/** `did you mean "a" or "b"?` for names already found near, or an empty string when there are none. */
export const didYouMeanOf = (near: readonly string[]): string =>
  near.length === 0 ? "" : `did you mean ${near.map((n) => `"${n}"`).join(" or ")}?`;

/** `did you mean "a" or "b"?`, or an empty string when nothing is near. */
export const didYouMean = (name: string, known: Iterable<string>): string =>
  didYouMeanOf(nearestNames(name, known));
