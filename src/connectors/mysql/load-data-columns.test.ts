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
import { loadDataColumnEncoder } from "./load-data-columns.ts";
import { writeLoadDataTsv } from "./load-data-tsv.ts";

function sameText(fields: Fields, columns: Column[]): void {
  assertSameBytesAsArrow(fields, columns, loadDataColumnEncoder(fields), (out, batch) =>
    writeLoadDataTsv(out, batch, 0),
  );
}

const scalar = scalarColumn;

test("edge values and nulls of every covered type: the same text as the Arrow path", () => {
  const fields = [
    { name: "i", type: DataTypes.int },
    { name: "l", type: DataTypes.long },
    { name: "m", type: DataTypes.decimal(12, 2) },
    { name: "m0", type: DataTypes.decimal(10, 0) },
    { name: "m5", type: DataTypes.decimal(15, 5) },
    { name: "big", type: DataTypes.decimal(38, 3) },
    { name: "s", type: DataTypes.string },
    { name: "b", type: DataTypes.boolean },
    { name: "day", type: DataTypes.date },
    { name: "t", type: DataTypes.timestamp },
  ];
  const columns = [
    scalar(DataTypes.int, Int32Array.from([0, -1, 2147483647, -2147483648, 7, 0, 3]), [5]),
    scalar(
      DataTypes.long,
      Float64Array.from([0, -1, 2 ** 53 - 1, -(2 ** 53) + 1, -(2 ** 32), 4294967296, 10]),
      [1],
    ),
    scalar(DataTypes.decimal(12, 2), Float64Array.from([0, -1, 12345678901, -10000, 100, -0, 5])),
    scalar(DataTypes.decimal(10, 0), Float64Array.from([0, -1, 9999999999, -10000, 100, -0, 5])),
    scalar(
      DataTypes.decimal(15, 5),
      Float64Array.from([1, -99999, 123456789012345, -(2 ** 32), 100000, 5, -100001]),
    ),
    scalar(
      DataTypes.decimal(38, 3),
      [0n, -1n, 10n ** 37n, -(10n ** 30n) - 7n, 2n ** 53n, -(2n ** 53n) + 1n, 5n],
      [0],
    ),
    scalar(
      DataTypes.string,
      ["", "Ada", "Zoë\tx", "日本語", 'a\tb\n"c\\\r\0', "x".repeat(200), "end\\"],
      [2],
    ),
    scalar(DataTypes.boolean, Uint8Array.from([0, 1, 1, 0, 1, 0, 1]), [3]),
    scalar(DataTypes.date, Int32Array.from([0, -1, 10957, -25567, 30000, 10956, -800000])),
    scalar(
      DataTypes.timestamp,
      Float64Array.from([0, -1, 946684800000000, -2208988800000000, 1767225600123456, 1, 1767225600123000]),
    ),
  ];
  sameText(fields, columns);
});

test("a generated step's rows: the same text both ways, and fields not covered leave it to the Arrow path", async () => {
  const step = await generatedStep();
  sameText(step.output, [...step.columns(0, 400)]);
  sameText(step.output, [...step.columns(123, 7)]);
  assert.equal(loadDataColumnEncoder([{ name: "f", type: DataTypes.double }]), undefined);
});
