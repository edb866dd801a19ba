import assert from "node:assert/strict";
import { test } from "node:test";
import type { Column } from "../../engine/index.ts";
import { DataTypes } from "../../model/data-type.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { fieldsWriter } from "./column-json-writer.ts";

const texts = (values: string[]): Column => ({
  shape: "scalar",
  type: DataTypes.string,
  length: values.length,
  nulls: undefined,
  values,
});

test("field names of every length are written whole, into a buffer that starts mid-way and grows", () => {
  // Names of 0 to 9 characters: openers of every length modulo the four bytes written at a time.
  const names = Array.from({ length: 10 }, (_, k) => "abcdefghi".slice(0, k));
  const rows = 50;
  const writer = fieldsWriter(
    names.map((name) => ({ name, type: DataTypes.string })),
    false,
  );
  const columns = names.map((_, k) => texts(Array.from({ length: rows }, (_, i) => `v${i}.${k}`)));
  assert.ok(writer.bind(columns));
  // A buffer handed back for reuse: a view at an odd offset of a larger block, too small for a row.
  const sink = new ByteSink(new Uint8Array(new ArrayBuffer(64), 3, 17));
  for (let i = 0; i < rows; i++) {
    writer.write(sink, i);
    sink.byte(10);
  }
  const expected = Array.from(
    { length: rows },
    (_, i) => `{${names.map((n, k) => `${JSON.stringify(n)}:"v${i}.${k}"`).join(",")}}\n`,
  );
  assert.equal(Buffer.from(sink.buf.subarray(0, sink.pos)).toString("utf8"), expected.join(""));
});
