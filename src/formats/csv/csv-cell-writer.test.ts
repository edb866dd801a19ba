import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { type CsvSyntax, writeCsvBytes, writeCsvUsuallyQuoted } from "./csv-cell-writer.ts";

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
