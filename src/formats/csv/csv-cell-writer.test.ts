import assert from "node:assert/strict";
import { test } from "node:test";
import { Float64, makeData } from "apache-arrow";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { type CsvSyntax, csvCellWriter, writeCsvBytes, writeCsvUsuallyQuoted } from "./csv-cell-writer.ts";

const syntax = (over: Partial<CsvSyntax> = {}): CsvSyntax => ({
  delimiter: 44,
  quote: 34,
  escape: 34,
  nullValue: new Uint8Array(0),
  quoteAll: false,
  ...over,
});

test("the one-pass writer for nested values writes what writeCsvBytes writes, quoted or not", () => {
  const texts = [
    '{"a":1}',
    "[1,2]",
    "[1]",
    "[]",
    "",
    " x",
    "x ",
    'say "hi"',
    "a\\b",
    "line\nbreak",
    "semi;colon",
    "{}",
  ];
  const syntaxes = [
    syntax(),
    syntax({ delimiter: 59 }),
    syntax({ escape: 92 }),
    syntax({ quoteAll: true }),
    syntax({ quote: 39, escape: 92, delimiter: 9 }),
  ];
  for (const s of syntaxes) {
    for (const text of texts) {
      const bytes = new TextEncoder().encode(`..${text}..`);
      const a = new ByteSink(4);
      const b = new ByteSink(4);
      writeCsvBytes(a, bytes, 2, bytes.length - 2, s);
      writeCsvUsuallyQuoted(b, bytes, 2, bytes.length - 2, s);
      assert.deepEqual(b.take(), a.take(), `${JSON.stringify(text)} with ${JSON.stringify(s)}`);
    }
  }
});

test("float cells are their String text, non-finite values and -0 included", () => {
  const values = [0, -0, 0.1, 1e21, 1e-7, 5e-324, Number.NaN, Infinity, -Infinity, 191.313423480064];
  for (let i = 0; i < 2000; i++) values.push(((i * 7919.123456789) % 999) * (i % 2 ? -1 : 1e-3));
  const write = csvCellWriter(
    makeData({ type: new Float64(), length: values.length, data: Float64Array.from(values) }),
    syntax(),
  );
  const texts = values.map((_, i) => {
    const sink = new ByteSink(64);
    write(sink, i);
    return new TextDecoder().decode(sink.take());
  });
  assert.deepEqual(texts, values.map(String));
});
