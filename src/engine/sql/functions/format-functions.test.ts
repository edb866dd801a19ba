import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ctxAt, lit, NULL, run, runBoth, T } from "../../../../test/support/sql/sql-function-kit.ts";

describe("format_string / printf", () => {
  it("follows the documented example", () => {
    assert.equal(runBoth("format_string", ["Hello World %d %s", 100, "days"]), "Hello World 100 days");
    assert.equal(runBoth("printf", ["Hello World %d %s", 100, "days"]), "Hello World 100 days");
  });
  it("implements Java's conversions and flags", () => {
    const f = (fmt: string, ...args: Parameters<typeof lit>[]) =>
      run("format_string", [lit(fmt), ...args.map((a) => lit(...a))]);
    assert.equal(f("%05d", [42]), "00042");
    assert.equal(f("%.2f", [1.23456]), "1.23");
    assert.equal(f("%.2f", [2.675]), "2.68");
    assert.equal(f("%10.3f|", [Math.PI]), "     3.142|");
    assert.equal(f("%08.2f", [-3.5]), "-0003.50");
    assert.equal(f("%f", [1.0, T.double]), "1.000000");
    assert.equal(f("%.1f", [5]), "5.0");
    assert.equal(f("%x %X %o", [255], [255], [8]), "ff FF 10");
    assert.equal(f("%x", [-1]), "ffffffff");
    assert.equal(f("%x", [-1n]), "ffffffffffffffff");
    assert.equal(f("%#x", [255]), "0xff");
    assert.equal(f("%%"), "%");
    assert.equal(f("100%% %n"), "100% \n");
    assert.equal(f("%s", [null, T.string]), "null");
    assert.equal(f("%d", [null, T.int]), "null");
    assert.equal(f("%,d", [1234567]), "1,234,567");
    assert.equal(f("%,.2f", [1234567.891]), "1,234,567.89");
    assert.equal(f("%-5s|", ["ab"]), "ab   |");
    assert.equal(f("%5s|", ["ab"]), "   ab|");
    assert.equal(f("%.1s", ["abc"]), "a");
    assert.equal(f("%S", ["abc"]), "ABC");
    assert.equal(f("%+d % d", [5], [5]), "+5  5");
    assert.equal(f("%(d", [-5]), "(5)");
    assert.equal(f("%e", [12345.678]), "1.234568e+04");
    assert.equal(f("%.3E", [0.000123]), "1.230E-04");
    assert.equal(f("%.3e", [0, T.double]), "0.000e+00");
    assert.equal(f("%g", [12345.678]), "12345.7");
    assert.equal(f("%g", [0.0001234]), "0.000123400");
    assert.equal(f("%g", [0.00001]), "1.00000e-05");
    assert.equal(f("%b %b %b", [true], [null, T.string], ["x"]), "true false true");
    assert.equal(f("%c", [65]), "A");
    assert.equal(f("%2$s %1$s", ["a"], ["b"]), "b a");
    assert.equal(f("%s %<s", ["a"]), "a a");
    assert.equal(f("%s", [1.0, T.double]), "1.0");
    assert.equal(f("%s", [0, T.date]), "1970-01-01");
    assert.equal(f("%.2f", [125n, T.decimal(5, 2)]), "1.25");
    assert.equal(f("%d", [12n, T.decimal(5, 0)]), "12");
    assert.equal(f("%s", [Number.NaN]), "NaN");
    assert.equal(f("%f", [Number.POSITIVE_INFINITY]), "Infinity");
    assert.equal(run("format_string", [NULL, lit(1)]), null);
  });
  it("reports bad formats and arguments", () => {
    assert.throws(() => run("format_string", [lit("%d"), lit("x")]), /needs an integer/);
    assert.throws(() => run("format_string", [lit("%d %d"), lit(1)]), /argument 2/);
    assert.throws(() => run("format_string", [lit("%q"), lit(1)]), /format/);
  });
});

describe("format_number", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("format_number", [12332.123456, 4]), "12,332.1235");
    assert.equal(runBoth("format_number", [12332.123456, "##################.###"]), "12332.123");
  });
  it("rounds HALF_EVEN on the exact value and handles patterns", () => {
    assert.equal(runBoth("format_number", [2.675, 2]), "2.67");
    assert.equal(runBoth("format_number", [0.5, 0]), "0");
    assert.equal(runBoth("format_number", [1.5, 0]), "2");
    assert.equal(runBoth("format_number", [-0.001, 2]), "-0.00");
    assert.equal(runBoth("format_number", [1234567, 0]), "1,234,567");
    assert.equal(runBoth("format_number", [1234567n, 2]), "1,234,567.00");
    assert.equal(run("format_number", [lit(150n, T.decimal(5, 2)), lit(1)]), "1.5");
    assert.equal(runBoth("format_number", [123, -1]), null);
    assert.equal(runBoth("format_number", [0.5, "#.##"]), ".5");
    assert.equal(runBoth("format_number", [0.256, "0.0%"]), "25.6%");
    assert.equal(runBoth("format_number", [1234.5, "$#,##0.00"]), "$1,234.50");
    assert.equal(runBoth("format_number", [1234.5, ""]), "1,234");
    assert.equal(run("format_number", [NULL, lit(2)]), null);
  });
});

describe("encodings and identifiers", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("follows the documented examples", () => {
    assert.equal(runBoth("base64", ["Spark SQL"]), "U3BhcmsgU1FM");
    assert.equal(runBoth("base64", [bytes("Spark SQL")]), "U3BhcmsgU1FM");
    assert.deepEqual(runBoth("unbase64", ["U3BhcmsgU1FM"]), bytes("Spark SQL"));
    assert.equal(runBoth("hex", [17]), "11");
    assert.equal(runBoth("hex", ["Spark SQL"]), "537061726B2053514C");
    assert.equal(runBoth("hex", [-1]), "FFFFFFFFFFFFFFFF");
    assert.deepEqual(runBoth("unhex", ["537061726B2053514C"]), bytes("Spark SQL"));
    assert.deepEqual(runBoth("unhex", ["F"]), new Uint8Array([15]));
    assert.equal(runBoth("unhex", ["GG"]), null);
    assert.equal(runBoth("bin", [13]), "1101");
    assert.equal(runBoth("bin", [-13]), "1111111111111111111111111111111111111111111111111111111111110011");
    assert.equal(runBoth("conv", ["100", 2, 10]), "4");
    assert.equal(runBoth("conv", [-10, 16, -10]), "-16");
    assert.equal(runBoth("conv", ["ff", 16, 2]), "11111111");
    assert.equal(runBoth("conv", ["zz", 10, 2]), null);
    assert.deepEqual(runBoth("to_binary", ["abc", "utf-8"]), bytes("abc"));
    assert.deepEqual(runBoth("to_binary", ["616263"]), bytes("abc"));
    assert.deepEqual(runBoth("to_binary", ["YWJj", "base64"]), bytes("abc"));
    assert.equal(runBoth("to_binary", ["YW!j", "base64"]), null);
    assert.deepEqual(runBoth("encode", ["abc", "utf-8"]), bytes("abc"));
    assert.deepEqual(runBoth("encode", ["é", "UTF-16BE"]), new Uint8Array([0, 0xe9]));
    assert.deepEqual(runBoth("encode", ["é", "US-ASCII"]), bytes("?"));
    assert.equal(runBoth("decode", [bytes("abc"), "utf-8"]), "abc");
    assert.equal(runBoth("decode", [new Uint8Array([0, 0xe9]), "UTF-16BE"]), "é");
    assert.throws(() => runBoth("encode", ["abc", "EBCDIC"]), /unknown character set/);
  });
  it("decode(expr, search, result, ..., default)", () => {
    assert.equal(
      runBoth("decode", [
        2,
        1,
        "Southlake",
        2,
        "San Francisco",
        3,
        "New Jersey",
        4,
        "Seattle",
        "Non domestic",
      ]),
      "San Francisco",
    );
    assert.equal(runBoth("decode", [6, 1, "Southlake", 2, "San Francisco", "Non domestic"]), "Non domestic");
    assert.equal(runBoth("decode", [6, 1, "Southlake", 2, "San Francisco"]), null);
    assert.equal(run("decode", [NULL, lit(6), lit("Spark"), NULL, lit("SQL"), lit(4), lit("rocks")]), "SQL");
  });
  it("uuid() is a version-4 UUID from the row's draws", () => {
    const a = run("uuid", [], ctxAt(1)) as string;
    assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(run("uuid", [], ctxAt(1)), a);
    assert.notEqual(run("uuid", [], ctxAt(2)), a);
  });
});

describe("url_encode / url_decode", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("url_encode", ["https://spark.apache.org"]), "https%3A%2F%2Fspark.apache.org");
    assert.equal(runBoth("url_decode", ["https%3A%2F%2Fspark.apache.org"]), "https://spark.apache.org");
  });
  it("encodes like Java's URLEncoder and rejects malformed escapes", () => {
    assert.equal(runBoth("url_encode", ["a b!~'()é*-._"]), "a+b%21%7E%27%28%29%C3%A9*-._");
    assert.equal(runBoth("url_decode", ["a+b%C3%A9"]), "a bé");
    assert.throws(() => runBoth("url_decode", ["%zz"]), /malformed/);
    assert.equal(runBoth("try_url_decode", ["%zz"]), null);
  });
});
