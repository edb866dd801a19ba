import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { translateJavaRegex as translate } from "./index.ts";

const translateJavaRegex = (java: string) => translate(java, { target: "js-v" });

/** The translated pattern as a whole-string `v`-flag RegExp. */
const js = (java: string): RegExp => new RegExp(`^(?:${translateJavaRegex(java).source})$`, "v");

describe("translateJavaRegex", () => {
  it("keeps plain JavaScript-compatible syntax as written", () => {
    for (const p of ["abc", "a|b", "(x)(?:y)(?<n>z)\\1\\k<n>", "a*b+c?d{2}e{1,}f{1,2}", "^\\d\\w\\s.$"]) {
      assert.equal(translateJavaRegex(p).source, p);
    }
  });

  it("rewrites Java classes into v-flag classes with the same members", () => {
    const cases: [string, string[], string[]][] = [
      ["[a-z0-9._%+-]", ["a", "9", ".", "_", "%", "+", "-"], ["A", "/", "["]],
      ["[a-z&&[^aeiou]]", ["b", "z"], ["a", "e", "A"]],
      ["[a-c[x-z]]", ["a", "y"], ["d"]],
      ["[]a]", ["]", "a"], ["["]],
      ["[^]a]", ["b"], ["]", "a"]],
      ["[\\Q]-[\\E]", ["]", "-", "["], ["a"]],
      ["[\\p{Alpha}_]", ["q", "Q", "_"], ["1"]],
      ["[\\P{Digit}&&\\p{ASCII}]", ["a"], ["5", "é"]],
      ["[(){}|/]", ["(", "}", "|", "/"], ["a"]],
    ];
    for (const [java, yes, no] of cases) {
      const re = js(java);
      for (const s of yes) assert.ok(re.test(s), `${java} should match ${s}`);
      for (const s of no) assert.ok(!re.test(s), `${java} should not match ${s}`);
    }
  });

  it("rewrites Java-only escapes", () => {
    assert.ok(js("\\Qa.b*\\E").test("a.b*"));
    assert.ok(!js("\\Qa.b*\\E").test("axb"));
    assert.ok(js("\\x{1F600}\\x41\\0101\\e").test("😀AA\x1b"));
    assert.ok(js("\\Aab\\z").test("ab"));
    assert.ok(js("\\h\\v\\R").test("\t\n\r\n"));
    assert.ok(js("\\p{Punct}\\p{XDigit}\\p{javaLowerCase}\\p{IsGreek}").test("!fxλ"));
    assert.ok(js("\\@\\#").test("@#"));
  });

  it("drops possessive marks, atomic groups and inline flags, and honours (?x)", () => {
    assert.equal(translateJavaRegex("a*+b++c?+d{2}+").source, "a*b+c?d{2}");
    assert.equal(translateJavaRegex("a*?b{1,2}?").source, "a*?b{1,2}?");
    assert.equal(translateJavaRegex("(?>ab)").source, "(?:ab)");
    assert.equal(translateJavaRegex("(?i)ab(?-i)c(?s:d)").source, "abc(?:d)");
    assert.equal(translateJavaRegex("(?x) a b # note\n c [ d ]").source, "abc[[d]]");
    assert.equal(translateJavaRegex("(?is)(?-s)a(?m)b").flags, "i");
    assert.equal(translateJavaRegex("a(?i)b").flags, "");
  });

  it("splits multi-digit backreferences the way Java does", () => {
    const groups = "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)";
    assert.ok(js(`${groups}\\10`).test("abcdefghijj"));
    assert.ok(js(`${groups}\\11`).test("abcdefghija1"));
    assert.ok(js("(a)\\12").test("aa2"));
  });

  it("maps every output character back to its position in the Java pattern", () => {
    const java = "\\Q((\\E[a&&b](?=x)";
    const { source, positions } = translateJavaRegex(java);
    assert.equal(positions.length, source.length + 1);
    assert.equal(positions[source.indexOf("(?=")], java.indexOf("(?="));
    assert.equal(positions[source.indexOf("[")], java.indexOf("["));
    assert.equal(positions[source.length], java.length);
  });
});
