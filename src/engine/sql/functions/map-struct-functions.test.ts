import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  col,
  compile,
  lambda,
  lit,
  NULL,
  run,
  T,
  typeOf,
} from "../../../../test/support/sql/sql-function-kit.ts";
import { parseTimestampString } from "../../../util/calendar.ts";
import type { SqlValue } from "../sql-contract.ts";

type Entries = [SqlValue, SqlValue][];
const entries = (v: SqlValue): Entries => [...(v as ReadonlyMap<SqlValue, SqlValue>)];
const intMap = (...kv: [number, SqlValue][]) => lit(new Map<SqlValue, SqlValue>(kv), T.map(T.int, T.string));
const plain = (v: SqlValue): unknown =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Map) ? { ...v } : v;

describe("maps", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(entries(run("map", [lit(1), lit("2"), lit(3), lit("4")])), [
      [1, "2"],
      [3, "4"],
    ]);
    assert.deepEqual(typeOf("map", [lit(1), lit("2"), lit(3n), lit("4")]), T.map(T.long, T.string));
    assert.deepEqual(run("map_keys", [intMap([1, "a"], [2, "b"])]), [1, 2]);
    assert.deepEqual(run("map_values", [intMap([1, "a"], [2, "b"])]), ["a", "b"]);
    assert.deepEqual(
      entries(run("map_from_arrays", [lit([1, 3], T.array(T.int)), lit(["2", "4"], T.array(T.string))])),
      [
        [1, "2"],
        [3, "4"],
      ],
    );
    const pairType = T.struct([
      { name: "col1", type: T.int, nullable: true },
      { name: "col2", type: T.string, nullable: true },
    ]);
    const pair = (k: number, v: string): SqlValue => Object.assign(Object.create(null), { col1: k, col2: v });
    assert.deepEqual(
      entries(run("map_from_entries", [lit([pair(1, "a"), pair(2, "b")], T.array(pairType))])),
      [
        [1, "a"],
        [2, "b"],
      ],
    );
    assert.deepEqual(entries(run("map_concat", [intMap([1, "a"], [2, "b"]), intMap([3, "c"])])), [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    assert.equal(run("map_contains_key", [intMap([1, "a"], [2, "b"]), lit(1)]), true);
    assert.equal(run("map_contains_key", [intMap([1, "a"], [2, "b"]), lit(3)]), false);
    assert.deepEqual(entries(run("str_to_map", [lit("a:1,b:2,c:3"), lit(","), lit(":")])), [
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
    ]);
    assert.deepEqual(entries(run("str_to_map", [lit("a")])), [["a", null]]);
    assert.deepEqual((run("map_entries", [intMap([1, "a"])]) as SqlValue[]).map(plain), [
      { key: 1, value: "a" },
    ]);
  });
  it("refuses NULL and duplicate keys, like Spark's default", () => {
    assert.throws(() => run("map", [lit(1), lit("a"), lit(1), lit("b")]), /duplicate map key/);
    assert.throws(() => run("map", [NULL, lit("a")]), /cannot be NULL/);
    assert.throws(() => run("map", [lit(1)]), /even number/);
    assert.throws(
      () => run("map_from_arrays", [lit([1], T.array(T.int)), lit(["a", "b"], T.array(T.string))]),
      /1 elements but the value array has 2/,
    );
    assert.equal(run("map_concat", [intMap([1, "a"]), col(null, T.map(T.int, T.string))]), null);
  });
  it("map lambdas", () => {
    const m = lit(
      new Map<SqlValue, SqlValue>([
        [1, 0],
        [2, 2],
        [3, -1],
      ]),
      T.map(T.int, T.int),
    );
    const gt = lambda(
      2,
      ([k, v]) => (k as number) > (v as number),
      () => T.boolean,
    );
    assert.deepEqual(entries(run("map_filter", [m, gt])), [
      [1, 0],
      [3, -1],
    ]);
    const plusOne = (i: 0 | 1) =>
      lambda(
        2,
        (p) => (p[i] as number) + 1,
        () => T.int,
      );
    assert.deepEqual(entries(run("transform_keys", [m, plusOne(0)])), [
      [2, 0],
      [3, 2],
      [4, -1],
    ]);
    assert.deepEqual(entries(run("transform_values", [m, plusOne(1)])), [
      [1, 1],
      [2, 3],
      [3, 0],
    ]);
    assert.throws(
      () =>
        run("transform_keys", [
          m,
          lambda(
            2,
            () => 1,
            () => T.int,
          ),
        ]),
      /duplicate map key/,
    );
    const concat = lambda(
      3,
      ([, a, b]) => `${a ?? ""}${b ?? ""}`,
      () => T.string,
    );
    assert.deepEqual(
      entries(run("map_zip_with", [intMap([1, "a"], [2, "b"]), intMap([1, "x"], [3, "y"]), concat])),
      [
        [1, "ax"],
        [2, "b"],
        [3, "y"],
      ],
    );
  });
});

describe("structs", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(plain(run("named_struct", [lit("a"), lit(1), lit("b"), lit(2), lit("c"), lit(3)])), {
      a: 1,
      b: 2,
      c: 3,
    });
    assert.deepEqual(plain(run("struct", [lit(1), lit(2), lit(3)])), { col1: 1, col2: 2, col3: 3 });
    assert.deepEqual(
      typeOf("named_struct", [lit("a"), lit(1), lit("b"), lit("x")]),
      T.struct([
        { name: "a", type: T.int, nullable: true },
        { name: "b", type: T.string, nullable: true },
      ]),
    );
    assert.equal(Object.getPrototypeOf(run("struct", [lit(1)])), null);
    assert.throws(() => run("named_struct", [col("a"), lit(1)]), /field name/);
    assert.throws(() => run("named_struct", [lit("a"), lit(1), lit("A"), lit(2)]), /used twice/);
  });
});

describe("to_json", () => {
  const struct = (...args: Parameters<typeof lit>[]) =>
    compile(
      "named_struct",
      args.map((a) => lit(...a)),
    );
  it("follows the documented examples", () => {
    const s = struct(["a"], [1], ["b"], [2]);
    assert.equal(run("to_json", [{ type: s.type, evaluate: s.evaluate }]), '{"a":1,"b":2}');
    const time = parseTimestampString("2015-08-26")!;
    const t = struct(["time"], [time, T.timestamp]);
    assert.equal(
      run("to_json", [{ type: t.type, evaluate: t.evaluate }]),
      '{"time":"2015-08-26T00:00:00.000Z"}',
    );
    const opts = lit(new Map([["timestampFormat", "dd/MM/yyyy"]]), T.map(T.string, T.string));
    assert.equal(run("to_json", [{ type: t.type, evaluate: t.evaluate }, opts]), '{"time":"26/08/2015"}');
    assert.equal(run("to_json", [lit(new Map([["a", 1]]), T.map(T.string, T.int))]), '{"a":1}');
    assert.equal(run("to_json", [lit([1, null], T.array(T.int))]), "[1,null]");
  });
  it("renders every type as Spark does", () => {
    const fields = [
      { name: "s", type: T.string, nullable: true },
      { name: "d", type: T.double, nullable: true },
      { name: "n", type: T.int, nullable: true },
      { name: "l", type: T.long, nullable: true },
      { name: "m", type: T.decimal(5, 2), nullable: true },
      { name: "b", type: T.boolean, nullable: true },
      { name: "dt", type: T.date, nullable: true },
      { name: "bin", type: T.binary, nullable: true },
      { name: "nan", type: T.double, nullable: true },
    ];
    const value = Object.assign(Object.create(null), {
      s: 'q"\n\u0001',
      d: 1,
      n: null,
      l: 5n,
      m: 150n,
      b: true,
      dt: 0,
      bin: new Uint8Array([1, 2]),
      nan: Number.NaN,
    });
    assert.equal(
      run("to_json", [lit(value, T.struct(fields))]),
      '{"s":"q\\"\\n\\u0001","d":1.0,"l":5,"m":1.50,"b":true,"dt":"1970-01-01","bin":"AQI=","nan":"NaN"}',
    );
    const keep = lit(new Map([["ignoreNullFields", "false"]]), T.map(T.string, T.string));
    assert.match(run("to_json", [lit(value, T.struct(fields)), keep]) as string, /"n":null/);
    assert.throws(() => run("to_json", [lit(1)]), /struct, array or map/);
  });
});
