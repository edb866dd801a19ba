import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { test } from "node:test";
import avro from "avsc";
import protobuf from "protobufjs";
import {
  MessageFrames,
  slotsOption,
  writeMessageFrames,
} from "../../src/connectors/messaging/message-frames.ts";
import type { MessageSlot } from "../../src/connectors/messaging/message-slot.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { isRowforgeError } from "../../src/errors/index.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { loadProtoFile, rootToJson } from "../../src/formats/protobuf/proto-root.ts";
import { fillFromMetadata } from "../../src/metadata/fill-from-metadata.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { diskProtoFiles } from "../support/proto-shapes.ts";

/**
 * Avro (.avsc) and Protobuf (.proto) schemas as metadata sources: 10k rows generated from each
 * schema's fields, each row encoded (rowforge's Avro writer, protobufjs for Protobuf) and then
 * decoded and checked by an independent reader of the schema file itself (avsc's isValid,
 * protobufjs's verify): no violation.
 */

const SCHEMAS = join(import.meta.dirname, "schemas");
const ROWS = 10_000;

async function generated(options: string, records = ROWS) {
  const plan = await planFrom("name: p\ntasks:\n  - name: t\n    dataSourceName: files\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: ${records}}\n    options: {path: /tmp/unused, ${options}}\n`,
  });
  const filled = await fillFromMetadata(plan, { access: OPEN_ACCESS });
  const c = compilePlan(filled.plan, { seed: "5", nowMicros: TEST_NOW_MICROS, fastMode: true });
  const step = c.steps[0]!;
  return { batch: step.batch(0, step.rowCount), fields: filled.steps[0]!.fields };
}

function encode(batch: Parameters<typeof writeMessageFrames>[1], slot: MessageSlot): MessageFrames {
  const out = new ByteSink(1 << 20);
  writeMessageFrames(out, batch, { ...slotsOption([slot]), where: 'step "s"' });
  return new MessageFrames(out.buf.subarray(0, out.pos), batch.numRows, [slot]);
}

test("Avro: 10k rows of a schema with nested records, arrays, maps, enums, fixed, unions and logical types decode valid with avsc", async () => {
  const file = join(SCHEMAS, "order-event.avsc");
  const { batch, fields } = await generated(`metadataSourceType: avro, schemaLocation: ${file}`);
  assert.deepEqual(
    fields.slice(0, 7).map((f) => f.name),
    ["event_id", "order_number", "placed_at", "processed_at", "delivery_date", "status", "channel"],
  );
  const text = readFileSync(file, "utf8");
  const frames = encode(batch, { as: "avro", schema: text, message: "com.shop.events.OrderPlaced" });
  const type = avro.Type.forSchema(JSON.parse(text) as avro.Schema);
  let bad = 0;
  let first = "";
  const statuses = new Set<string>();
  let nullEmails = 0;
  for (let i = 0; i < ROWS; i++) {
    const bytes = Buffer.from(frames.part(i, 0)!);
    try {
      const v = type.fromBuffer(bytes) as { status: string; customer: { email: string | null } };
      if (!type.isValid(v)) throw new Error("not valid");
      statuses.add(v.status);
      if (v.customer.email === null) nullEmails++;
    } catch (e) {
      bad++;
      first ||= `row ${i}: ${(e as Error).message}`;
    }
  }
  assert.equal(bad, 0, `${bad} of ${ROWS} rows do not decode as the schema: ${first}`);
  assert.deepEqual([...statuses].sort(), ["CANCELLED", "PAID", "PLACED", "SHIPPED"]);
  assert.ok(nullEmails > 0 && nullEmails < ROWS, "a union with null gives some nulls");
});

test("Protobuf: 10k rows of a message with nested and imported messages, repeated, maps, enums, oneof, Timestamp verify with protobufjs", async () => {
  const file = join(SCHEMAS, "proto", "customer.proto");
  const { batch } = await generated(
    `metadataSourceType: protobuf, schemaLocation: ${file}, messageName: CustomerUpdated`,
  );
  const root = loadProtoFile(file, readFileSync(file, "utf8"), "test", diskProtoFiles);
  const frames = encode(batch, {
    as: "protobuf",
    schema: rootToJson(root),
    message: "shop.customers.CustomerUpdated",
  });
  const independent = new protobuf.Root();
  independent.resolvePath = (origin, target) =>
    target.startsWith("google/") || isAbsolute(target) ? target : join(dirname(origin), target);
  independent.loadSync(file, { keepCase: true });
  const T = independent.lookupType("shop.customers.CustomerUpdated");
  let bad = 0;
  let first = "";
  const contacts = new Set<string>();
  for (let i = 0; i < ROWS; i++) {
    try {
      const m = T.decode(frames.part(i, 0)!);
      const problem = T.verify(m);
      if (problem) throw new Error(problem);
      const o = T.toObject(m, { oneofs: true }) as { contact?: string };
      contacts.add(o.contact ?? "none");
    } catch (e) {
      bad++;
      first ||= `row ${i}: ${(e as Error).message}`;
    }
  }
  assert.equal(bad, 0, `${bad} of ${ROWS} rows do not decode or verify: ${first}`);
  assert.deepEqual(
    [...contacts].sort(),
    ["messenger_handle", "phone"],
    "the oneof sets one member, each in turn",
  );
});

test("refused clearly: a recursive record, an unknown named type, a missing message, a value outside an enum", async () => {
  const dir = join(SCHEMAS, "..");
  void dir;
  const cases: [string, RegExp][] = [
    [
      `metadataSourceType: avro, schemaLocation: ${join(SCHEMAS, "bad", "endless.avsc")}`,
      /contains its own record ex\.Node \(ex\.Node -> ex\.Node -> ex\.Node\) where it cannot be empty/,
    ],
    [
      `metadataSourceType: avro, schemaLocation: ${join(SCHEMAS, "bad", "unknown-type.avsc")}`,
      /refers to type "Adress", which is neither an Avro type nor a named type defined before it/,
    ],
    [
      `metadataSourceType: protobuf, schemaLocation: ${join(SCHEMAS, "proto", "customer.proto")}, messageName: Customer`,
      /has no message named "Customer".*|messages in the file/,
    ],
  ];
  for (const [options, message] of cases) {
    await assert.rejects(generated(options, 10), (e) => {
      assert.ok(isRowforgeError(e), String(e));
      assert.match(`${e.message} ${e.hint ?? ""}`, message);
      return true;
    });
  }
});
