import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Bool,
  Field,
  Float64,
  Int32,
  List,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  TimestampMicrosecond,
  Utf8,
  vectorFromArray,
} from "apache-arrow";
import { fullWidth } from "./full-width-batch.ts";

const customer = new Struct([new Field("name", new Utf8(), true), new Field("age", new Int32(), true)]);
const event = new Struct([
  new Field("at", new TimestampMicrosecond(), true),
  new Field("ok", new Bool(), true),
]);
const SCHEMA = new Schema([
  new Field("id", new Utf8(), true),
  new Field("amount", new Float64(), true),
  new Field("customer", customer, true),
  new Field("events", new List(new Field("element", event, true)), true),
]);

test("a batch of some columns comes back in the whole schema: what was read as read, the rest NULL", () => {
  const ages = new Struct([new Field("age", new Int32(), true)]);
  const oks = new List(new Field("element", new Struct([new Field("ok", new Bool(), true)]), true));
  const fields = [new Field("customer", ages, true), new Field("events", oks, true)];
  const children = [
    vectorFromArray([{ age: 30 }, null, { age: 41 }], ages).data[0]!,
    vectorFromArray([[{ ok: true }], null, [{ ok: false }, { ok: true }]], oks).data[0]!,
  ];
  const part = new RecordBatch(
    new Schema(fields),
    makeData({ type: new Struct(fields), length: 3, nullCount: 0, children }),
  );
  const whole = fullWidth(SCHEMA);
  for (const batch of [whole(part), whole(part)]) {
    assert.equal(batch.numRows, 3);
    assert.deepEqual(
      batch.schema.fields.map((f) => String(f.type)),
      SCHEMA.fields.map((f) => String(f.type)),
    );
    const rows = batch.toArray().map((r) => r.toJSON());
    assert.deepEqual(
      rows.map((r) => [r.id, r.amount]),
      [
        [null, null],
        [null, null],
        [null, null],
      ],
    );
    assert.deepEqual(
      rows.map((r) => (r.customer === null ? null : r.customer.toJSON())),
      [{ name: null, age: 30 }, null, { name: null, age: 41 }],
    );
    assert.deepEqual(
      rows.map((r) => (r.events === null ? null : [...r.events].map((e) => e.toJSON()))),
      [
        [{ at: null, ok: true }],
        null,
        [
          { at: null, ok: false },
          { at: null, ok: true },
        ],
      ],
    );
  }
});
