import assert from "node:assert/strict";
import { test } from "node:test";
import { type Data, Field, Int32, Int64, Struct, Utf8, vectorFromArray } from "apache-arrow";
import { customerRoot, customers, shapes, shapesRoot } from "../../../test/support/proto-shapes.ts";
import { messageReader } from "../../../test/support/protobuf-reference.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import { protobufColumnWriter } from "./proto-column-writer.ts";
import type { ProtoType } from "./proto-root.ts";

// Every shape's branches (nulls at 15%, oneof members, map sizes, the 1% long texts with
// multi-byte length prefixes) come up many times in 2,000 rows; the check is per row.
const ROWS = 2_000;

/** Each row's bytes from the column encoder. */
function encodeAll(type: ProtoType, data: Data): Uint8Array[] {
  const write = protobufColumnWriter(type, data, "test");
  const out = new ByteSink(1 << 16);
  const messages: Uint8Array[] = [];
  for (let i = 0; i < data.length; i++) {
    out.pos = 0;
    write(out, i);
    messages.push(out.buf.slice(0, out.pos));
  }
  return messages;
}

const AS_VALUES = { longs: String, enums: String, bytes: String, oneofs: true, defaults: true } as const;

function compare(type: ProtoType, data: Data): void {
  const mine = encodeAll(type, data);
  const reference = messageReader(type, data, "test");
  let different = 0;
  let reencoded = 0;
  let first = "";
  for (let i = 0; i < data.length; i++) {
    const decoded = type.decode(mine[i]!);
    const problem = type.verify(decoded);
    assert.equal(problem, null, `row ${i}: ${problem}`);
    // The values protobufjs encodes from the same row (rowforge's former path), decoded back.
    const expected = type.toObject(type.decode(type.encode(reference(i)).finish()), AS_VALUES);
    const actual = type.toObject(decoded, AS_VALUES);
    try {
      assert.deepEqual(actual, expected);
    } catch (e) {
      different++;
      first ||= `row ${i}: ${(e as Error).message.slice(0, 1500)}`;
    }
    // protobufjs writes the fields a decoded message holds in field order: the same bytes as ours.
    if (Buffer.compare(Buffer.from(type.encode(decoded).finish()), Buffer.from(mine[i]!)) !== 0) {
      reencoded++;
      first ||= `row ${i}: bytes differ from protobufjs's re-encoding`;
    }
  }
  const bytes = mine.reduce((n, m) => n + m.length, 0);
  assert.ok(bytes > data.length * 20, `only ${bytes} bytes for ${data.length} rows`);
  assert.equal(different, 0, `${different} of ${data.length} rows decode to other values: ${first}`);
  assert.equal(reencoded, 0, `${reencoded} of ${data.length} rows are not protobufjs's bytes: ${first}`);
}

test("2,000 rows of every shape: the column encoder's bytes decode (protobufjs) to protobufjs's own values, byte for byte its canonical encoding", () => {
  const root = shapesRoot();
  compare(root.lookupType("t.All"), shapes(ROWS));
});

test("defaults are left out of fields without presence, kept for optional and oneof members", () => {
  const root = shapesRoot();
  const T = root.lookupType("t.All");
  const fields = [
    new Field("i32", new Int32(), true),
    new Field("s", new Utf8(), true),
    new Field("opt", new Int32(), true),
    new Field("n", new Int32(), true),
  ];
  const data = vectorFromArray([{ i32: 0, s: "", opt: 0, n: 0 }], new Struct(fields)).data[0]!;
  const [bytes] = encodeAll(T, data);
  // opt (31) = 0 and n (29) = 0: tags 0xe8 0x01 and 0xf8 0x01, each with 0.
  assert.deepEqual([...bytes!], [0xe8, 0x01, 0x00, 0xf8, 0x01, 0x00]);
});

test("2,000 CustomerUpdated rows of the test schemas (imports, Timestamp, StringValue, oneof, maps, enums): protobufjs's values and bytes", () => {
  compare(customerRoot().lookupType("shop.customers.CustomerUpdated"), customers(ROWS));
});

test("64-bit integers are exact over the whole int64 range (past 2^53 a number would round): protobufjs reads back the same values", () => {
  const T = shapesRoot().lookupType("t.All");
  const names = ["i64", "u64", "s64", "fx64", "sf64"] as const;
  const fields = names.map((n) => new Field(n, new Int64(), true));
  const values = [
    2n ** 53n + 1n,
    2n ** 63n - 1n,
    -(2n ** 63n),
    -1n,
    0n,
    1n,
    -(2n ** 53n) - 3n,
    12_345_678_901_234_567n,
  ];
  const rows = values.map((v) => Object.fromEntries(names.map((n) => [n, v])));
  const data = vectorFromArray(rows, new Struct(fields)).data[0]!;
  const messages = encodeAll(T, data);
  values.forEach((v, i) => {
    const got = T.toObject(T.decode(messages[i]!), { longs: String }) as Record<string, string | undefined>;
    const unsigned = BigInt.asUintN(64, v).toString();
    for (const n of names) {
      // A 0 is the default: left out of the message, so absent when read back.
      const want = v === 0n ? undefined : n === "u64" || n === "fx64" ? unsigned : v.toString();
      assert.equal(got[n], want, `${n} = ${v}`);
    }
  });
});
