import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { RowRandom } from "../rng/index.ts";
import { compileRegex } from "./index.ts";

/** Random patterns written in the syntax Java and JavaScript share. */
const patternArb = fc.letrec<{ pattern: string; atom: string; seq: string }>((tie) => ({
  atom: fc.oneof(
    { maxDepth: 2, depthIdentifier: "group", withCrossShrink: true },
    fc.constantFrom(
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
    ),
    tie("pattern").map((p) => `(${p})`),
    tie("pattern").map((p) => `(?:${p})`),
  ),
  seq: fc
    .array(
      fc.tuple(tie("atom"), fc.constantFrom("", "", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "*?", "{2,}")),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => parts.map(([a, q]) => a + q).join("")),
  pattern: fc.array(tie("seq"), { minLength: 1, maxLength: 3 }).map((alts) => alts.join("|")),
})).pattern;

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
