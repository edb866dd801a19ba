import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileJavaPattern, translateJavaRegex } from "./index.ts";

/**
 * One table for both targets of the one translator: each Java pattern must accept and refuse the
 * same whole strings as a `v`-flag RegExp (the regex generator's reading) and on RE2 (SQL's).
 */
type Target = "js-v" | "re2";

const fullMatch: Record<Target, (java: string) => (s: string) => boolean> = {
  "js-v": (java) => {
    const { source, flags } = translateJavaRegex(java, { target: "js-v" });
    const re = new RegExp(`^(?:${source})$`, `v${flags}`);
    return (s) => re.test(s);
  },
  re2: (java) => {
    const { re } = compileJavaPattern(java);
    return (s) => re.matcher(s).matches();
  },
};

/** [Java pattern, whole strings it matches, whole strings it does not]. */
const CASES: readonly (readonly [string, readonly string[], readonly string[]])[] = [
  ["abc", ["abc"], ["ab", "abcd"]],
  [String.raw`\d{3}-\d{4}`, ["555-1234"], ["55-1234"]],
  [String.raw`\Qa.b*\E`, ["a.b*"], ["axb", "a.bb"]],
  [String.raw`[\Q]-[\E]`, ["]", "-", "["], ["a"]],
  ["[a-z&&[^aeiou]]+", ["bcd"], ["bad"]],
  ["[a-c[x-z]]+", ["abzx"], ["d"]],
  ["[]a]", ["]", "a"], ["["]],
  ["[^]a]", ["b"], ["]", "a"]],
  ["[^a[b]]", ["c"], ["a", "b"]],
  [String.raw`\p{Lower}+`, ["abc"], ["aBc"]],
  [String.raw`\p{IsAlpha}\p{Digit}`, ["a1"], ["11"]],
  [String.raw`[\p{Upper}\d]+`, ["A1B2"], ["a"]],
  [String.raw`[\P{Digit}&&\p{ASCII}]`, ["a"], ["5", "é"]],
  [String.raw`\p{L}+`, ["héllo"], ["h1"]],
  [String.raw`[\p{L}&&[^\p{Lu}]]+`, ["héllo"], ["Héllo"]],
  [String.raw`\p{IsLatin}+`, ["abc"], ["αβγ"]],
  [String.raw`\p{script=Greek}+`, ["αβγ"], ["abc"]],
  [String.raw`\p{IsAlphabetic}+`, ["Straße"], ["a1"]],
  [String.raw`\p{javaLowerCase}\p{javaLetterOrDigit}`, ["a1", "bB"], ["A1", "a-"]],
  [String.raw`\p{javaWhitespace}`, [" ", "\t", "\u2028"], ["\u00a0", "a"]],
  [String.raw`\p{Punct}\p{XDigit}`, ["!f"], ["af", "!g"]],
  [String.raw`\h+`, [" \t\u00a0\u3000"], ["\n"]],
  [String.raw`\v`, ["\n", "\u2028", "\x0B"], [" "]],
  [String.raw`\H\V`, ["ab"], [" a", "a\n"]],
  [String.raw`\R`, ["\r\n", "\n", "\u0085"], ["\n\n", "a"]],
  [String.raw`\x{1F600}\x41\0101\e\u0042\uD83D\uDE00`, ["😀AA\x1bB😀"], ["😀AA"]],
  [String.raw`\t\n\cA`, ["\t\n\x01"], ["tn"]],
  [String.raw`\Aab\z`, ["ab"], ["abc"]],
  ["a*+b++c?+d{2}+", ["bdd", "aabbcdd"], ["abd"]],
  ["(?>ab|a)c", ["abc"], ["ac_"]],
  ["a*?b{1,2}?", ["ab", "abb"], ["abbb"]],
  ["(?x) a b # a comment\n c [ d ]", ["abcd"], ["a b c d"]],
  ["(?i)abc", ["ABC", "abc"], ["abd"]],
  ["a]b}", ["a]b}"], ["ab"]],
  [String.raw`\@\#`, ["@#"], ["@"]],
  ["(?<year>\\d{4})-(?<month>\\d{2})", ["2024-05"], ["2024-5"]],
];

describe("the one Java-regex translator: one table, both targets", () => {
  for (const target of ["js-v", "re2"] as const) {
    for (const [java, yes, no] of CASES) {
      it(`${target}: ${JSON.stringify(java)}`, () => {
        const matches = fullMatch[target](java);
        for (const s of yes) assert.ok(matches(s), `${java} should match ${JSON.stringify(s)}`);
        for (const s of no) assert.ok(!matches(s), `${java} should not match ${JSON.stringify(s)}`);
      });
    }
  }

  it("reads the same invalid Java for both targets, naming the problem", () => {
    const invalid: readonly (readonly [string, RegExp])[] = [
      ["a\\", /lone backslash/],
      ["\\y", /unknown escape \\y/],
      ["(?q)a", /unknown inline flag "q"/],
      ["[abc", /unclosed character class/],
      ["\\p{Alpah}", /unknown character property \\p\{Alpah\}/],
      ["\\x{110000}", /hexadecimal code point up to 10FFFF/],
      ["\\G", /end-of-previous-match anchor \\G/],
      ["\\p{InGreek}", /Unicode block \\p\{InGreek\}/],
      ["[\\b]", /\\b is not allowed inside a character class/],
    ];
    for (const [java, why] of invalid) {
      assert.throws(() => translateJavaRegex(java, { target: "js-v" }), why, `js-v: ${java}`);
      assert.throws(() => translateJavaRegex(java, { target: "re2" }), why, `re2: ${java}`);
    }
  });

  it("keeps what only one target can run apart: backreferences and lookahead are the generator's", () => {
    for (const java of [String.raw`(a)\1`, String.raw`(?<n>a)\k<n>`, "a(?=b)b", "a(?!c)b"]) {
      assert.doesNotThrow(() => translateJavaRegex(java, { target: "js-v" }), java);
      assert.throws(() => translateJavaRegex(java, { target: "re2" }), /linear-time engine/, java);
    }
  });
});
