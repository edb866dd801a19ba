/**
 * Property test: compiled arithmetic, comparison and boolean expressions over random int,
 * double, string and NULL inputs agree with a small independent model of Spark's semantics
 * (ints computed with BigInt and wrapped, strings parsed by regex, NaN ordered above all).
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import fc from "fast-check";
import { compileWith, testScope } from "../../../../test/support/sql/sql-scope.ts";
import type { SqlValue } from "../sql-contract.ts";

type Kind = "int" | "double" | "string" | "bool";
type Env = Readonly<Record<string, SqlValue>>;
interface Expr {
  readonly sql: string;
  readonly kind: Kind;
  readonly model: (env: Env) => SqlValue;
}

const scope = testScope({
  a: "int",
  b: "int",
  x: "double",
  y: "double",
  s: "string",
  t: "string",
  p: "boolean",
});

// ---- the model ----

const wrap32 = (v: bigint): number => Number(BigInt.asIntN(32, v));

function stringToDouble(v: string): number | null {
  const s = v.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(s)) return Number.parseFloat(s);
  if (/^[+-]?Infinity$/.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (s === "NaN") return Number.NaN;
  return null;
}

function stringToInt(v: string): number | null {
  const m = /^([+-]?)(\d*)(\.\d*)?$/.exec(v.trim());
  if (m === null || (m[2] === "" && m[3] === undefined)) return null;
  const n = BigInt(m[2] === "" ? "0" : m[2]!) * (m[1] === "-" ? -1n : 1n);
  return n < -(2n ** 31n) || n >= 2n ** 31n ? null : Number(n);
}

function toDouble(kind: Kind, v: SqlValue): number | null {
  if (v === null) return null;
  return kind === "string" ? stringToDouble(v as string) : (v as number);
}

function compare(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const CMP: Record<string, (c: number) => boolean> = {
  "=": (c) => c === 0,
  "<>": (c) => c !== 0,
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

function arithmetic(op: string, l: Expr, r: Expr): Expr {
  const sql = `(${l.sql} ${op} ${r.sql})`;
  if (l.kind === "int" && r.kind === "int" && op !== "/") {
    return {
      sql,
      kind: "int",
      model: (env) => {
        const a = l.model(env);
        const b = r.model(env);
        if (a === null || b === null) return null;
        const x = BigInt(a as number);
        const y = BigInt(b as number);
        if (op === "%") return y === 0n ? null : wrap32(x % y);
        return wrap32(op === "+" ? x + y : op === "-" ? x - y : x * y);
      },
    };
  }
  return {
    sql,
    kind: "double",
    model: (env) => {
      const a = toDouble(l.kind, l.model(env));
      const b = toDouble(r.kind, r.model(env));
      if (a === null || b === null) return null;
      if ((op === "/" || op === "%") && b === 0) return null;
      return op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b;
    },
  };
}

function comparison(op: string, l: Expr, r: Expr): Expr {
  const sql = `(${l.sql} ${op} ${r.sql})`;
  const test = CMP[op]!;
  // Spark's comparison types: a string meets a number as that number's type.
  const asInt = (l.kind === "int" || r.kind === "int") && l.kind !== "double" && r.kind !== "double";
  const bothStrings = l.kind === "string" && r.kind === "string";
  return {
    sql,
    kind: "bool",
    model: (env) => {
      const a = l.model(env);
      const b = r.model(env);
      if (a === null || b === null) return null;
      if (bothStrings) return test(a === b ? 0 : (a as string) < (b as string) ? -1 : 1);
      const conv = (kind: Kind, v: SqlValue): number | null =>
        kind === "string" ? (asInt ? stringToInt(v as string) : stringToDouble(v as string)) : (v as number);
      const x = conv(l.kind, a);
      const y = conv(r.kind, b);
      return x === null || y === null ? null : test(compare(x, y));
    },
  };
}

function logic(op: "AND" | "OR", l: Expr, r: Expr): Expr {
  return {
    sql: `(${l.sql} ${op} ${r.sql})`,
    kind: "bool",
    model: (env) => {
      const a = l.model(env) as boolean | null;
      const b = r.model(env) as boolean | null;
      if (op === "AND") return a === false || b === false ? false : a === null || b === null ? null : true;
      return a === true || b === true ? true : a === null || b === null ? null : false;
    },
  };
}

// ---- generators ----

const column = (name: string, kind: Kind): Expr => ({ sql: name, kind, model: (env) => env[name] ?? null });

const intLiteral = fc.integer().map((v): Expr => ({ sql: `(${v})`, kind: "int", model: () => v }));
const doubleLiteral = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((v) => !Object.is(v, -0))
  .map((v): Expr => ({ sql: `(${v}D)`, kind: "double", model: () => v }));

const { num, bool } = fc.letrec((tie) => ({
  num: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(column("a", "int"), column("b", "int"), column("x", "double"), column("y", "double")),
    fc.constantFrom(column("s", "string"), column("t", "string")),
    intLiteral,
    doubleLiteral,
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom("+", "-", "*", "/", "%"),
          tie("num") as fc.Arbitrary<Expr>,
          tie("num") as fc.Arbitrary<Expr>,
        )
        .map(([op, l, r]) => arithmetic(op, l, r)),
    },
  ),
  bool: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(column("p", "bool")),
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom("=", "<>", "<", "<=", ">", ">="),
          tie("num") as fc.Arbitrary<Expr>,
          tie("num") as fc.Arbitrary<Expr>,
        )
        .map(([op, l, r]) => comparison(op, l, r)),
    },
    fc
      .tuple(
        fc.constantFrom("AND" as const, "OR" as const),
        tie("bool") as fc.Arbitrary<Expr>,
        tie("bool") as fc.Arbitrary<Expr>,
      )
      .map(([op, l, r]) => logic(op, l, r)),
    (tie("bool") as fc.Arbitrary<Expr>).map(
      (e): Expr => ({
        sql: `(NOT ${e.sql})`,
        kind: "bool",
        model: (env) => (e.model(env) === null ? null : !e.model(env)),
      }),
    ),
    (tie("num") as fc.Arbitrary<Expr>).map(
      (e): Expr => ({ sql: `(${e.sql} IS NULL)`, kind: "bool", model: (env) => e.model(env) === null }),
    ),
  ),
}));

const nullable = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { freq: 5, nil: null });
const numericText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    " 12 ",
    "1e3",
    "-0.5",
    "1.5d",
    ".5",
    "5.",
    "abc",
    "",
    "NaN",
    "-Infinity",
    "2147483648",
    "3.99",
  ),
  fc.string({ maxLength: 4 }),
);

const envArb: fc.Arbitrary<Env> = fc.record({
  a: nullable(fc.oneof(fc.integer(), fc.constantFrom(0, 1, -1, 2147483647, -2147483648))),
  b: nullable(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer())),
  x: nullable(fc.oneof(fc.double(), fc.constantFrom(0, -0, Number.NaN, Infinity, 0.5))),
  y: nullable(fc.double()),
  s: nullable(numericText),
  t: nullable(numericText),
  p: nullable(fc.boolean()),
});

function check(expr: fc.Arbitrary<Expr>): void {
  fc.assert(
    fc.property(expr, fc.array(envArb, { minLength: 1, maxLength: 4 }), (e, envs) => {
      const compiled = compileWith(e.sql, scope);
      for (const env of envs) {
        const got = compiled.evaluate(scope.row(env));
        assert.deepStrictEqual(got, e.model(env), `${e.sql} with ${JSON.stringify(env)}`);
      }
    }),
    { numRuns: 400 },
  );
}

it("numeric expressions agree with the model", () => check(num));
it("boolean expressions agree with the model", () => check(bool));
