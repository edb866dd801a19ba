import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileJavaRegex, JavaRegexError, translateJavaRegex } from "./index.ts";

/** Java's Matcher.find(): the pattern found anywhere in the input (as RLIKE asks it). */
const finds = (pattern: string, input: string): boolean => compileJavaRegex(pattern, true).test(input);

describe("Java regular expressions on the linear-time engine (RE2)", () => {
  const cases: [string, string, boolean][] = [
    [String.raw`\d{3}-\d{4}`, "call 555-1234", true],
    ["(?i)abc", "xABCx", true],
    ["a(?i)b", "aB", true],
    ["a(?i)b", "AB", false],
    ["(?i:a)b", "Ab", true],
    ["(?i:a)b", "AB", false],
    [String.raw`\Qa.b\E`, "a.b", true],
    [String.raw`\Qa.b\E`, "axb", false],
    ["^[a-z&&[^aeiou]]+$", "bcd", true],
    ["^[a-z&&[^aeiou]]+$", "bad", false],
    ["^[a-c[x-z]]+$", "abzx", true],
    [String.raw`^\p{Lower}+$`, "abc", true],
    [String.raw`^\p{Lower}+$`, "aBc", false],
    [String.raw`^\p{Alpha}\p{Digit}$`, "a1", true],
    [String.raw`^[\p{Upper}\d]+$`, "A1B2", true],
    [String.raw`^\p{L}+$`, "héllo", true],
    [String.raw`^\p{IsLatin}+$`, "abc", true],
    [String.raw`^\P{Digit}+$`, "abc", true],
    ["^a++b$", "aab", true],
    ["^a*+b$", "b", true],
    ["^abc$", "abc\n", true],
    [String.raw`\Aabc\z`, "abc\n", false],
    [String.raw`\Aabc\Z`, "abc\n", true],
    ["(?m)^b$", "a\nb\nc", true],
    ["[]a]", "]", true],
    [String.raw`a\h+b`, "a \tb", true],
    [String.raw`\s`, "\u00a0", false],
    [String.raw`(?<year>\d{4})-(?<month>\d{2})`, "2024-05", true],
    ["(?<=a)b", "ab", true],
    ["(?<!a)b", "ab", false],
    [String.raw`^[\p{L}&&[^\p{Lu}]]+$`, "héllo", true],
    [String.raw`^[\p{L}&&[^\p{Lu}]]+$`, "Héllo", false],
    ["^[^a[b]]$", "c", true],
    ["^[^a[b]]$", "b", false],
    [String.raw`^[^\p{Alpha}]+$`, "1-2", true],
    [String.raw`^\p{IsAlphabetic}+$`, "Straße", true],
    [String.raw`^\p{script=Greek}+$`, "αβγ", true],
    ["^a.c$", "a\u2028c", false],
    ["a{2,1000}", "aa", true],
    [String.raw`^\x{1F600}$`, "😀", true],
    ["^.$", "😀", true],
    [String.raw`\x41\u0042\0103`, "ABC", true],
    [String.raw`\t\e`, "\t\u001b", true],
    ["(?x) a b # spaced out\n c", "abc", true],
    ["a]b}", "a]b}", true],
    ["(?s)a.b", "a\nb", true],
    ["a.b", "a\nb", false],
    [String.raw`\R`, "\r\n", true],
    ["(?>ab|a)c", "abc", true],
    ["colou?r", "color", true],
    ["x{2,3}?", "xx", true],
  ];
  for (const [pattern, input, want] of cases) {
    it(`${JSON.stringify(pattern)} on ${JSON.stringify(input)}`, () =>
      assert.equal(finds(pattern, input), want));
  }

  it("keeps leading flags apart", () => {
    assert.deepEqual(translateJavaRegex("(?is)x", { target: "re2" }).flags, "is");
  });

  it("answers a catastrophic-backtracking pattern at once (no backtracking engine)", () => {
    // (a+)+$ on a's followed by '!' takes a backtracking engine 2^n steps: about 42 s at n = 28.
    const input = `${"a".repeat(5000)}!`;
    assert.equal(finds("(a+)+$", input), false);
    assert.equal(finds("(a|aa)*b", input), false);
    assert.equal(finds("(x+x+)+y", "x".repeat(5000)), false);
  });

  it("refuses backtracking-only constructs, naming them", () => {
    const refusals: [string, RegExp][] = [
      [String.raw`(\w)\1`, /backreference \\1 is not supported: .*linear-time engine/],
      [String.raw`(?<y>a)\k<y>`, /backreference \\k<y> is not supported/],
      ["a(?=b)", /lookahead \(\?=\.\.\.\) is not supported/],
      ["a(?!b)", /lookahead \(\?!\.\.\.\) is not supported/],
      ["a{1001}", /repetition count above 1000/],
      ["(?<=(a))b", /lookbehind may not contain groups/],
    ];
    for (const [bad, why] of refusals) assert.throws(() => compileJavaRegex(bad), why, bad);
  });

  it("refuses what Java refuses or the engine cannot express", () => {
    for (const bad of [
      "a{",
      "(a",
      "a)",
      "[abc",
      String.raw`\G`,
      String.raw`\p{InGreek}`,
      String.raw`\y`,
      "*a",
    ]) {
      assert.throws(() => compileJavaRegex(bad), JavaRegexError, bad);
    }
  });
});
