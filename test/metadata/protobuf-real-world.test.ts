import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { ndjsonFormat } from "../../src/formats/ndjson/ndjson-format.ts";
import { fillFromMetadata } from "../../src/metadata/fill-from-metadata.ts";
import { corpusDocument } from "../support/corpus/corpus-manifest.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

/**
 * Protobuf beyond what the corpus test checks of every message (test/metadata/corpus.test.ts:
 * each of test/metadata/corpus/protobuf.json's messages decoded, verified and encoded again by
 * protobufjs): a oneof of Cloud Tasks' Task sets each member in turn, and imports are found from
 * anywhere (Google's bundled files, the step's importPaths).
 */

const ROWS = 1000;

async function generate(file: string, options: Readonly<Record<string, string>>, rows = ROWS) {
  const opts = Object.entries({ ...options, schemaLocation: file })
    .map(([k, v]) => `${k}: "${v}"`)
    .join(", ");
  const plan = await planFrom("name: p\ntasks:\n  - name: t\n    dataSourceName: files\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: ${rows}}\n    options: {path: /tmp/unused, ${opts}}\n`,
  });
  const filled = await fillFromMetadata(plan, { access: OPEN_ACCESS });
  const c = compilePlan(filled.plan, { seed: "28", nowMicros: TEST_NOW_MICROS, fastMode: false });
  const step = c.steps[0]!;
  return step.batch(0, step.rowCount);
}

/** The rows as rowforge's JSON output writes them (one object per line), parsed back. */
function jsonRows(batch: Awaited<ReturnType<typeof generate>>): Record<string, unknown>[] {
  const out = new ByteSink(1 << 20);
  ndjsonFormat.createEncoder(batch.schema, {}).encodeInto!(batch, out);
  const text = Buffer.from(out.buf.subarray(0, out.pos)).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

test("a oneof sets each of its members in turn, one per message, and its own field is not written", async () => {
  const { path, document } = corpusDocument("protobuf.json", "cloud/tasks/v2/task/Task");
  const rows = jsonRows(await generate(path, { metadataSourceType: "protobuf", ...document.options }));
  const set = new Map<string, number>();
  for (let i = 0; i < ROWS; i++) {
    const row = rows[i]!;
    const members = ["app_engine_http_request", "http_request"].filter((m) => row[m] !== null);
    assert.equal(members.length, 1, `row ${i} sets ${members.join(", ") || "no member"}`);
    set.set(members[0]!, (set.get(members[0]!) ?? 0) + 1);
    assert.equal("message_type" in row, false, "the oneof's own field is not written");
  }
  assert.deepEqual([...set.keys()].sort(), ["app_engine_http_request", "http_request"]);
});

test("imports are found from anywhere: Google's bundled files, the step's importPaths (relative to where schemaLocation was found)", async () => {
  const dir = fixtureDir({
    "protos/shop/order.proto": `syntax = "proto3";
package shop;
import "google/type/money.proto";
import "google/api/field_behavior.proto";
import "google/protobuf/descriptor.proto";
import "google/protobuf/struct.proto";
import "common/address.proto";
message Order {
  string id = 1 [(google.api.field_behavior) = REQUIRED];
  google.type.Money total = 2;
  common.Address ship_to = 3;
  google.protobuf.Struct attributes = 4;
  map<string, common.Address> addresses = 5;
  map<int32, Line> lines = 6;
}
message Line { string sku = 1; Kind kind = 2; }
enum Kind { KIND_UNSPECIFIED = 0; PHYSICAL = 1; DIGITAL = 2; }
`,
    "third_party/common/address.proto": `syntax = "proto3";
package common;
message Address { string city = 1; repeated string lines = 2; }
`,
  });
  const file = join(dir, "protos", "shop", "order.proto");
  // A folder that is neither the working folder nor above the file: only importPaths finds it.
  const batch = await generate(file, {
    metadataSourceType: "protobuf",
    messageName: "Order",
    importPaths: join(dir, "third_party"),
  });
  assert.equal(batch.numRows, ROWS);
  const kinds = new Set<string>();
  for (const row of jsonRows(batch)) {
    for (const line of Object.values((row.lines ?? {}) as Record<string, { kind: string }>))
      kinds.add(line.kind);
  }
  assert.deepEqual(
    [...kinds].sort(),
    ["DIGITAL", "KIND_UNSPECIFIED", "PHYSICAL"],
    "map values are messages with enums",
  );
  const missing = generate(file, { metadataSourceType: "protobuf", messageName: "Order" }, 10);
  await assert.rejects(missing, /imports "common\/address.proto", which was not found/);
  mkdirSync(join(dir, "protos", "shop", "common"));
  writeFileSync(
    join(dir, "protos", "shop", "common", "address.proto"),
    'syntax = "proto3";\npackage common;\nmessage Address { string city = 1; }\n',
  );
  assert.equal(
    (await generate(file, { metadataSourceType: "protobuf", messageName: "Order" }, 10)).numRows,
    10,
  );
});
