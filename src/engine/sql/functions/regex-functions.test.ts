import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lit, run, runBoth, T } from "../../../../test/support/sql/sql-function-kit.ts";

describe("regex functions keep Java's semantics on the linear-time engine", () => {
  it("$ matches before a final line terminator, and the match does not include it", () => {
    assert.equal(runBoth("regexp_replace", ["a\n", "a$", "b"]), "b\n");
    assert.equal(runBoth("regexp_replace", ["ab\n", "$", "X"]), "abX\nX");
    assert.equal(runBoth("regexp_replace", ["ab\r\n", "b$", "X"]), "aX\r\n");
    assert.equal(runBoth("regexp_extract", ["12\n", "(\\d+)$", 1]), "12");
    assert.equal(runBoth("regexp_extract", ["12\n", "\\d+\\Z", 0]), "12");
    assert.equal(runBoth("regexp_extract", ["12\n3", "(\\d+)$", 1]), "3");
    assert.equal(runBoth("regexp_instr", ["ab\n", "b$"]), 2);
    assert.equal(runBoth("regexp_count", ["a\na\n", "a$"]), 1);
    assert.equal(runBoth("rlike", ["ba\n", "a$"]), true);
    assert.equal(runBoth("rlike", ["a\nb", "a$"]), false);
  });

  it("groups after a $ keep their numbers", () => {
    assert.equal(runBoth("regexp_extract", ["b", "(a$)|(b)", 2]), "b");
    assert.equal(runBoth("regexp_extract", ["a\n", "(a$)|(b)", 1]), "a");
    assert.equal(runBoth("regexp_replace", ["x\n", "(x$)|(y)", "[$1$2]"]), "[x]\n");
    assert.equal(runBoth("regexp_extract", ["a\n", "(?<w>a)$", 1]), "a");
  });

  it("successive matches follow Java's find(): an empty match after a non-empty one counts", () => {
    assert.equal(runBoth("regexp_replace", ["baaac", "a*", "-"]), "-b--c-");
    assert.equal(runBoth("regexp_count", ["baaac", "a*"]), 4);
    assert.deepEqual(run("regexp_extract_all", [lit("a1b22c333"), lit("(\\d+)"), lit(1)]), [
      "1",
      "22",
      "333",
    ]);
    assert.deepEqual(run("split", [lit("a,b,,c,,"), lit(","), lit(-1)]), ["a", "b", "", "c", "", ""]);
    assert.deepEqual(run("split", [lit("abc"), lit("x*"), lit(-1)]), ["a", "b", "c", ""]);
  });

  it("answers catastrophic-backtracking patterns at once and refuses backreferences by name", () => {
    const input = `${"a".repeat(3000)}!`;
    assert.equal(runBoth("regexp_extract", [input, "(a+)+$", 0]), "");
    assert.equal(runBoth("regexp_replace", [input, "(a|aa)+b", "x"]), input);
    assert.throws(() => run("regexp_replace", [lit("aa"), lit("(a)\\1"), lit("x")]), /backreference \\1/);
    assert.throws(
      () => run("regexp_extract", [lit("ab", T.string), lit("a(?=b)"), lit(0)]),
      /lookahead \(\?=\.\.\.\) is not supported/,
    );
  });
});
