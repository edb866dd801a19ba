import { DataTypes as T } from "../../../src/model/data-type.ts";
import type { TestField } from "./orc-test-data.ts";

const STRINGS = [
  "",
  "héllo",
  "日本語テキスト",
  "emoji 🎉🧪 mix",
  "e\u0301",
  "plain",
  "tab\there",
  'quote"back\\slash',
];

/** `n` rows of every type rowforge produces, with nulls at every level, empty and unicode values. */
export function everyTypeFields(n: number): TestField[] {
  const rows = Array.from({ length: n }, (_, i) => i);
  const pick = <V>(i: number, every: number, value: V): V | null => (i % every === every - 1 ? null : value);
  return [
    {
      name: "b",
      type: T.byte,
      values: rows.map((i) => pick(i, 5, i === 1 ? -128 : i === 2 ? 127 : ((i * 37) % 256) - 128)),
    },
    {
      name: "sh",
      type: T.short,
      values: rows.map((i) => pick(i, 7, i === 1 ? -32768 : i === 2 ? 32767 : ((i * 1031) % 65536) - 32768)),
    },
    {
      name: "n",
      type: T.int,
      values: rows.map((i) =>
        pick(i, 11, i === 1 ? -(2 ** 31) : i === 2 ? 2 ** 31 - 1 : ((i * 100_003) % 2_000_000) - 1_000_000),
      ),
    },
    {
      name: "l",
      type: T.long,
      values: rows.map((i) =>
        pick(
          i,
          13,
          i === 1
            ? -(2 ** 53 - 1)
            : i === 2
              ? 2 ** 53 - 1
              : i === 3
                ? 2 ** 52 + 3
                : ((i * 987_654_321_987) % 2 ** 50) * (i % 2 ? 1 : -1),
        ),
      ),
    },
    {
      name: "f",
      type: T.float,
      values: rows.map((i) =>
        pick(i, 6, i === 1 ? Number.NaN : i === 2 ? Number.POSITIVE_INFINITY : i * 0.1 - 3.3),
      ),
    },
    {
      name: "d",
      type: T.double,
      values: rows.map((i) =>
        pick(
          i,
          9,
          i === 1
            ? Number.NaN
            : i === 2
              ? Number.NEGATIVE_INFINITY
              : i === 3
                ? -0
                : i === 4
                  ? 5e-324
                  : i * 1.000001e10 - 3e11,
        ),
      ),
    },
    {
      name: "dec",
      type: T.decimal(10, 2),
      values: rows.map((i) => pick(i, 8, BigInt(i * 12_345 - 1_000_000))),
    },
    {
      name: "bigdec",
      type: T.decimal(38, 6),
      values: rows.map((i) =>
        pick(
          i,
          10,
          i === 1
            ? 10n ** 38n - 1n
            : i === 2
              ? -(10n ** 38n - 1n)
              : (10n ** 30n + BigInt(i) * 7_777_777n) * (i % 2 ? 1n : -1n),
        ),
      ),
    },
    { name: "flag", type: T.boolean, values: rows.map((i) => pick(i, 3, (i * 7) % 5 < 2)) },
    { name: "day", type: T.date, values: rows.map((i) => pick(i, 9, -25_567 + i * 301)) },
    {
      name: "ts",
      type: T.timestamp,
      values: rows.map((i) =>
        pick(
          i,
          8,
          i === 1
            ? -1_500_000
            : i === 2
              ? -86_400_000_001
              : i === 3
                ? 0
                : i === 4
                  ? -8_520_336_000_000_000 + 1
                  : 1_700_000_000_000_000 + i * 1_234_567_891 * (i % 3 === 0 ? 1000 : 1),
        ),
      ),
    },
    {
      name: "s",
      type: T.string,
      values: rows.map((i) => pick(i, 4, `${STRINGS[i % STRINGS.length]}${"x".repeat(i % 17)}`)),
    },
    {
      name: "bin",
      type: T.binary,
      values: rows.map((i) =>
        pick(
          i,
          5,
          Uint8Array.from({ length: i % 7 }, (_, k) => (i * 31 + k * 17) & 255),
        ),
      ),
    },
    {
      name: "arr",
      type: T.array(T.int),
      values: rows.map((i) =>
        pick(
          i,
          10,
          Array.from({ length: i % 4 }, (_, k) => (k === 1 && i % 3 === 0 ? null : i * 10 + k)),
        ),
      ),
    },
    {
      name: "arrs",
      type: T.array(T.string),
      values: rows.map((i) =>
        pick(
          i,
          7,
          Array.from({ length: i % 3 }, (_, k) =>
            k === 0 && i % 5 === 0 ? null : STRINGS[(i + k) % STRINGS.length]!,
          ),
        ),
      ),
    },
    {
      name: "m",
      type: T.map(T.string, T.int),
      values: rows.map((i) =>
        pick(
          i,
          6,
          Array.from({ length: i % 3 }, (_, k) => [`k${k}-${i % 4}`, k === 1 ? null : i - k]),
        ),
      ),
    },
    {
      name: "st",
      type: T.struct([
        { name: "a", type: T.int, nullable: true },
        { name: "b", type: T.string, nullable: true },
        { name: "c", type: T.array(T.double), nullable: true },
      ]),
      values: rows.map((i) =>
        pick(i, 5, {
          a: i % 4 === 0 ? null : i,
          b: i % 3 === 0 ? null : `s${i}`,
          c: i % 6 === 0 ? null : [i / 2, -i / 4],
        }),
      ),
    },
    {
      name: "deep",
      type: T.array(
        T.struct([
          { name: "x", type: T.double, nullable: true },
          { name: "y", type: T.map(T.int, T.array(T.string)), nullable: true },
        ]),
      ),
      values: rows.map((i) =>
        pick(
          i,
          9,
          Array.from({ length: i % 3 }, (_, k) =>
            k === 1 && i % 2 === 0
              ? null
              : {
                  x: i + k / 10,
                  y:
                    i % 4 === 0
                      ? null
                      : [
                          [k, [`v${i}`, null, ""]],
                          [k + 100, []],
                        ],
                },
          ),
        ),
      ),
    },
  ];
}

const CITIES = [
  "Amsterdam",
  "Bogotá",
  "Cairo",
  "Dhaka",
  "Espoo",
  "Fès",
  "Gdańsk",
  "Hà Nội",
  "Istanbul",
  "Jaipur",
];

/**
 * Rows [start, start + count) of a flat table that exercises the encoders at volume: a sequence
 * (DELTA runs), hashed integers (DIRECT), low-cardinality strings (dictionary), unique strings
 * (direct), sorted timestamps, decimals, booleans and dates, with scattered nulls.
 */
export function volumeFields(start: number, count: number): TestField[] {
  const rows = Array.from({ length: count }, (_, k) => start + k);
  const hash = (i: number): number => Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return [
    { name: "id", type: T.long, values: rows.map((i) => i) },
    {
      name: "n",
      type: T.int,
      values: rows.map((i) => (i % 97 === 5 ? null : (hash(i) % 2_000_001) - 1_000_000)),
    },
    { name: "x", type: T.double, values: rows.map((i) => (hash(i + 1) / 4_294_967_296) * 1000 - 500) },
    {
      name: "city",
      type: T.string,
      values: rows.map((i) => (i % 50 === 7 ? null : CITIES[hash(i) % CITIES.length]!)),
    },
    { name: "code", type: T.string, values: rows.map((i) => `row-${i}-${hash(i).toString(36)}`) },
    {
      name: "at",
      type: T.timestamp,
      values: rows.map((i) => 1_600_000_000_000_000 + i * 1_000_003 + (hash(i) % 1000)),
    },
    {
      name: "amount",
      type: T.decimal(12, 3),
      values: rows.map((i) => (i % 31 === 0 ? null : BigInt(hash(i) % 100_000_000) - 50_000_000n)),
    },
    { name: "ok", type: T.boolean, values: rows.map((i) => (i % 11 === 0 ? null : hash(i) % 3 === 0)) },
    { name: "day", type: T.date, values: rows.map((i) => 18_000 + (i % 3650)) },
  ];
}
