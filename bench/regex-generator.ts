/**
 * Micro-benchmark of the regex generator (not a test). Run with:
 *   node bench/regex-generator.ts [rows]
 * Prints ns per generated string and per nth() call for a few typical patterns.
 */

import { compileRegex } from "../src/engine/regex/index.ts";
import { createPermutation, RowRandom } from "../src/engine/rng/index.ts";

const PATTERNS = [
  "ACC[0-9]{8}",
  "[A-Z]{3}-\\d{4}",
  "(visa|mastercard|amex)",
  "^[a-z0-9._%+-]{3,12}@example\\.com$",
  "\\p{Lu}\\p{Ll}{2,10}( \\p{Lu}\\p{Ll}{2,10})?",
];

const rows = Number(process.argv[2] ?? 1_000_000);

/** Best of three timed passes after a warm-up: the machine may be shared. */
function time(label: string, run: () => number): void {
  run();
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let pass = 0; pass < 3; pass++) {
    const t0 = process.hrtime.bigint();
    sink = run();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / rows);
  }
  console.log(`${label.padEnd(48)} ${best.toFixed(1).padStart(8)} ns/op  (${sink})`);
}

for (const pattern of PATTERNS) {
  const g = compileRegex(pattern);
  const rnd = new RowRandom(12345);
  time(`generate ${pattern}`, () => {
    let len = 0;
    for (let r = 0; r < rows; r++) {
      const s = g.generate(rnd.at(r));
      len += s.length + s.charCodeAt(s.length - 1); // reading a character flattens the string, as a writer would
    }
    return len;
  });
  const limit = g.size < BigInt(rows) ? Number(g.size) : rows;
  time(`nth      ${pattern}`, () => {
    let len = 0;
    for (let r = 0; r < rows; r++) {
      const s = g.nth(r % limit);
      len += s.length + s.charCodeAt(s.length - 1);
    }
    return len;
  });
}

const perm = createPermutation(1e8 + 7, 99);
time("permutation of [0, 1e8+7)", () => {
  let acc = 0;
  for (let r = 0; r < rows; r++) acc += perm(r);
  return acc;
});
