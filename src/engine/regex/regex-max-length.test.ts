import assert from "node:assert/strict";
import { test } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { RowRandom } from "../rng/index.ts";
import { compileRegex, regexMaxLength } from "./index.ts";

test("regexMaxLength multiplies nested quantifiers without building the generator", () => {
  assert.equal(regexMaxLength("((a|b){1000}){1000}"), 1_000_000);
  assert.equal(regexMaxLength("ACC[0-9]{8}"), 11);
  assert.equal(regexMaxLength("a*"), 8, "* repeats up to maxRepeat (8)");
  assert.equal(regexMaxLength("a+b{2,}", { maxRepeat: 3 }), 4 + 5);
  assert.equal(regexMaxLength("(ab|c{5})x"), 6);
  assert.equal(regexMaxLength("(a{3})\\1\\1"), 9, "a backreference is as long as its group");
  assert.equal(regexMaxLength("^\\bfoo\\b$"), 3);
  assert.equal(regexMaxLength("((?:x{100000}){100000}){100000}"), 1e15);
});

test("regexMaxLength bounds every generated string", () => {
  for (const pattern of ["[a-z]{2,6}(-[0-9]{1,3})*", "(ab|c{5})+x?", "(a{1,3})\\1"]) {
    const max = regexMaxLength(pattern);
    const gen = compileRegex(pattern);
    const rnd = new RowRandom(7);
    for (let i = 0; i < 200; i++) assert.ok(gen.generate(rnd.at(i)).length <= max, pattern);
  }
});

test("patterns nesting groups more than 256 deep are refused before parsing", () => {
  const deep = `${"(".repeat(5000)}a${")".repeat(5000)}`;
  for (const f of [() => regexMaxLength(deep), () => compileRegex(deep)]) {
    assert.throws(f, (e) => isRowforgeError(e) && /nests groups deeper than 256 levels/.test(e.message));
  }
  assert.equal(regexMaxLength(`${"(".repeat(200)}a${")".repeat(200)}`), 1);
  assert.equal(
    regexMaxLength(`[(]{3}\\(\\Q((((\\E`),
    3 + 1 + 4,
    "escaped, quoted and class parentheses are not groups",
  );
});
