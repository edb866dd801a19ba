import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowRandom } from "../rng/index.ts";
import { compileRegex } from "./index.ts";

const ROWS = 400;

/** Generates ROWS strings and checks each against the JavaScript equivalent of the pattern. */
function assertGenerates(pattern: string, js: RegExp, check?: (s: string) => void): string[] {
  const g = compileRegex(pattern);
  const rnd = new RowRandom(0x5eed);
  const out: string[] = [];
  for (let row = 0; row < ROWS; row++) {
    const s = g.generate(rnd.at(row));
    assert.ok(js.test(s), `${pattern}: ${JSON.stringify(s)} does not match ${js}`);
    assert.ok(s.isWellFormed(), `${pattern}: ${JSON.stringify(s)} has a lone surrogate`);
    check?.(s);
    out.push(s);
  }
  return out;
}

const printableAscii = (s: string): void => assert.match(s, /^[\x20-\x7e]*$/);

describe("compileRegex: generated strings match the pattern", () => {
  const cases: [string, RegExp][] = [
    ["ACC[0-9]{8}", /^ACC[0-9]{8}$/],
    ["[A-Z]{3}-\\d{4}", /^[A-Z]{3}-\d{4}$/],
    ["(visa|mastercard)", /^(visa|mastercard)$/],
    ["^[a-z0-9._%+-]+@example\\.com$", /^[a-z0-9._%+-]+@example\.com$/],
    ["\\d\\w\\s", /^\d\w[ \t\n\x0B\f\r]$/],
    ["\\t\\n\\.\\u0041\\x42\\x{1F600}", /^\t\n\.AB\u{1F600}$/u],
    ["[a-c][x-z0-2_]", /^[a-c][x-z0-2_]$/],
    ["(?:ab|cd)+", /^(?:ab|cd){1,9}$/],
    ["(?:ab|cd)*", /^(?:ab|cd){0,8}$/],
    ["x{2,}", /^x{2,10}$/],
    ["a{3}b{1,2}c?", /^a{3}b{1,2}c?$/],
    ["(x)(?<n>y|z)(?:w)", /^(x)(?<n>y|z)(?:w)$/],
    ["x*?y+?z??w{2,3}?", /^x*?y+?z??w{2,3}?$/],
    ["a*+b++c?+d{2}+e{1,2}+", /^a*b+c?d{2}e{1,2}$/],
    ["(a|b)\\1{2}", /^(a|b)\1{2}$/],
    ["(?<year>19|20)\\d\\d-\\k<year>", /^(?<year>19|20)\d\d-\k<year>$/],
    ["([a-z]{2})-\\1", /^([a-z]{2})-\1$/],
    ["(?:([a-c])\\1){2,3}", /^(?:([a-c])\1){2,3}$/],
    ["\\p{Lu}\\p{Ll}\\p{N}\\p{L}\\p{Script=Greek}", /^\p{Lu}\p{Ll}\p{N}\p{L}\p{Script=Greek}$/u],
    [
      "\\p{Alpha}\\p{Digit}\\p{Alnum}\\p{Upper}\\p{Lower}\\p{Punct}\\p{Space}\\p{XDigit}\\p{ASCII}\\p{Print}\\p{Graph}",
      /^[a-zA-Z][0-9][a-zA-Z0-9][A-Z][a-z][!-/:-@[-`{-~][ \t\n\x0B\f\r][0-9a-fA-F][\x00-\x7f][ -~][!-~]$/,
    ],
    [
      "\\pL\\p{IsAlphabetic}\\p{javaLowerCase}\\p{IsLatin}\\p{IsLu}",
      /^\p{L}\p{Alphabetic}\p{Lowercase}\p{Script=Latin}\p{Lu}$/u,
    ],
    [
      "\\p{javaUpperCase}\\p{javaDigit}\\p{javaLetterOrDigit}\\p{javaWhitespace}",
      /^\p{Uppercase}\p{Nd}[\p{L}\p{Nd}][\s\x1C-\x1F]$/u,
    ],
    ["\\p{sc=Cyrillic}\\p{gc=Nd}\\p{general_category=Lu}", /^\p{Script=Cyrillic}\p{Nd}\p{Lu}$/u],
    ["(?i)abc", /^abc$/i],
    ["(?i:ab)c(?-i)d", /^abcd$/],
    ["\\Q1+1=2\\E.", /^1\+1=2[ -~]$/],
    ["[\\Q-]\\E]{3}", /^[-\]]{3}$/],
    ["[a-z&&[^aeiou]]{4}", /^[[a-z]--[aeiou]]{4}$/v],
    ["[\\p{L}&&[^\\p{Lu}]]{3}", /^[\p{L}--\p{Lu}]{3}$/v],
    ["[a-c[x-z]]{3}", /^[a-cx-z]{3}$/],
    ["[\\x{1F600}-\\x{1F64F}]{2}", /^[\u{1F600}-\u{1F64F}]{2}$/u],
    ["[😀-😂a]{3}", /^[😀-😂a]{3}$/u],
    ["\\uD83D\\uDE00", /^\u{1F600}$/u],
    ["\\bword\\b", /^\bword\b$/],
    ["\\b\\d{3}\\b|\\b[a-z]+\\b", /^(?:\d{3}|[a-z]+)$/],
    ["[]a]{2}", /^[\]a]{2}$/],
    ["[^]a]{2}", /^[^\]a]{2}$/],
    ["\\h\\v", /^[ \t\xA0\u1680\u180E\u2000-\u200A\u202F\u205F\u3000][\n\x0B\f\r\x85\u2028\u2029]$/],
    ["\\R", /^(?:\r\n|[\n\x0B\f\r\x85\u2028\u2029])$/],
    ["\\Aabc\\z", /^abc$/],
    ["(?x) a b # comment\n c", /^abc$/],
    ["(?>ab|a)c", /^(?:ab|a)c$/],
    ["\\0101\\cA\\e\\a", /^A\x01\x1b\x07$/],
    ["a}b]", /^a\}b\]$/],
    ["[-a][a-][\\-]", /^[-a][a-][-]$/],
    ['\\@\\#\\%\\"', /^@#%"$/],
    ["(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10\\11", /^(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10(?:\1)1$/],
  ];
  for (const [pattern, js] of cases) {
    it(`${pattern.replace(/\n/g, "\\n")}`, () => {
      assertGenerates(pattern, js);
    });
  }

  it("draws `.` and negations from printable ASCII", () => {
    assertGenerates(".{3}", /^[ -~]{3}$/);
    assertGenerates("[^abc]{5}", /^[^abc]{5}$/, printableAscii);
    assertGenerates("\\D\\W\\S", /^\D\W\S$/, printableAscii);
    assertGenerates("\\P{Alpha}\\P{L}[^\\p{Lu}]", /^[^a-zA-Z]\P{L}\P{Lu}$/u, printableAscii);
  });

  it("emits surrogate pairs for characters above the BMP", () => {
    const out = assertGenerates("[\\x{10000}-\\x{1000F}\\x{1F600}]", /^[\u{10000}-\u{1000F}\u{1F600}]$/u);
    assert.ok(out.every((s) => s.length === 2 && (s.codePointAt(0) ?? 0) >= 0x10000));
  });

  it("repeats unbounded quantifiers up to min + maxRepeat (default 8)", () => {
    const lengths = new Set(assertGenerates("a+", /^a+$/).map((s) => s.length));
    assert.deepEqual(
      [...lengths].sort((x, y) => x - y),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    const g = compileRegex("b{2,}", { maxRepeat: 3 });
    const rnd = new RowRandom(1);
    const seen = new Set<number>();
    for (let r = 0; r < 200; r++) seen.add(g.generate(rnd.at(r)).length);
    assert.deepEqual(
      [...seen].sort((x, y) => x - y),
      [2, 3, 4, 5],
    );
    assert.equal(compileRegex("a*", { maxRepeat: 0 }).size, 1n);
  });

  it("uses every alternative and every character of a class", () => {
    const out = new Set(assertGenerates("(visa|mastercard|amex)", /^(visa|mastercard|amex)$/));
    assert.equal(out.size, 3);
    const digits = new Set(assertGenerates("[0-9]", /^\d$/));
    assert.equal(digits.size, 10);
  });
});

describe("compileRegex: determinism", () => {
  it("gives the same string for the same key and row, and different strings for different rows", () => {
    const a = compileRegex("[A-Z]{3}-\\d{4}");
    const b = compileRegex("[A-Z]{3}-\\d{4}");
    const ra = new RowRandom(77);
    const rb = new RowRandom(77);
    const rows = [0, 1, 2, 1000, 2 ** 40, 2 ** 53 - 1];
    const first = rows.map((r) => a.generate(ra.at(r)));
    assert.deepEqual(
      rows.map((r) => b.generate(rb.at(r))),
      first,
    );
    assert.deepEqual(
      [...rows].reverse().map((r) => a.generate(ra.at(r))),
      [...first].reverse(),
    );
    assert.equal(new Set(first).size, rows.length);
    const other = new RowRandom(78);
    assert.notDeepEqual(
      rows.map((r) => a.generate(other.at(r))),
      first,
    );
  });

  it("fills a column with the strings generate gives for its rows, over many buffers' worth", () => {
    // ASCII patterns (bytes gathered a kilobyte at a time, values of 1 to 200 characters), one
    // beyond ASCII and one with a backreference (string by string).
    for (const pattern of ["ACC[0-9]{8}", "[a-z]{1,200}@x\\.org", "", "[α-ω]{2,5}", "(a|b)\\1"]) {
      const g = compileRegex(pattern);
      const rnd = new RowRandom(91);
      const pos = Float64Array.from({ length: 3000 }, (_, i) => (i * 7919) % 5003);
      const values = new Array<string>(pos.length).fill("");
      g.fillColumn(rnd, pos, values);
      assert.deepEqual(
        values,
        [...pos].map((p) => g.generate(rnd.at(p))),
        pattern,
      );
    }
  });

  it("does not carry backreference captures across rows", () => {
    const g = compileRegex("(?:(a)|b)\\1");
    const rnd = new RowRandom(3);
    const out = new Set<string>();
    for (let r = 0; r < 100; r++) out.add(g.generate(rnd.at(r)));
    assert.deepEqual([...out].sort(), ["aa", "b"]);
  });
});

describe("compileRegex: size", () => {
  const sizes: [string, bigint][] = [
    ["ACC[0-9]{8}", 10n ** 8n],
    ["[A-E]", 5n],
    ["(a|bc){2}", 4n],
    ["(visa|mastercard)", 2n],
    ["[a-z]{1,3}", 26n + 26n ** 2n + 26n ** 3n],
    ["a*", 9n],
    ["\\d?", 11n],
    ["(a|b)\\1", 2n],
    [".", 95n],
    ["[^a]", 94n],
    ["\\p{Alpha}", 52n],
    ["x{0}", 1n],
    ["^abc$", 1n],
    ["[A-Z]{3}-\\d{4}", 26n ** 3n * 10n ** 4n],
    ["[😀-😂]{2}", 9n],
  ];
  for (const [pattern, size] of sizes) {
    it(`${pattern} has ${size} strings`, () => {
      assert.equal(compileRegex(pattern).size, size);
    });
  }

  it("handles huge spaces as bigints and saturates absurd ones", () => {
    assert.equal(compileRegex("[0-9a-f]{64}").size, 16n ** 64n);
    assert.equal(compileRegex("((.{0,300}){0,300}){0,300}").size, 1n << 4096n);
  });
});
