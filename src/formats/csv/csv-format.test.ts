import assert from "node:assert/strict";
import { test } from "node:test";
import { Int32, Table, Utf8, vectorFromArray } from "apache-arrow";
import { csvFormat } from "./csv-format.ts";

const text = (chunks: readonly Uint8Array[]) => Buffer.concat(chunks).toString("utf8");
const table = new Table({
  id: vectorFromArray([1, 2], new Int32()),
  name: vectorFromArray(["a", "b,c"], new Utf8()),
});
const batch = table.batches[0]!;

test("header() gives the header line once; rows encoded after it read as one CSV file", async () => {
  const whole = csvFormat.createEncoder(table.schema, {});
  const expected = text([...(await whole.encode(batch)), ...(await whole.end())]);
  assert.equal(expected, 'id,name\n1,a\n2,"b,c"\n');

  const split = csvFormat.createEncoder(table.schema, {});
  assert.ok(split.header, "the CSV encoder declares a header");
  const head = text(split.header());
  assert.equal(head, "id,name\n");
  assert.deepEqual(split.header(), [], "a second call writes nothing");
  assert.equal(head + text([...(await split.encode(batch)), ...(await split.end())]), expected);
});

test("with header false, header() is empty; an empty output still gets its header line from end()", async () => {
  const none = csvFormat.createEncoder(table.schema, { header: "false" });
  assert.deepEqual(none.header?.(), []);
  const empty = csvFormat.createEncoder(table.schema, { delimiter: ";" });
  assert.equal(text(await empty.end()), "id;name\n");
});
