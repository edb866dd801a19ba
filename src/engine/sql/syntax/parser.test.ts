import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isRowforgeError } from "../../../errors/index.ts";
import { sqlReferences } from "../compile/sql-references.ts";
import { formatAst } from "./ast-format.ts";
import { parseSql } from "./parser.ts";

const p = (text: string): string => formatAst(parseSql(text));

/** A test for each [text, tree]: the text parses to the tree, written as ast-format writes it. */
function parsesEach(cases: readonly (readonly [string, string])[]): void {
  for (const [text, want] of cases) it(text, () => assert.equal(p(text), want));
}

function parseError(text: string, code = "RF_SQL_INVALID"): string {
  try {
    parseSql(text);
  } catch (e) {
    assert.ok(isRowforgeError(e));
    assert.equal(e.code, code);
    return e.message;
  }
  assert.fail(`expected a syntax error for ${text}`);
}

describe("parseSql precedence", () => {
  parsesEach([
    ["1 + 2 * 3", "(+ 1:int (* 2:int 3:int))"],
    ["(1 + 2) * 3", "(* (+ 1:int 2:int) 3:int)"],
    ["a - b - c", "(- (- a b) c)"],
    ["a / b % c DIV d", "(div (% (/ a b) c) d)"],
    ["-a * b", "(* (- a) b)"],
    ["a || b + c", "(+ (|| a b) c)"],
    ["a + b = c * d", "(= (+ a b) (* c d))"],
    ["a = 1 AND b = 2 OR c = 3", "(or (and (= a 1:int) (= b 2:int)) (= c 3:int))"],
    ["a OR b AND c", "(or a (and b c))"],
    ["NOT a = b", "(not (= a b))"],
    ["NOT a AND b", "(and (not a) b)"],
    ["! a OR b", "(or (not a) b)"],
    ["a & b | c ^ d", "(| (& a b) (^ c d))"],
    ["a | b = c", "(= (| a b) c)"],
    ["a = b IS NULL", "(isnull (= a b))"],
    ["a + 1 IS NOT NULL AND b", "(and (isnotnull (+ a 1:int)) b)"],
    ["x BETWEEN 1 AND 2 AND y", "(and (between x 1:int 2:int) y)"],
    ["x NOT BETWEEN a + 1 AND b * 2", "(notbetween x (+ a 1:int) (* b 2:int))"],
    ["a == b", "(= a b)"],
    ["a != b", "(<> a b)"],
    ["a <=> b", "(<=> a b)"],
    ["a >= b", "(>= a b)"],
    ["~a + 1", "(+ (~ a) 1:int)"],
    ["a IS DISTINCT FROM b", "(not (<=> a b))"],
    ["a IS NOT DISTINCT FROM b", "(<=> a b)"],
    ["x IS TRUE", "(istrue x)"],
    ["x IS NOT FALSE", "(isnotfalse x)"],
  ]);
});

describe("parseSql literals", () => {
  parsesEach([
    ["10", "10:int"],
    ["2147483647", "2147483647:int"],
    ["2147483648", "2147483648:long"],
    ["-2147483648", "-2147483648:int"],
    ["-2147483649", "-2147483649:long"],
    ["99999999999999999999", "99999999999999999999:decimal(20,0)"],
    ["10L", "10:long"],
    ["10S", "10:short"],
    ["10Y", "10:byte"],
    ["1.5", "15:decimal(2,1)"],
    ["0.0", "0:decimal(1,1)"],
    ["0.01", "1:decimal(2,2)"],
    ["10.00", "1000:decimal(4,2)"],
    [".5", "5:decimal(1,1)"],
    ["1.5BD", "15:decimal(2,1)"],
    ["1.5D", "1.5:double"],
    ["0D", "0:double"],
    ["1.5F", "1.5:float"],
    ["1e3", "1000:double"],
    ["1.5E-2", "0.015:double"],
    ["TRUE", "true:boolean"],
    ["false", "false:boolean"],
    ["NULL", "NULL"],
    ["'it''s'", "'its'"],
    ["'a' 'b'", "'ab'"],
    ['"double"', "'double'"],
    ["'tab\\there'", "'tab\there'"],
    ["'\\u0041\\101'", "'AA'"],
    ["'100\\%'", "'100\\%'"],
    ["X'0aFF'", "X'0aff'"],
    ["DATE '2024-01-01'", "19723:date"],
    ["TIMESTAMP '2024-01-01 00:00:01'", "1704067201000000:timestamp"],
    ["INTERVAL 5 SECOND", "(interval 0 0 5000000)"],
    ["INTERVAL 1 DAY 2 HOURS", "(interval 0 1 7200000000)"],
    ["INTERVAL '1' MONTH", "(interval 1 0 0)"],
    ["INTERVAL '1 year 3 days'", "(interval 12 3 0)"],
    ["INTERVAL -2 WEEKS", "(interval 0 -14 0)"],
  ]);

  it("a column may be called date, timestamp or interval", () => {
    assert.equal(p("YEAR(date) + interval"), "(+ (YEAR(date)) interval)");
    assert.equal(p("timestamp"), "timestamp");
  });
});

describe("parseSql names and postfix forms", () => {
  parsesEach([
    ["body.account_id", "(. body account_id)"],
    ["a.b.c", "(. (. a b) c)"],
    ["`weird name`.`x``y`", "(. weird name x`y)"],
    ["arr[0]", "([] arr 0:int)"],
    ["m['key'].f", "(. ([] m 'key') f)"],
    ["SPLIT(name, ' ')[1]", "([] (SPLIT(name ' ')) 1:int)"],
    [
      "element_at(sort_array(h, false), 1).status",
      "(. (element_at((sort_array(h false:boolean)) 1:int)) status)",
    ],
    ["x::int + 1", "(+ (cast x int) 1:int)"],
    ["CAST(x AS decimal(10, 2))", "(cast x decimal(10,2))"],
    ["CAST(x AS array<struct<a:int,b:string>>)", "(cast x array<struct<a:int,b:string>>)"],
    ["TRY_CAST(x AS map<string, int>)", "(cast x map<string,int>)"],
    ["CAST(RAND() * 100 AS INT)", "(cast (* (RAND()) 100:int) int)"],
    ["count()", "(count())"],
    ["1st_place", "1st_place"],
  ]);
});

describe("parseSql predicates, CASE and lambdas", () => {
  parsesEach([
    ["x IN (1, 2, 3)", "(in x 1:int 2:int 3:int)"],
    ["x NOT IN ('a')", "(notin x 'a')"],
    ["name LIKE 'A%'", "(like name 'A%')"],
    ["name NOT LIKE 'A!%' ESCAPE '!'", "(notlike name 'A!%' escape '!')"],
    ["name ILIKE 'a%'", "(ilike name 'a%')"],
    ["name RLIKE '^[A-Z]+$'", "(rlike name '^[A-Z]+$')"],
    ["name NOT REGEXP 'x'", "(notrlike name 'x')"],
    ["CASE WHEN a > 1 THEN 'x' ELSE 'y' END", "(case (when (> a 1:int) 'x') (else 'y'))"],
    ["CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' END", "(case a (when 1:int 'x') (when 2:int 'y'))"],
    ["transform(items, x -> x.price * x.qty)", "(transform(items (lambda (x) (* (. x price) (. x qty)))))"],
    [
      "aggregate(items, 0D, (acc, x) -> acc + x.amount)",
      "(aggregate(items 0:double (lambda (acc x) (+ acc (. x amount)))))",
    ],
    ["filter(a, (x) -> x > 1)", "(filter(a (lambda (x) (> x 1:int))))"],
    ["SUBSTRING(s FROM 2 FOR 3)", "(SUBSTRING(s 2:int 3:int))"],
    ["EXTRACT(YEAR FROM d)", "(date_part('YEAR' d))"],
    ["POSITION('b' IN s)", "(POSITION('b' s))"],
    ["position('b', s, 2)", "(position('b' s 2:int))"],
    ["a -- comment\n + 1", "(+ a 1:int)"],
    ["a /* c */ + 1", "(+ a 1:int)"],
  ]);

  it("parses a multi-line CASE as written in YAML", () => {
    assert.equal(
      p("CASE WHEN amount > 50 THEN\n  true\nELSE\n  false\nEND"),
      "(case (when (> amount 50:int) true:boolean) (else false:boolean))",
    );
  });

  it("freezes the tree", () => {
    const ast = parseSql("a + 1");
    assert.ok(Object.isFrozen(ast));
    assert.ok(ast.kind === "binary" && Object.isFrozen(ast.left));
  });
});

describe("parseSql errors", () => {
  const cases: [string, RegExp][] = [
    ["", /empty/],
    ["a +", /position 4: expected an expression but found the end of the expression/],
    ["(a + 1", /position 7: expected "\)" to close the parenthesis/],
    ["CASE WHEN a THEN 1", /position 19: expected END to close CASE/],
    ["CASE a END", /position 8: expected WHEN in CASE/],
    ["'abc", /position 1: unclosed string literal/],
    ["a b", /position 3: unexpected "b" after a complete expression/],
    ["CAST(a AS nosuchtype)", /position 11: invalid type "nosuchtype": unknown type/],
    ["CAST(a AS intger)", /unknown type "intger"; did you mean "integer"/],
    ["CAST(a int)", /position 8: expected AS in CAST/],
    ["a # b", /position 3: unexpected character "#"/],
    ["x IN 1", /position 6: expected "\(" after IN/],
    ["128Y", /not a valid byte literal/],
    ["DATE '2024-13-01'", /is not a date/],
    ["INTERVAL 5 FORTNIGHTS", /expected an interval unit/],
    ["a LIKE 'x' ESCAPE 'ab'", /one-character string after ESCAPE/],
    ["a AND", /position 6: expected an expression/],
    ["a = THEN", /position 5: expected an expression but found "THEN"/],
    ["f(DISTINCT x)", /DISTINCT is not supported/],
  ];
  for (const [text, want] of cases) it(JSON.stringify(text), () => assert.match(parseError(text), want));

  it("names the expression in the message", () => {
    assert.match(parseError("a +"), /^SQL expression "a \+" at position/);
  });
});

describe("sqlReferences", () => {
  it("lists top-level fields once, in order", () => {
    assert.deepEqual(sqlReferences("CONCAT(first_name, ' ', last_name, first_name)"), [
      "first_name",
      "last_name",
    ]);
    assert.deepEqual(sqlReferences("body.account_id"), ["body"]);
    assert.deepEqual(
      sqlReferences("customer_info.address_info.city IN ('NY') AND Status = 'x' AND status = 'y'"),
      ["customer_info", "Status"],
    );
  });

  it("leaves out lambda parameters, function names and special names", () => {
    assert.deepEqual(sqlReferences("transform(items, x -> x.price * qty)"), ["items", "qty"]);
    assert.deepEqual(sqlReferences("aggregate(items, 0D, (acc, x) -> acc + x.amount + bonus)"), [
      "items",
      "bonus",
    ]);
    assert.deepEqual(sqlReferences("__index_inc + 1"), []);
    assert.deepEqual(sqlReferences("YEAR(CURRENT_DATE) - YEAR(CURRENT_DATE()) + age"), ["age"]);
    assert.deepEqual(sqlReferences("`my field` + 1"), ["my field"]);
  });

  it("sees a name used outside a lambda that shadows it inside", () => {
    assert.deepEqual(sqlReferences("filter(xs, x -> x > 0)[0] + x"), ["xs", "x"]);
  });

  it("throws the same syntax errors as parseSql", () => {
    assert.throws(() => sqlReferences("a +"), /position 4/);
  });
});

describe("nesting limits (a deep expression is a clear error, never a stack overflow)", () => {
  it("refuses parentheses, calls, NOT and signs nested past the limit", () => {
    for (const text of [
      `${"(".repeat(20_000)}1${")".repeat(20_000)}`,
      `${"concat(".repeat(5_000)}'a'${")".repeat(5_000)}`,
      `${"not ".repeat(10_000)}true`,
      `${"- ".repeat(10_000)}1`,
    ]) {
      assert.match(
        parseError(text, "RF_BUDGET_EXCEEDED"),
        /nests deeper than the generation budget maxSqlDepth = 256/,
      );
    }
  });
  it("refuses operator chains deeper than the tree limit, keeps long real ones", () => {
    assert.match(
      parseError(`1${"+1".repeat(30_000)}`, "RF_BUDGET_EXCEEDED"),
      /nests deeper than the generation budget maxSqlDepth = 256/,
    );
    assert.match(
      parseError(`1${"+1".repeat(50_000)}`, "RF_BUDGET_EXCEEDED"),
      /more than the generation budget maxSqlLength/,
    );
    assert.equal(parseSql(`1${"+1".repeat(200)}`).kind, "binary");
    assert.equal(parseSql(`${"(".repeat(200)}1${")".repeat(200)}`).kind, "literal");
  });
});
