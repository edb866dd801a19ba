import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { col, lit, NULL, run, runBoth, T, typeOf } from "../../../../test/support/sql/sql-function-kit.ts";

describe("concat / concat_ws", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("concat", ["Spark", "SQL"]), "SparkSQL");
    assert.equal(runBoth("concat_ws", [" ", "Spark", "SQL"]), "Spark SQL");
    assert.equal(runBoth("concat_ws", ["s"]), "");
    assert.equal(run("concat_ws", [lit("/"), lit("foo"), NULL, lit("bar")]), "foo/bar");
    assert.equal(run("concat_ws", [NULL, lit("Spark"), lit("SQL")]), null);
  });
  it("returns NULL when any input is NULL, casts numbers, joins arrays", () => {
    assert.equal(run("concat", [lit("a"), NULL]), null);
    assert.equal(run("concat", [lit("a"), lit(1), lit(2n), lit(true)]), "a12true");
    assert.equal(run("concat", []), "");
    const ints = T.array(T.int);
    assert.deepEqual(
      run("concat", [lit([1, 2, 3], ints), lit([4, 5], ints), lit([6], ints)]),
      [1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(typeOf("concat", [lit([1], ints), lit([2n], T.array(T.long))]), T.array(T.long));
    assert.equal(run("concat", [lit([1], ints), col(null, ints)]), null);
    assert.equal(run("concat_ws", [lit(","), lit(["a", null, "b"], T.array(T.string)), lit("c")]), "a,b,c");
  });
});

describe("case and length", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("upper", ["SparkSql"]), "SPARKSQL");
    assert.equal(runBoth("ucase", ["SparkSql"]), "SPARKSQL");
    assert.equal(runBoth("lower", ["SparkSql"]), "sparksql");
    assert.equal(runBoth("lcase", ["SparkSql"]), "sparksql");
    assert.equal(runBoth("initcap", ["sPark sql"]), "Spark Sql");
    assert.equal(runBoth("length", ["Spark SQL "]), 10);
    assert.equal(runBoth("char_length", ["Spark SQL "]), 10);
    assert.equal(runBoth("character_length", ["Spark SQL "]), 10);
    assert.equal(runBoth("len", ["Spark SQL "]), 10);
    assert.equal(runBoth("octet_length", ["Spark SQL"]), 9);
    assert.equal(runBoth("bit_length", ["Spark SQL"]), 72);
    assert.equal(runBoth("length", [new Uint8Array([1, 2, 3])]), 3);
  });
  it("counts code points, not UTF-16 units", () => {
    assert.equal(runBoth("length", ["a😀b"]), 3);
    assert.equal(runBoth("octet_length", ["é"]), 2);
    assert.equal(runBoth("reverse", ["a😀b"]), "b😀a");
    assert.equal(runBoth("length", [null], [T.string]), null);
  });
});

describe("search functions", () => {
  it("instr / locate / position", () => {
    assert.equal(runBoth("instr", ["SparkSQL", "SQL"]), 6);
    assert.equal(runBoth("instr", ["SparkSQL", "xyz"]), 0);
    assert.equal(runBoth("locate", ["bar", "foobarbar"]), 4);
    assert.equal(runBoth("locate", ["bar", "foobarbar", 5]), 7);
    assert.equal(runBoth("position", ["bar", "foobarbar"]), 4);
    assert.equal(runBoth("locate", ["bar", "foobarbar", 0]), 0);
    assert.equal(run("locate", [lit("bar"), lit("foobarbar"), NULL]), 0);
    assert.equal(run("locate", [NULL, lit("foobarbar")]), null);
  });
  it("startswith / endswith / contains / find_in_set / substring_index", () => {
    assert.equal(runBoth("startswith", ["Spark SQL", "Spark"]), true);
    assert.equal(runBoth("endswith", ["Spark SQL", "SQL"]), true);
    assert.equal(runBoth("contains", ["Spark SQL", "Spork"]), false);
    assert.equal(run("contains", [NULL, lit("x")]), null);
    assert.equal(runBoth("find_in_set", ["ab", "abc,b,ab,c,def"]), 3);
    assert.equal(runBoth("find_in_set", ["a,b", "a,b"]), 0);
    assert.equal(runBoth("substring_index", ["www.apache.org", ".", 2]), "www.apache");
    assert.equal(runBoth("substring_index", ["www.apache.org", ".", -2]), "apache.org");
    assert.equal(runBoth("substring_index", ["www.apache.org", ".", 5]), "www.apache.org");
    assert.equal(runBoth("substring_index", ["www.apache.org", ".", -5]), "www.apache.org");
    assert.equal(runBoth("substring_index", ["www.apache.org", ".", 0]), "");
    assert.equal(runBoth("substring_index", ["aaa", "aa", 2]), "a");
  });
});

describe("character transforms", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("reverse", ["Spark SQL"]), "LQS krapS");
    assert.deepEqual(run("reverse", [lit([2, 1, 4, 3], T.array(T.int))]), [3, 4, 1, 2]);
    assert.equal(runBoth("repeat", ["123", 2]), "123123");
    assert.equal(runBoth("repeat", ["123", -1]), "");
    assert.equal(runBoth("translate", ["AaBbCc", "abc", "123"]), "A1B2C3");
    assert.equal(runBoth("translate", ["AaBbCc", "abc", "1"]), "A1BC");
    assert.equal(runBoth("ascii", ["222"]), 50);
    assert.equal(runBoth("ascii", [2]), 50);
    assert.equal(runBoth("ascii", [""]), 0);
    assert.equal(runBoth("chr", [65]), "A");
    assert.equal(runBoth("char", [321]), "A");
    assert.equal(runBoth("chr", [-1]), "");
    assert.equal(runBoth("replace", ["ABCabc", "abc", "DEF"]), "ABCDEF");
    assert.equal(runBoth("replace", ["ABCabc", "abc"]), "ABC");
    assert.equal(runBoth("replace", ["ABC", "", "x"]), "ABC");
    assert.equal(runBoth("space", [2]), "  ");
    assert.equal(runBoth("elt", [1, "scala", "java"]), "scala");
    assert.equal(runBoth("elt", [3, "scala", "java"]), null);
    assert.equal(runBoth("levenshtein", ["kitten", "sitting"]), 3);
    assert.equal(runBoth("levenshtein", ["kitten", "sitting", 2]), -1);
    assert.equal(runBoth("soundex", ["Miller"]), "M460");
    assert.equal(runBoth("soundex", ["Ashcraft"]), "A261");
    assert.equal(runBoth("soundex", ["1abc"]), "1abc");
  });
});

describe("substring / left / right / pad / trim", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("substring", ["Spark SQL", 5]), "k SQL");
    assert.equal(runBoth("substring", ["Spark SQL", -3]), "SQL");
    assert.equal(runBoth("substring", ["Spark SQL", 5, 1]), "k");
    assert.equal(runBoth("substr", ["Spark SQL", 5, 1]), "k");
    assert.equal(runBoth("left", ["Spark SQL", 3]), "Spa");
    assert.equal(runBoth("right", ["Spark SQL", 3]), "SQL");
    assert.equal(runBoth("lpad", ["hi", 5, "??"]), "???hi");
    assert.equal(runBoth("lpad", ["hi", 1, "??"]), "h");
    assert.equal(runBoth("lpad", ["hi", 5]), "   hi");
    assert.equal(runBoth("rpad", ["hi", 5, "??"]), "hi???");
    assert.equal(runBoth("rpad", ["hi", 1, "??"]), "h");
    assert.equal(runBoth("rpad", ["hi", 5]), "hi   ");
    assert.equal(runBoth("trim", ["    SparkSQL   "]), "SparkSQL");
    assert.equal(runBoth("trim", ["SSparkSQLS", "SL"]), "parkSQ");
    assert.equal(runBoth("btrim", ["SSparkSQLS", "SL"]), "parkSQ");
    assert.equal(runBoth("ltrim", ["    SparkSQL   "]), "SparkSQL   ");
    assert.equal(runBoth("rtrim", ["    SparkSQL   "]), "    SparkSQL");
    assert.equal(runBoth("ltrim", ["SSparkSQLS", "Sp"]), "arkSQLS");
    assert.equal(runBoth("rtrim", ["SSparkSQLS", "SQL"]), "SSpark");
    assert.equal(runBoth("split_part", ["11.12.13", ".", 3]), "13");
    assert.equal(runBoth("split_part", ["11.12.13", ".", -1]), "13");
    assert.equal(runBoth("split_part", ["11.12.13", ".", 4]), "");
    assert.equal(runBoth("overlay", ["Spark SQL", "_", 6]), "Spark_SQL");
    assert.equal(runBoth("overlay", ["Spark SQL", "CORE", 7]), "Spark CORE");
    assert.equal(runBoth("overlay", ["Spark SQL", "ANSI ", 7, 0]), "Spark ANSI SQL");
    assert.equal(runBoth("overlay", ["Spark SQL", "tructured", 2, 4]), "Structured SQL");
  });
  it("handles edge positions like Spark", () => {
    assert.equal(runBoth("substring", ["Spark", 0]), "Spark");
    assert.equal(runBoth("substring", ["Spark", 0, 2]), "Sp");
    assert.equal(runBoth("substring", ["Spark", -10, 7]), "Sp");
    assert.equal(runBoth("substring", ["Spark", -10, 5]), "");
    assert.equal(runBoth("substring", ["Spark", -7, 4]), "Sp");
    assert.equal(runBoth("substring", ["Spark", 10]), "");
    assert.equal(runBoth("substring", ["Spark", 2, -1]), "");
    assert.equal(runBoth("substring", ["a😀bc", 2, 2]), "😀b");
    assert.equal(runBoth("left", ["Spark", -1]), "");
    assert.equal(runBoth("right", ["Spark", 10]), "Spark");
    assert.equal(runBoth("lpad", ["hi", 5, ""]), "hi");
    assert.equal(runBoth("lpad", ["hi", -1]), "");
    assert.equal(runBoth("trim", ["\t x \t"]), "\t x \t");
    assert.equal(run("substring", [NULL, lit(1)]), null);
    assert.equal(run("substring", [lit("x"), NULL]), null);
    assert.deepEqual(run("substring", [lit(new Uint8Array([1, 2, 3, 4])), lit(-2)]), new Uint8Array([3, 4]));
  });
});

describe("regular expressions", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("regexp_replace", ["100-200", "(\\d+)", "num"]), "num-num");
    assert.equal(runBoth("regexp_extract", ["100-200", "(\\d+)-(\\d+)", 1]), "100");
    assert.deepEqual(runBoth("regexp_extract_all", ["100-200, 300-400", "(\\d+)-(\\d+)", 1]), ["100", "300"]);
    assert.equal(runBoth("rlike", ["%SystemDrive%\\Users\\John", "%SystemDrive%\\\\Users.*"]), true);
    assert.equal(runBoth("regexp", ["abc", "^a.c$"]), true);
    assert.equal(runBoth("regexp_like", ["%SystemDrive%\\Users\\John", "%SystemDrive%\\\\Users.*"]), true);
    const s = "Steven Jones and Stephen Smith are the best players";
    assert.equal(runBoth("regexp_count", [s, "Ste(v|ph)en"]), 2);
    assert.equal(runBoth("regexp_substr", [s, "Ste(v|ph)en"]), "Steven");
    assert.equal(runBoth("regexp_substr", [s, "Jeck"]), null);
    assert.equal(runBoth("regexp_instr", ["user@spark.apache.org", "@[^.]*"]), 5);
    assert.deepEqual(runBoth("split", ["oneAtwoBthreeC", "[ABC]"]), ["one", "two", "three", ""]);
    assert.deepEqual(runBoth("split", ["oneAtwoBthreeC", "[ABC]", -1]), ["one", "two", "three", ""]);
    assert.deepEqual(runBoth("split", ["oneAtwoBthreeC", "[ABC]", 2]), ["one", "twoBthreeC"]);
  });
  it("uses Java replacement and regex syntax", () => {
    assert.equal(runBoth("regexp_replace", ["2024-01-05", "(\\d+)-(\\d+)-(\\d+)", "$3/$2/$1"]), "05/01/2024");
    assert.equal(runBoth("regexp_replace", ["a.b", "\\.", "\\$"]), "a$b");
    assert.equal(runBoth("regexp_replace", ["ab12", "(?<d>\\d)", "<${d}>"]), "ab<1><2>");
    assert.equal(runBoth("regexp_replace", ["Hello", "(?i)h", "J"]), "Jello");
    assert.equal(runBoth("regexp_replace", ["a+b", "\\Q+\\E", "-"]), "a-b");
    assert.equal(runBoth("regexp_replace", ["abc123", "\\p{Alpha}+", "x"]), "x123");
    assert.equal(runBoth("regexp_replace", ["abc123", "[\\p{Digit}]", "#"]), "abc###");
    assert.equal(runBoth("regexp_replace", ["été", "\\p{L}", "x"]), "xxx");
    assert.equal(runBoth("regexp_replace", ["aaa", "a*+", "b"]), "bb");
    assert.equal(runBoth("regexp_replace", ["abc", "", "-"]), "-a-b-c-");
    assert.equal(runBoth("regexp_replace", ["aaaa", "a", "b", 3]), "aabb");
    assert.equal(runBoth("regexp_replace", ["aaaa", "a", "b", 9]), "aaaa");
    assert.equal(runBoth("regexp_replace", ["a1", "(\\d)", "$10"]), "a10");
    assert.throws(() => run("regexp_replace", [lit("a"), lit("(a"), lit("b")]), /invalid regular expression/);
    assert.throws(() => run("regexp_replace", [lit("a"), lit("(a)"), lit("$2")]), /group 2/);
    assert.throws(() => run("regexp_replace", [lit("a"), lit("a"), lit("b"), lit(0)]), /position/);
    assert.throws(() => run("regexp_extract", [lit("a"), lit("(a)"), lit(2)]), /group 2/);
  });
  it("handles misses, optional groups and NULLs", () => {
    assert.equal(runBoth("regexp_extract", ["abc", "(\\d+)", 1]), "");
    assert.equal(runBoth("regexp_extract", ["abc", "(x)?abc", 1]), "");
    assert.equal(runBoth("regexp_extract", ["abc", "b", 0]), "b");
    assert.equal(run("regexp_extract", [NULL, lit("(a)")]), null);
    assert.equal(run("regexp_replace", [lit("a"), NULL, lit("b")]), null);
    assert.equal(run("rlike", [lit("a"), NULL]), null);
  });
  it("splits like Java with Spark's limits", () => {
    assert.deepEqual(runBoth("split", ["abc", ""]), ["a", "b", "c"]);
    assert.deepEqual(runBoth("split", ["abc", "", 2]), ["a", "bc"]);
    assert.deepEqual(runBoth("split", ["", ","]), [""]);
    assert.deepEqual(runBoth("split", [",a,,b,", ","]), ["", "a", "", "b", ""]);
    assert.deepEqual(runBoth("split", ["a b  c", "\\s+"]), ["a", "b", "c"]);
    assert.deepEqual(runBoth("split", ["a1b2c3", "\\d", 0]), ["a", "b", "c", ""]);
    assert.deepEqual(runBoth("split", ["a.b.c", "\\.", 1]), ["a.b.c"]);
    assert.deepEqual(runBoth("split", ["a|b", "|"]), ["a", "|", "b", ""]);
  });
});
