import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  col,
  ctxAt,
  lambda,
  lit,
  NULL,
  run,
  T,
  typeOf,
} from "../../../../test/support/sql/sql-function-kit.ts";
import type { SqlValue } from "../sql-contract.ts";

const ints = (...xs: (number | null)[]) => lit(xs, T.array(T.int));
const strs = (...xs: (string | null)[]) => lit(xs, T.array(T.string));
const intLambda = (arity: number, f: (p: readonly SqlValue[]) => SqlValue) => lambda(arity, f, () => T.int);
const boolLambda = (f: (p: readonly SqlValue[]) => SqlValue) => lambda(1, f, () => T.boolean);

describe("array construction and access", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(run("array", [lit(1), lit(2), lit(3)]), [1, 2, 3]);
    assert.deepEqual(typeOf("array", [lit(1), lit(2n)]), T.array(T.long));
    assert.deepEqual(run("array", [lit(1), lit(2n)]), [1n, 2n]);
    assert.deepEqual(run("array", [lit(1), NULL]), [1, null]);
    assert.deepEqual(run("array", []), []);
    assert.equal(run("size", [strs("b", "d", "c", "a")]), 4);
    assert.equal(run("cardinality", [strs("b", "d")]), 2);
    assert.equal(run("size", [NULL]), -1);
    assert.equal(run("size", [col(null, T.array(T.int))]), -1);
    assert.equal(run("array_size", [col(null, T.array(T.int))]), null);
    assert.equal(run("size", [lit(new Map([["a", 1]]), T.map(T.string, T.int))]), 1);
    assert.equal(run("element_at", [ints(1, 2, 3), lit(2)]), 2);
    assert.equal(run("element_at", [ints(1, 2, 3), lit(-1)]), 3);
    assert.equal(run("element_at", [ints(1, 2, 3), lit(4)]), null);
    assert.equal(run("element_at", [ints(1, 2, 3), lit(-4)]), null);
    assert.throws(() => run("element_at", [ints(1, 2, 3), lit(0)]), /start at 1/);
    assert.throws(() => run("element_at", [ints(1, 2, 3), col(0)]), /start at 1/);
    assert.equal(run("try_element_at", [ints(1, 2, 3), lit(0)]), null);
    const m = lit(
      new Map<SqlValue, SqlValue>([
        [1, "a"],
        [2, "b"],
      ]),
      T.map(T.int, T.string),
    );
    assert.equal(run("element_at", [m, lit(2)]), "b");
    assert.equal(run("element_at", [m, lit(3)]), null);
    assert.equal(run("element_at", [m, lit(2n)]), "b");
    assert.equal(run("get", [ints(1, 2, 3), lit(0)]), 1);
    assert.equal(run("get", [ints(1, 2, 3), lit(3)]), null);
  });
});

describe("sorting and searching", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(run("sort_array", [strs("b", "d", null, "c", "a"), lit(true)]), [
      null,
      "a",
      "b",
      "c",
      "d",
    ]);
    assert.deepEqual(run("sort_array", [strs("b", "d", null, "c", "a"), lit(false)]), [
      "d",
      "c",
      "b",
      "a",
      null,
    ]);
    assert.deepEqual(run("array_sort", [strs("b", "d", null, "c", "a")]), ["a", "b", "c", "d", null]);
    const cmp = intLambda(2, ([l, r]) =>
      (l as number) < (r as number) ? -1 : (l as number) > (r as number) ? 1 : 0,
    );
    assert.deepEqual(run("array_sort", [ints(5, 6, 1), cmp]), [1, 5, 6]);
    assert.deepEqual(run("sort_array", [lit([3n, 1n, 2n], T.array(T.long))]), [1n, 2n, 3n]);
    assert.deepEqual(run("sort_array", [lit([2, Number.NaN, -1], T.array(T.double))]), [-1, 2, Number.NaN]);
    assert.throws(() => run("sort_array", [ints(1), col(true)]), /literal/);
    assert.equal(run("array_contains", [ints(1, 2, 3), lit(2)]), true);
    assert.equal(run("array_contains", [ints(1, 2, 3), lit(4)]), false);
    assert.equal(run("array_contains", [ints(1, null, 3), lit(4)]), null);
    assert.equal(run("array_contains", [ints(1, null, 3), lit(3)]), true);
    assert.equal(run("array_contains", [ints(1, 2), NULL]), null);
    assert.equal(run("array_contains", [ints(1, 2), lit(2n)]), true);
    assert.equal(run("array_position", [ints(312, 773, 708, 708), lit(708)]), 3n);
    assert.equal(run("array_position", [ints(312), lit(1)]), 0n);
    assert.deepEqual(run("array_remove", [ints(1, 2, 3, null, 3), lit(3)]), [1, 2, null]);
    assert.equal(run("array_max", [ints(1, 20, null, 3)]), 20);
    assert.equal(run("array_min", [ints(1, 20, null, 3)]), 1);
    assert.equal(run("array_max", [ints()]), null);
  });
});

describe("set operations", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(run("array_distinct", [ints(1, 2, 3, null, 3)]), [1, 2, 3, null]);
    assert.deepEqual(run("array_union", [ints(1, 2, 3), ints(1, 3, 5)]), [1, 2, 3, 5]);
    assert.deepEqual(run("array_intersect", [ints(1, 2, 3), ints(1, 3, 5)]), [1, 3]);
    assert.deepEqual(run("array_except", [ints(1, 2, 3), ints(1, 3, 5)]), [2]);
    assert.deepEqual(run("array_except", [ints(1, null, null), ints(1)]), [null]);
    assert.deepEqual(run("arrays_overlap", [ints(1, 2, 3), ints(3, 4, 5)]), true);
    assert.deepEqual(run("arrays_overlap", [ints(1, null), ints(3)]), null);
    const nested = T.array(T.array(T.int));
    assert.deepEqual(run("array_distinct", [lit([[1], [1], [2]], nested)]), [[1], [2]]);
    assert.deepEqual(run("array_union", [ints(1), lit([2n], T.array(T.long))]), [1n, 2n]);
  });
});

describe("reshaping", () => {
  it("follows the documented examples", () => {
    assert.equal(run("array_join", [strs("hello", "world"), lit(" ")]), "hello world");
    assert.equal(run("array_join", [strs("hello", null, "world"), lit(" ")]), "hello world");
    assert.equal(run("array_join", [strs("hello", null, "world"), lit(" "), lit(",")]), "hello , world");
    assert.equal(run("array_join", [ints(1, 2), lit("-")]), "1-2");
    const zipped = run("arrays_zip", [ints(1, 2, 3), ints(2, 3)]) as Record<string, SqlValue>[];
    assert.deepEqual(
      zipped.map((r) => ({ ...r })),
      [
        { 0: 1, 1: 2 },
        { 0: 2, 1: 3 },
        { 0: 3, 1: null },
      ],
    );
    assert.deepEqual(
      run("flatten", [
        lit(
          [
            [1, 2],
            [3, 4],
          ],
          T.array(T.array(T.int)),
        ),
      ]),
      [1, 2, 3, 4],
    );
    assert.equal(run("flatten", [lit([[1, 2], null], T.array(T.array(T.int)))]), null);
    assert.deepEqual(run("slice", [ints(1, 2, 3, 4), lit(2), lit(2)]), [2, 3]);
    assert.deepEqual(run("slice", [ints(1, 2, 3, 4), lit(-2), lit(2)]), [3, 4]);
    assert.deepEqual(run("slice", [ints(1, 2, 3, 4), lit(5), lit(2)]), []);
    assert.deepEqual(run("slice", [ints(1, 2, 3, 4), lit(-5), lit(2)]), []);
    assert.throws(() => run("slice", [ints(1, 2), lit(0), lit(1)]), /must not be 0/);
    assert.throws(() => run("slice", [ints(1, 2), lit(1), lit(-1)]), /negative/);
    assert.deepEqual(run("array_repeat", [lit("123"), lit(2)]), ["123", "123"]);
    assert.deepEqual(run("array_compact", [ints(1, null, 2)]), [1, 2]);
    assert.deepEqual(run("array_append", [ints(1, 2), lit(3)]), [1, 2, 3]);
    assert.deepEqual(run("array_prepend", [ints(1, 2), lit(3)]), [3, 1, 2]);
  });
  it("sequence", () => {
    assert.deepEqual(run("sequence", [lit(1), lit(5)]), [1, 2, 3, 4, 5]);
    assert.deepEqual(run("sequence", [lit(5), lit(1)]), [5, 4, 3, 2, 1]);
    assert.deepEqual(run("sequence", [lit(1), lit(9), lit(4)]), [1, 5, 9]);
    assert.deepEqual(run("sequence", [lit(1n), lit(3n)]), [1n, 2n, 3n]);
    assert.deepEqual(run("sequence", [lit(3), lit(3)]), [3]);
    assert.deepEqual(run("sequence", [lit(17532, T.date), lit(17534, T.date)]), [17532, 17533, 17534]);
    assert.deepEqual(
      run("sequence", [lit(0, T.timestamp), lit(120_000_000, T.timestamp), lit(60)]),
      [0, 60_000_000, 120_000_000],
    );
    assert.throws(() => run("sequence", [lit(1), lit(5), lit(-1)]), /does not lead/);
  });
  it("shuffles from the row's draws", () => {
    const a = run("shuffle", [ints(1, 2, 3, 4, 5, 6, 7, 8)], ctxAt(1)) as number[];
    const b = run("shuffle", [ints(1, 2, 3, 4, 5, 6, 7, 8)], ctxAt(1)) as number[];
    assert.deepEqual(a, b);
    assert.deepEqual([...a].sort(), [1, 2, 3, 4, 5, 6, 7, 8]);
    const differs = [2, 3, 4, 5].some(
      (r) => JSON.stringify(run("shuffle", [ints(1, 2, 3, 4, 5, 6, 7, 8)], ctxAt(r))) !== JSON.stringify(a),
    );
    assert.ok(differs);
  });
});

describe("higher-order functions", () => {
  it("follows the documented examples", () => {
    assert.deepEqual(run("transform", [ints(1, 2, 3), intLambda(1, ([x]) => (x as number) + 1)]), [2, 3, 4]);
    assert.deepEqual(
      run("transform", [ints(1, 2, 3), intLambda(2, ([x, i]) => (x as number) + (i as number))]),
      [1, 3, 5],
    );
    assert.deepEqual(run("filter", [ints(1, 2, 3), boolLambda(([x]) => (x as number) % 2 === 1)]), [1, 3]);
    assert.deepEqual(
      run("filter", [
        ints(0, 2, 3),
        lambda(
          2,
          ([x, i]) => (x as number) > (i as number),
          () => T.boolean,
        ),
      ]),
      [2, 3],
    );
    assert.deepEqual(run("filter", [ints(0, null, 2, 3, null), boolLambda(([x]) => x !== null)]), [0, 2, 3]);
    const even = boolLambda(([x]) => (x === null ? null : (x as number) % 2 === 0));
    assert.equal(run("exists", [ints(1, 2, 3), even]), true);
    assert.equal(run("exists", [ints(1, 3), even]), false);
    assert.equal(run("exists", [ints(1, null, 3), even]), null);
    assert.equal(run("forall", [ints(1, 2, 3), even]), false);
    assert.equal(run("forall", [ints(2, 4, 8), even]), true);
    assert.equal(run("forall", [ints(1, null, 3), even]), false);
    assert.equal(run("forall", [ints(2, null, 8), even]), null);
    const sum = intLambda(2, ([acc, x]) => (acc as number) + (x as number));
    assert.equal(run("aggregate", [ints(1, 2, 3), lit(0), sum]), 6);
    assert.equal(
      run("aggregate", [ints(1, 2, 3), lit(0), sum, intLambda(1, ([a]) => (a as number) * 10)]),
      60,
    );
    assert.equal(run("reduce", [ints(1, 2, 3), lit(0), sum]), 6);
    assert.deepEqual(
      run("zip_with", [ints(1, 2), ints(3, 4), intLambda(2, ([x, y]) => (x as number) + (y as number))]),
      [4, 6],
    );
    assert.deepEqual(
      run("zip_with", [
        ints(1, 2, 3),
        ints(3),
        lambda(
          2,
          ([x, y]) => (y === null ? -1 : (x as number) + (y as number)),
          () => T.int,
        ),
      ]),
      [4, -1, -1],
    );
    assert.equal(run("transform", [col(null, T.array(T.int)), intLambda(1, ([x]) => x ?? null)]), null);
  });
  it("widens the accumulator of aggregate when the merge does", () => {
    const sumLong = lambda(
      2,
      ([acc, x]) => BigInt(acc as number | bigint) + BigInt(x as number),
      () => T.long,
    );
    assert.deepEqual(typeOf("aggregate", [ints(1, 2), lit(0), sumLong]), T.long);
    assert.equal(run("aggregate", [ints(1, 2), lit(0), sumLong]), 3n);
  });
  it("rejects missing lambdas and wrong arities", () => {
    assert.throws(() => run("transform", [ints(1), lit(1)]), /lambda/);
    assert.throws(
      () =>
        run("exists", [
          ints(1),
          lambda(
            2,
            () => true,
            () => T.boolean,
          ),
        ]),
      /1 parameter/,
    );
    assert.throws(() => run("filter", [ints(1), intLambda(1, () => 1)]), /boolean/);
  });
});
