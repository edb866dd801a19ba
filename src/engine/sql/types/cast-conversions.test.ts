import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type DataType, DataTypes as T } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";
import { javaDoubleToString, javaFloatToString } from "../values/java-number-format.ts";
import { canCast, compileCast } from "./cast-conversions.ts";

const cast = (v: SqlValue, from: DataType, to: DataType): SqlValue => compileCast(from, to)(v);
const struct = (o: Record<string, SqlValue>): SqlValue => Object.assign(Object.create(null), o);

describe("Java number formatting (CAST to string)", () => {
  const doubles: [number, string][] = [
    [1, "1.0"],
    [-1, "-1.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [100, "100.0"],
    [123.456, "123.456"],
    [9999999, "9999999.0"],
    [1e7, "1.0E7"],
    [12345678, "1.2345678E7"],
    [1e10, "1.0E10"],
    [0.001, "0.001"],
    [0.0001, "1.0E-4"],
    [1e-5, "1.0E-5"],
    [0.1 + 0.2, "0.30000000000000004"],
    [123456789012345680000, "1.2345678901234568E20"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "Infinity"],
    [Number.NEGATIVE_INFINITY, "-Infinity"],
  ];
  for (const [v, want] of doubles) it(`double ${v}`, () => assert.equal(javaDoubleToString(v), want));

  const floats: [number, string][] = [
    [Math.fround(0.1), "0.1"],
    [Math.fround(1.1), "1.1"],
    [Math.fround(3.4028235e38), "3.4028235E38"],
    [Math.fround(1e7), "1.0E7"],
    [Math.fround(16777216), "1.6777216E7"],
    [Math.fround(0.5), "0.5"],
  ];
  for (const [v, want] of floats) it(`float ${v}`, () => assert.equal(javaFloatToString(v), want));
});

describe("compileCast: Spark non-ANSI results", () => {
  const cases: [string, SqlValue, DataType, DataType, SqlValue][] = [
    // string → integral
    ["trims", "  42  ", T.string, T.int, 42],
    ["truncates a fraction", "4.7", T.string, T.int, 4],
    ["negative fraction", "-4.7", T.string, T.int, -4],
    ["plus sign", "+7", T.string, T.int, 7],
    ["not a number", "abc", T.string, T.int, null],
    ["empty", "", T.string, T.int, null],
    ["exponent is not an int", "1e3", T.string, T.int, null],
    ["int overflow", "2147483648", T.string, T.int, null],
    ["byte range", "128", T.string, T.byte, null],
    ["short", "-32768", T.string, T.short, -32768],
    ["long", "9223372036854775807", T.string, T.long, 9223372036854775807n],
    ["long overflow", "9223372036854775808", T.string, T.long, null],
    // string → fractional / decimal / boolean
    ["double exponent", "1e3", T.string, T.double, 1000],
    ["double suffix", "1.5d", T.string, T.double, 1.5],
    ["double inf", "-Infinity", T.string, T.double, Number.NEGATIVE_INFINITY],
    ["double spark inf", " inf ", T.string, T.double, Number.POSITIVE_INFINITY],
    ["double junk", "1.5x", T.string, T.double, null],
    ["float", "0.1", T.string, T.float, Math.fround(0.1)],
    ["decimal HALF_UP", "1.455", T.string, T.decimal(3, 2), 146n],
    ["decimal HALF_UP negative", "-1.455", T.string, T.decimal(3, 2), -146n],
    ["decimal overflow", "12345", T.string, T.decimal(3, 2), null],
    ["decimal exponent", "1.5e2", T.string, T.decimal(5, 1), 1500n],
    ["boolean yes", "YES", T.string, T.boolean, true],
    ["boolean t", " t ", T.string, T.boolean, true],
    ["boolean 0", "0", T.string, T.boolean, false],
    ["boolean n", "n", T.string, T.boolean, false],
    ["boolean junk", "maybe", T.string, T.boolean, null],
    // string → date/time
    ["date", "2024-01-01", T.string, T.date, 19723],
    ["date short form", "2024-1-1", T.string, T.date, 19723],
    ["date with time", "2024-01-01 10:00:00", T.string, T.date, 19723],
    ["bad date", "2024-02-30", T.string, T.date, null],
    ["timestamp", "1970-01-01 00:00:01.5", T.string, T.timestamp, 1_500_000],
    ["timestamp ISO with zone", "1970-01-01T01:00:00+01:00", T.string, T.timestamp, 0],
    // numeric ↔ numeric
    ["double → int truncates", 3.9, T.double, T.int, 3],
    ["negative double → int", -3.9, T.double, T.int, -3],
    ["NaN → int", Number.NaN, T.double, T.int, 0],
    ["huge double → int saturates", 1e20, T.double, T.int, 2147483647],
    ["huge double → long saturates", -1e30, T.double, T.long, -9223372036854775808n],
    ["long → int wraps", 2147483648n, T.long, T.int, -2147483648],
    ["int → byte wraps", 300, T.int, T.byte, 44],
    ["int → short wraps", 40000, T.int, T.short, -25536],
    ["double → short", 40000.7, T.double, T.short, -25536],
    ["int → long", 5, T.int, T.long, 5n],
    ["long → double", 9007199254740993n, T.long, T.double, 9007199254740992],
    ["float → double keeps the float's value", Math.fround(1.1), T.float, T.double, 1.100000023841858],
    ["double → float rounds", 1.1, T.double, T.float, Math.fround(1.1)],
    ["int → decimal", 42, T.int, T.decimal(5, 2), 4200n],
    ["int → decimal overflow", 1000, T.int, T.decimal(4, 2), null],
    ["double → decimal uses the shortest digits", 1.005, T.double, T.decimal(3, 2), 101n],
    ["NaN → decimal", Number.NaN, T.double, T.decimal(10, 2), null],
    ["decimal → decimal rounds HALF_UP", 12345n, T.decimal(5, 3), T.decimal(4, 2), 1235n],
    ["decimal → int truncates", -1299n, T.decimal(4, 2), T.int, -12],
    ["decimal → double", 150n, T.decimal(4, 2), T.double, 1.5],
    // boolean, date, timestamp
    ["int → boolean", 5, T.int, T.boolean, true],
    ["zero → boolean", 0, T.int, T.boolean, false],
    ["boolean → int", true, T.boolean, T.int, 1],
    ["boolean → double", false, T.boolean, T.double, 0],
    ["timestamp → long seconds (floor)", -500_000, T.timestamp, T.long, -1n],
    ["timestamp → double seconds", 1_500_000, T.timestamp, T.double, 1.5],
    ["long seconds → timestamp", 1n, T.long, T.timestamp, 1_000_000],
    ["double seconds → timestamp", 1.5, T.double, T.timestamp, 1_500_000],
    ["date → timestamp", 1, T.date, T.timestamp, 86_400_000_000],
    ["timestamp → date floors", -1, T.timestamp, T.date, -1],
    ["date → int is NULL", 19723, T.date, T.int, null],
    // to string
    ["int → string", -5, T.int, T.string, "-5"],
    ["long → string", 12n, T.long, T.string, "12"],
    ["double → string", 1e10, T.double, T.string, "1.0E10"],
    ["decimal → string keeps scale", 150n, T.decimal(4, 2), T.string, "1.50"],
    ["small decimal → scientific", 10n, T.decimal(10, 8), T.string, "1.0E-7"],
    ["zero decimal with large scale", 0n, T.decimal(20, 10), T.string, "0E-10"],
    ["boolean → string", true, T.boolean, T.string, "true"],
    ["date → string", 19723, T.date, T.string, "2024-01-01"],
    ["timestamp → string", 1_704_067_201_000_000, T.timestamp, T.string, "2024-01-01 00:00:01"],
    ["timestamp fraction → string", 1_500_000, T.timestamp, T.string, "1970-01-01 00:00:01.5"],
    ["NULL stays NULL", null, T.string, T.int, null],
  ];
  for (const [name, v, from, to, want] of cases) {
    it(name, () => assert.deepEqual(cast(v, from, to), want));
  }

  it("writes arrays, structs and maps like Spark", () => {
    assert.equal(cast([1, null, 3], T.array(T.int), T.string), "[1, null, 3]");
    assert.equal(cast([["a"], []], T.array(T.array(T.string)), T.string), "[[a], []]");
    const st = T.struct([
      { name: "a", type: T.int, nullable: true },
      { name: "b", type: T.string, nullable: true },
      { name: "c", type: T.double, nullable: true },
    ]);
    assert.equal(cast(struct({ a: 1, b: "x", c: null }), st, T.string), "{1, x, null}");
    const m = new Map<SqlValue, SqlValue>([
      ["a", 1],
      ["b", null],
    ]);
    assert.equal(cast(m, T.map(T.string, T.int), T.string), "{a -> 1, b -> null}");
  });

  it("casts arrays, maps and structs element by element", () => {
    assert.deepEqual(cast(["1", "x", null], T.array(T.string), T.array(T.int)), [1, null, null]);
    const from = T.struct([{ name: "a", type: T.string, nullable: true }]);
    const to = T.struct([{ name: "z", type: T.int, nullable: true }]);
    assert.deepEqual({ ...(cast(struct({ a: "7" }), from, to) as object) }, { z: 7 });
    const m = cast(
      new Map<SqlValue, SqlValue>([["1", "2.5"]]),
      T.map(T.string, T.string),
      T.map(T.int, T.double),
    );
    assert.deepEqual([...(m as Map<SqlValue, SqlValue>)], [[1, 2.5]]);
  });

  it("converts strings and integers to binary", () => {
    assert.deepEqual(cast("hé", T.string, T.binary), new Uint8Array([0x68, 0xc3, 0xa9]));
    assert.deepEqual(cast(1, T.int, T.binary), new Uint8Array([0, 0, 0, 1]));
    assert.deepEqual(cast(-1n, T.long, T.binary), new Uint8Array(8).fill(255));
    assert.equal(cast(new Uint8Array([0x68, 0xc3, 0xa9]), T.binary, T.string), "hé");
  });

  it("refuses casts Spark refuses", () => {
    assert.equal(canCast(T.int, T.date), false);
    assert.equal(canCast(T.array(T.int), T.int), false);
    assert.equal(canCast(T.boolean, T.date), false);
    assert.throws(() => compileCast(T.int, T.date), /cannot cast int to date/);
    assert.equal(canCast(T.array(T.string), T.array(T.int)), true);
  });
});
