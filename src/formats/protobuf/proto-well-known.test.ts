import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import {
  Field,
  Int32,
  Int64,
  List,
  Map_,
  Struct,
  TimestampMillisecond,
  Utf8,
  vectorFromArray,
} from "apache-arrow";
import protobuf from "protobufjs";
import { encodeValues } from "../../../test/support/corpus/encode-values.ts";
import { generateDocument } from "../../../test/support/corpus/generate-document.ts";
import { jsonRows } from "../../../test/support/corpus/json-rows.ts";
import { fromProto3Json } from "../../../test/support/corpus/proto3-json.ts";
import { validateProtobufRows } from "../../../test/support/corpus/validate-protobuf-rows.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { protobufColumnWriter } from "./proto-column-writer.ts";
import { parseDuration } from "./proto-well-known.ts";

const PROTO = `syntax = "proto3";
package wk;
import "google/protobuf/any.proto";
import "google/protobuf/duration.proto";
import "google/protobuf/empty.proto";
import "google/protobuf/field_mask.proto";
import "google/protobuf/struct.proto";
import "google/protobuf/timestamp.proto";
import "google/protobuf/wrappers.proto";
message All {
  google.protobuf.Timestamp at = 1;
  google.protobuf.Duration took = 2;
  google.protobuf.FieldMask mask = 3;
  google.protobuf.Value value = 4;
  google.protobuf.ListValue list = 5;
  google.protobuf.Struct attributes = 6;
  google.protobuf.Any payload = 7;
  google.protobuf.Empty nothing = 8;
  google.protobuf.Int64Value count = 9;
  repeated google.protobuf.Duration waits = 10;
  map<string, google.protobuf.Value> labels = 11;
}
`;

const file = join(fixtureDir({ "wk.proto": PROTO }), "wk.proto");
/** protobufjs's own reading of the file (the well-known types its built-in copies). */
const root = new protobuf.Root().loadSync(file, { keepCase: true });
root.resolveAll();
const All = root.lookupType("wk.All");

/** Each row's bytes from the column writer (the rows a struct of `fields`), decoded by protobufjs as a plain object. */
function decodeRows(fields: Field[], rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const data = vectorFromArray(rows, new Struct(fields)).data[0]!;
  const write = protobufColumnWriter(All, data, "test");
  const out = new ByteSink(1 << 12);
  return rows.map((_, i) => {
    out.pos = 0;
    write(out, i);
    const m = All.decode(out.buf.slice(0, out.pos));
    assert.equal(All.verify(m), null);
    return All.toObject(m, { longs: String, defaults: false }) as Record<string, unknown>;
  });
}

const textField = (name: string) => new Field(name, new Utf8(), true);

/** Rows of one text field. */
const texts = (name: string, values: (string | null)[]) =>
  decodeRows(
    [textField(name)],
    values.map((v) => ({ [name]: v })),
  );

test("Duration: its JSON text is written as seconds and nanos (negative and fractional too)", () => {
  const got = texts("took", ["84931.038s", "-1.5s", "0s", "3.000000001s"]);
  assert.deepEqual(
    got.map((r) => r.took),
    [
      { seconds: "84931", nanos: 38_000_000 },
      { seconds: "-1", nanos: -500_000_000 },
      {},
      { seconds: "3", nanos: 1 },
    ],
  );
  assert.deepEqual(parseDuration("1.5"), undefined);
  assert.deepEqual(parseDuration("1.5m"), undefined);
  assert.deepEqual(parseDuration("1.1234567890s"), undefined);
});

test("Duration: text not of its JSON form is refused, naming the field and the form", () => {
  assert.throws(
    () => texts("took", ["90 minutes"]),
    (e) =>
      isRowforgeError(e) &&
      e.code === "RF_SCHEMA_VALUE_INVALID" &&
      /field took has the value "90 minutes", which is not a google.protobuf.Duration/.test(e.message),
  );
});

test("Duration: a step's own struct of seconds and nanos is written as the message", () => {
  const took = new Struct([new Field("seconds", new Int64(), true), new Field("nanos", new Int32(), true)]);
  const got = decodeRows([new Field("took", took, true)], [{ took: { seconds: 90n, nanos: 5 } }]);
  assert.deepEqual(got[0]!.took, { seconds: "90", nanos: 5 });
});

test("Timestamp: a timestamp column is written as seconds and nanos", () => {
  const at = [new Field("at", new TimestampMillisecond(), true)];
  assert.deepEqual(decodeRows(at, [{ at: Date.UTC(2026, 0, 21, 0, 57, 11, 452) }])[0]!.at, {
    seconds: String(Date.UTC(2026, 0, 21, 0, 57, 11) / 1000),
    nanos: 452_000_000,
  });
});

test("FieldMask: comma-separated lowerCamelCase paths are written as snake_case paths", () => {
  const got = texts("mask", ["displayName,labels.env", ""]);
  assert.deepEqual(got[0]!.mask, { paths: ["display_name", "labels.env"] });
  assert.deepEqual(got[1]!.mask, {});
});

test("Value, ListValue, Struct: text is a string value, a null the null value", () => {
  const entries = new Struct([new Field("key", new Utf8(), false), new Field("value", new Utf8(), true)]);
  const got = decodeRows(
    [
      textField("value"),
      new Field("list", new List(textField("item")), true),
      new Field("attributes", new Map_(new Field("entries", entries, false)), true),
    ],
    [
      { value: "hello", list: ["a", null], attributes: new Map([["env", "prod"]]) },
      { value: "x", list: [], attributes: new Map() },
    ],
  );
  assert.deepEqual(got[0], {
    value: { stringValue: "hello" },
    list: { values: [{ stringValue: "a" }, { nullValue: 0 }] },
    attributes: { fields: { env: { stringValue: "prod" } } },
  });
  assert.deepEqual(got[1], { value: { stringValue: "x" }, list: {}, attributes: {} });
});

test("Any: @type and value are written as the type URL and the packed StringValue's bytes", () => {
  const payload = [new Field("payload", new Struct([textField("@type"), textField("value")]), true)];
  const any = (type: string, value: string) => decodeRows(payload, [{ payload: { "@type": type, value } }]);
  const got = any("type.googleapis.com/google.protobuf.StringValue", "hi")[0]!.payload as {
    type_url: string;
    value: Uint8Array;
  };
  assert.equal(got.type_url, "type.googleapis.com/google.protobuf.StringValue");
  const StringValue = root.lookupType("google.protobuf.StringValue");
  assert.deepEqual(StringValue.toObject(StringValue.decode(got.value)), { value: "hi" });
  assert.throws(
    () => any("type.googleapis.com/shop.Order", "x"),
    (e) =>
      isRowforgeError(e) &&
      /type.googleapis.com\/shop.Order", which is not a google.protobuf.Any/.test(e.message),
  );
});

test("a message of every well-known type from its .proto: each JSON row in the proto3 JSON forms, read by protobufjs as the message its Protobuf value is", async () => {
  const task = {
    type: "json",
    options: { metadataSourceType: "protobuf", schemaLocation: "{document}", messageName: "All" },
  };
  const steps = await generateDocument(task, { document: file }, 1000);
  const tally = await validateProtobufRows(file, steps);
  assert.equal(tally.valid, 1000, tally.first);
  const rows = await jsonRows(steps[0]!);
  const { frames } = await encodeValues(steps[0]!);
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    for (const [k, v] of Object.entries(row)) if (v !== null) seen.add(k);
    if (row.took !== null) assert.match(String(row.took), /^\d+(\.\d{3})?s$/);
    if (row.mask !== null)
      assert.match(String(row.mask), /^[a-z]+([A-Z][a-z]+)?(\.[a-z]+)?(,[a-z]+([A-Z][a-z]+)?(\.[a-z]+)?)*$/);
    assert.equal(typeof row.value, "string");
    if (row.list !== null) assert.ok(Array.isArray(row.list));
    if (row.attributes !== null) assert.equal(typeof row.attributes, "object");
    if (row.payload !== null)
      assert.equal(
        (row.payload as Record<string, unknown>)["@type"],
        "type.googleapis.com/google.protobuf.StringValue",
      );
    // The JSON row, read by the proto3 JSON mapping, is the message the Protobuf value holds.
    const fromJson = All.toObject(All.fromObject(fromProto3Json(All, row) as object), {
      longs: String,
      bytes: String,
    });
    const fromBytes = All.toObject(All.decode(frames.part(i, 0)!), { longs: String, bytes: String });
    assert.deepEqual(fromJson, fromBytes, `row ${i}: ${JSON.stringify(row)}`);
  }
  assert.deepEqual([...seen].sort(), [
    "at",
    "attributes",
    "count",
    "labels",
    "list",
    "mask",
    "payload",
    "took",
    "value",
    "waits",
  ]);
});
