import assert from "node:assert/strict";
import { test } from "node:test";
import { type DataType, DataTypes } from "../../model/data-type.ts";
import { civilFromDays } from "../../util/calendar.ts";
import type { Column } from "../columns/column.ts";
import { columnFromValues, valueAt } from "../columns/column-values.ts";
import { RowRandom } from "../rng/index.ts";
import type { SqlScope, SqlValue } from "../sql/index.ts";
import { compileSqlAst, parseSql } from "../sql/sql-compiler.ts";
import { sqlKernel } from "./sql-kernels.ts";

const fieldTypes: Record<string, DataType> = {
  name: DataTypes.string,
  n: DataTypes.int,
  big: DataTypes.long,
  x: DataTypes.double,
  ok: DataTypes.boolean,
  d: DataTypes.date,
  ts: DataTypes.timestamp,
};
const names = Object.keys(fieldTypes);
const scope: SqlScope = {
  resolve: (name) => {
    const slot = names.indexOf(name.toLowerCase());
    return slot < 0 ? undefined : { slot, type: fieldTypes[names[slot]!]! };
  },
  names: () => names,
};
const rows: Record<string, SqlValue[]> = {
  name: ["a", null, "", "ü \u0022q\u0022 \\\\", null],
  n: [1, null, -7, 2147483647, 0],
  big: [1n, 9007199254740991n, null, -3n, 0n],
  x: [0.5, -0, Number.NaN, null, 1e300],
  ok: [true, false, null, true, false],
  d: [0, -719162, 20000, null, 2932896],
  ts: [0, 1_700_000_000_000_000, null, -1, 42],
};
const cols: Column[] = names.map((k) => columnFromValues(fieldTypes[k]!, rows[k]!));

/** What the row-wise path builds: each row's value through a function, then a column. */
const rowWise = (type: DataType, source: number, f: (v: SqlValue) => SqlValue): Column =>
  columnFromValues(
    type,
    rows[names[source]!]!.map((_, i) => {
      const v = valueAt(cols[source]!, i);
      return v === null ? null : f(v);
    }),
  );

test("a reference to a field of the same type gives the column the row-wise path gives", () => {
  for (const [k, name] of names.entries()) {
    const kernel = sqlKernel(parseSql(name), scope, fieldTypes[name]!);
    assert.ok(kernel, name);
    assert.deepEqual(
      kernel(cols),
      rowWise(fieldTypes[name]!, k, (v) => v),
      name,
    );
  }
});

test("year, month and day of a date field give the column the row-wise path gives", () => {
  const d = names.indexOf("d");
  for (const [fn, part] of [
    ["YEAR", "year"],
    ["month", "month"],
    ["day", "day"],
    ["dayofmonth", "day"],
  ] as const) {
    const kernel = sqlKernel(parseSql(`${fn}(d)`), scope, DataTypes.int);
    assert.ok(kernel, fn);
    assert.deepEqual(
      kernel(cols),
      rowWise(DataTypes.int, d, (v) => civilFromDays(v as number)[part]),
      fn,
    );
  }
});

test("other shapes take the row-wise path", () => {
  for (const [sql, type] of [
    ["n + 1", DataTypes.int],
    ["name", DataTypes.int],
    ["year(ts)", DataTypes.int],
    ["year(d)", DataTypes.long],
    ["upper(name)", DataTypes.string],
    ["unknown_field", DataTypes.string],
  ] as const) {
    assert.equal(sqlKernel(parseSql(sql), scope, type), undefined, sql);
  }
});

test("the newest (or oldest) element's field of a sorted array of structs is what sort_array and element_at give", () => {
  const element = DataTypes.struct([
    { name: "t", type: DataTypes.timestamp, nullable: true },
    { name: "s", type: DataTypes.string, nullable: true },
  ] as never);
  const listType = DataTypes.array(element);
  const localScope: SqlScope = {
    resolve: (name) => (name.toLowerCase() === "h" ? { slot: 0, type: listType } : undefined),
    names: () => ["h"],
  };
  // Ties on t (then on s), NULL elements, NULL fields, empty and NULL arrays, -0 against 0; and
  // without NULL in t, which the kernel compares by difference before reading s.
  const picks = [
    (k: number): SqlValue => {
      const r = (k * 2654435761) % 97;
      if (r < 6) return null;
      return { t: r < 12 ? null : (r % 5) * 1000, s: r % 7 === 0 ? null : `s${r % 4}` };
    },
    (k: number): SqlValue => {
      const r = (k * 2654435761) % 97;
      return { t: (r % 5) * 1000 - 2000, s: r % 7 === 0 ? null : `s${r % 4}` };
    },
  ];
  for (const pick of picks) {
    const arrays: SqlValue[] = Array.from({ length: 400 }, (_, i) =>
      i % 37 === 0 ? null : Array.from({ length: i % 6 }, (_, j) => pick(i * 7 + j)),
    );
    const col = columnFromValues(listType, arrays);
    for (const text of [
      "element_at(sort_array(h, false), 1).s",
      "element_at(sort_array(h, true), 1).s",
      "element_at(sort_array(h), -1).s",
      "element_at(sort_array(h, false), -1).t",
      "ELEMENT_AT(SORT_ARRAY(h, FALSE), 1).S",
    ]) {
      const ast = parseSql(text);
      const fieldType = /\.t$/.test(text) ? DataTypes.timestamp : DataTypes.string;
      const kernel = sqlKernel(ast, localScope, fieldType);
      assert.ok(kernel, text);
      const compiled = compileSqlAst(ast, text, localScope, { nowMicros: 0, timeZone: "UTC" });
      const values: SqlValue[] = [null];
      const ctx = { values, row: 0, rnd: new RowRandom(1), built: 0 };
      const expected = columnFromValues(
        fieldType,
        arrays.map((_, i) => {
          values[0] = valueAt(col, i);
          return compiled.evaluate(ctx);
        }),
      );
      assert.deepEqual(kernel([col]), expected, text);
    }
  }
});
