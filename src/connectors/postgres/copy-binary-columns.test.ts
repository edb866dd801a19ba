import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertSameBytesAsArrow,
  type Fields,
  scalarColumn,
} from "../../../test/support/column-encoder-bytes.ts";
import { generatedStep } from "../../../test/support/generated-step.ts";
import type { Column } from "../../engine/columns/column.ts";
import { DataTypes } from "../../model/data-type.ts";
import { writeCopyBinary } from "./copy-binary.ts";
import { copyBinaryColumnEncoder } from "./copy-binary-columns.ts";

function sameBytes(fields: Fields, columns: Column[], types: readonly string[]): void {
  assertSameBytesAsArrow(
    fields,
    columns,
    copyBinaryColumnEncoder(fields, { types: types.join(",") }),
    (out, batch) => writeCopyBinary(out, batch, types),
  );
}

const scalar = scalarColumn;

test("edge values and nulls of every covered type: the same bytes as the Arrow path", () => {
  const fields = [
    { name: "i4", type: DataTypes.int },
    { name: "i8", type: DataTypes.int },
    { name: "l", type: DataTypes.long },
    { name: "d", type: DataTypes.double },
    { name: "m", type: DataTypes.decimal(12, 2) },
    { name: "m5", type: DataTypes.decimal(15, 5) },
    { name: "big", type: DataTypes.decimal(38, 3) },
    { name: "s", type: DataTypes.string },
    { name: "b", type: DataTypes.boolean },
    { name: "day", type: DataTypes.date },
    { name: "t", type: DataTypes.timestamp },
  ];
  const types = [
    "int4",
    "int8",
    "int8",
    "float8",
    "numeric",
    "numeric",
    "numeric",
    "text",
    "bool",
    "date",
    "timestamp",
  ];
  const columns = [
    scalar(DataTypes.int, Int32Array.from([0, -1, 2147483647, -2147483648, 7, 0]), [5]),
    scalar(DataTypes.int, Int32Array.from([0, -1, 2147483647, -2147483648, 7, 1])),
    scalar(
      DataTypes.long,
      Float64Array.from([0, -1, 2 ** 53 - 1, -(2 ** 53) + 1, -(2 ** 32), 4294967296]),
      [1],
    ),
    scalar(
      DataTypes.double,
      Float64Array.from([0, -0, Math.PI, -1e300, Number.NaN, Number.POSITIVE_INFINITY]),
    ),
    scalar(DataTypes.decimal(12, 2), Float64Array.from([0, -1, 12345678901, -10000, 100, -0])),
    scalar(DataTypes.decimal(15, 5), Float64Array.from([1, -99999, 123456789012345, -(2 ** 32), 100000, 5])),
    scalar(
      DataTypes.decimal(38, 3),
      [0n, -1n, 10n ** 37n, -(10n ** 30n) - 7n, 2n ** 53n, -(2n ** 53n) + 1n],
      [0],
    ),
    scalar(DataTypes.string, ["", "Ada", "Zoë", "日本語", 'a\tb\n"c\\', "x".repeat(200)], [2]),
    scalar(DataTypes.boolean, Uint8Array.from([0, 1, 1, 0, 1, 0]), [3]),
    scalar(DataTypes.date, Int32Array.from([0, -1, 10957, -25567, 30000, 10956])),
    scalar(
      DataTypes.timestamp,
      Float64Array.from([0, -1, 946684800000000, -2208988800000000, 1767225600123456, 1]),
    ),
  ];
  sameBytes(fields, columns, types);
});

test("a generated step's rows: the same bytes both ways, and fields not covered leave it to the Arrow path", async () => {
  const step = await generatedStep();
  const types = ["int8", "int4", "text", "numeric", "date", "timestamp", "bool"];
  sameBytes(step.output, [...step.columns(0, 400)], types);
  sameBytes(step.output, [...step.columns(123, 7)], types);
  // A float field (written as float4 by the Arrow path) and a mismatched type list: no column encoder.
  assert.equal(
    copyBinaryColumnEncoder([{ name: "f", type: DataTypes.float }], { types: "float4" }),
    undefined,
  );
  assert.equal(copyBinaryColumnEncoder(step.output, { types: "int8" }), undefined);
});
