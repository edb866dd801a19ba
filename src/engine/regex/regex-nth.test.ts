import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowforgeError } from "../../errors/index.ts";
import { createPermutation } from "../rng/index.ts";
import { compileRegex } from "./index.ts";

/** Walks the whole space: every index gives a matching string and no two give the same one. */
function assertBijection(pattern: string, js: RegExp): string[] {
  const g = compileRegex(pattern);
  const n = Number(g.size);
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = g.nth(i);
    assert.ok(js.test(s), `${pattern}: nth(${i}) = ${JSON.stringify(s)} does not match ${js}`);
    const prev = seen.get(s);
    assert.equal(prev, undefined, `${pattern}: nth(${prev}) and nth(${i}) are both ${JSON.stringify(s)}`);
    seen.set(s, i);
    out.push(s);
  }
  return out;
}

describe("RegexGenerator.nth", () => {
  const exact: [string, RegExp, number][] = [
    ["[A-E]", /^[A-E]$/, 5],
    ["[A-E]{1,3}", /^[A-E]{1,3}$/, 5 + 25 + 125],
    ["(a|bc){2}", /^(a|bc){2}$/, 4],
    ["(cat|dog|bird)-[0-9]{2}", /^(cat|dog|bird)-[0-9]{2}$/, 300],
    ["[ab]{0,4}", /^[ab]{0,4}$/, 31],
    ["(x|y)?z{1,2}", /^(x|y)?z{1,2}$/, 6],
    ["[😀-😂]{1,2}x", /^[😀-😂]{1,2}x$/u, 12],
    ["(a|b)\\1c?", /^(a|b)\1c?$/, 4],
    ["((a|b)c\\2){1,2}", /^((a|b)c\2){1,2}$/, 6],
    ["ID-\\d{3}", /^ID-\d{3}$/, 1000],
    ["[a-c]{2}(?:-[0-9]{1,2})?", /^[a-c]{2}(?:-[0-9]{1,2})?$/, 9 * 111],
    ["\\p{Upper}{2}[\\p{Digit}&&[^0]]", /^[A-Z]{2}[1-9]$/, 26 * 26 * 9],
  ];
  for (const [pattern, js, size] of exact) {
    it(`is a bijection on the ${size} strings of ${pattern}`, () => {
      assert.equal(compileRegex(pattern).size, BigInt(size));
      assertBijection(pattern, js);
    });
  }

  it("numbers the space with the last character varying fastest", () => {
    const g = compileRegex("ACC[0-9]{8}");
    assert.equal(g.nth(0), "ACC00000000");
    assert.equal(g.nth(12345), "ACC00012345");
    assert.equal(g.nth(99_999_999), "ACC99999999");
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((i) => compileRegex("[ab]{1,2}").nth(i)),
      ["a", "b", "aa", "ab", "ba", "bb"],
    );
  });

  it("accepts bigint indexes beyond 2^53 and agrees with number indexes below", () => {
    const g = compileRegex("[a-z]{20}");
    assert.equal(g.size, 26n ** 20n);
    assert.equal(g.nth(0n), "a".repeat(20));
    assert.equal(g.nth(g.size - 1n), "z".repeat(20));
    let i = 2n ** 60n + 12345n;
    let expected = "";
    for (let k = 0; k < 20; k++) {
      expected = String.fromCharCode(97 + Number(i % 26n)) + expected;
      i /= 26n;
    }
    assert.equal(g.nth(2n ** 60n + 12345n), expected);
    for (const n of [0, 1, 25, 26, 123456789, 2 ** 53 - 1]) assert.equal(g.nth(n), g.nth(BigInt(n)));
    const h = compileRegex("(x|[0-9]{18}|y{1,3})z?");
    for (const n of [0n, 1n, 10n ** 18n, 10n ** 18n + 1n, h.size - 1n]) {
      assert.equal(h.nth(n), n <= BigInt(Number.MAX_SAFE_INTEGER) ? h.nth(Number(n)) : h.nth(n));
      assert.match(h.nth(n), /^(x|[0-9]{18}|y{1,3})z?$/);
    }
  });

  it("gives distinct strings for a permuted walk over a large space", () => {
    const g = compileRegex("[A-Z]{2}\\d{6}");
    const perm = createPermutation(Number(g.size), 42);
    const seen = new Set<string>();
    for (let row = 0; row < 100_000; row++) seen.add(g.nth(perm(row)));
    assert.equal(seen.size, 100_000);
  });

  it("documents the ambiguous shapes: overlapping alternatives or optional repeats can repeat strings", () => {
    const alt = compileRegex("a|a");
    assert.equal(alt.size, 2n);
    assert.equal(alt.nth(0), alt.nth(1));
    const opt = compileRegex("a?a?");
    assert.equal(opt.size, 4n);
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => opt.nth(i)),
      ["", "a", "a", "aa"],
    );
  });

  it("rejects indexes outside [0, size)", () => {
    const g = compileRegex("[A-E]");
    for (const bad of [-1, 5, 1.5, Number.NaN, 5n, -1n]) {
      assert.throws(
        () => g.nth(bad),
        (e: unknown) => e instanceof RowforgeError && e.code === "RF_VALUE_INVALID",
      );
    }
  });
});
