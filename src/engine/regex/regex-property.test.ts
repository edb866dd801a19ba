import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { RowRandom } from "../rng/index.ts";
import { compileRegex } from "./index.ts";

const CHAR_ATOMS = [
  "a",
  "b",
  "x",
  "0",
  "-",
  "\\.",
  "\\d",
  "\\w",
  "\\s",
  ".",
  "[a-c]",
  "[^a-y]",
  "[x-z0-2]",
  "\\p{Lu}",
];
const QUANTIFIERS = ["", "", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "*?", "{2,}"];

const quantified = (atom: fc.Arbitrary<string>, quantifiers: string[]): fc.Arbitrary<string> =>
  fc.tuple(atom, fc.constantFrom(...quantifiers)).map(([a, q]) => a + q);

const flatSeq = fc.array(quantified(fc.constantFrom(...CHAR_ATOMS), QUANTIFIERS), {
  minLength: 1,
  maxLength: 4,
});

/**
 * Random patterns in the syntax Java and JavaScript share. Groups nest one level and repeat at
 * most a bounded number of times, so checking the output with a backtracking RegExp stays fast.
 */
const seqArb = fc
  .array(
    fc.oneof(
      quantified(fc.constantFrom(...CHAR_ATOMS), QUANTIFIERS),
      quantified(
        fc
          .tuple(fc.constantFrom("(", "(?:"), fc.array(flatSeq, { minLength: 1, maxLength: 3 }))
          .map(([open, alts]) => `${open}${alts.map((a) => a.join("")).join("|")})`),
        ["", "?", "{2}", "{0,2}"],
      ),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(""));

const patternArb = fc.array(seqArb, { minLength: 1, maxLength: 2 }).map((alts) => alts.join("|"));

describe("compileRegex on random patterns", () => {
  it("generates matching strings, and nth gives matching strings", () => {
    fc.assert(
      fc.property(patternArb, fc.integer({ min: 0, max: 0xffffffff }), (pattern, key) => {
        const g = compileRegex(pattern, { maxRepeat: 3 });
        const js = new RegExp(`^(?:${pattern})$`, "u");
        const rnd = new RowRandom(key);
        for (let row = 0; row < 30; row++) {
          const s = g.generate(rnd.at(row));
          assert.ok(js.test(s), `${pattern}: generated ${JSON.stringify(s)}`);
        }
        const top = g.size < 2n ** 53n ? Number(g.size) : 2 ** 53;
        for (const i of [0, 1, 7, Math.floor(top / 3), top - 1]) {
          if (i >= top) continue;
          const s = g.nth(i);
          assert.ok(js.test(s), `${pattern}: nth(${i}) = ${JSON.stringify(s)}`);
        }
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });
});
