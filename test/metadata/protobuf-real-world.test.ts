import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { test } from "node:test";
import protobuf from "protobufjs";
import { fillFromMetadata } from "../../src/app/metadata/fill-from-metadata.ts";
import {
  MessageFrames,
  slotsOption,
  writeMessageFrames,
} from "../../src/connectors/messaging/message-frames.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { ndjsonFormat } from "../../src/formats/ndjson/ndjson-format.ts";
import { loadProtoFile, rootToJson } from "../../src/formats/protobuf/proto-root.ts";
import { corpusDocument, corpusEntries, corpusPackage } from "../support/corpus-package.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

/**
 * Real Protobuf documents (Google's APIs from npm google-proto-files, the well-known types,
 * protobufjs's descriptor.proto; test/metadata/corpus/protobuf.json): each message generates
 * 1,000 rows, read from a folder that is neither the working folder nor the package's. Each
 * row is encoded by rowforge's writer, then decoded, verified and encoded again by protobufjs
 * loading the same files itself; the rows as JSON output sets at most one member of each oneof
 * and no field the message does not have.
 */

const ROWS = 1000;

async function generate(file: string, options: Readonly<Record<string, string>>, rows = ROWS) {
  const opts = Object.entries({ ...options, schemaLocation: file })
    .map(([k, v]) => `${k}: "${v}"`)
    .join(", ");
  const plan = await planFrom("name: p\ntasks:\n  - name: t\n    dataSourceName: files\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: ${rows}}\n    options: {path: /tmp/unused, ${opts}}\n`,
  });
  const filled = await fillFromMetadata(plan);
  const c = compilePlan(filled.plan, { seed: "28", nowMicros: TEST_NOW_MICROS, fastMode: false });
  const step = c.steps[0]!;
  return step.batch(0, step.rowCount);
}

/** protobufjs reading the files on its own: imports from the package's root, protobufjs's own folder, or beside. */
function independentRoot(file: string, packageRoot: string): protobuf.Root {
  const root = new protobuf.Root();
  const bases = [packageRoot, corpusPackage("npm:protobufjs@8.8.1")];
  root.resolvePath = (origin, target) => {
    if (isAbsolute(target) || target in protobuf.common) return target;
    return [...bases, dirname(origin)].map((b) => join(b, target)).find((p) => existsSync(p)) ?? target;
  };
  root.loadSync(file, { keepCase: true });
  root.resolveAll();
  return root;
}

/** Problems of a row as JSON output: more than one member of a oneof set, or a key the message does not have. */
function jsonProblems(type: protobuf.Type, value: unknown, at: string, out: string[]): void {
  if (typeof value !== "object" || value === null) return;
  const row = value as Record<string, unknown>;
  for (const key of Object.keys(row))
    if (type.fields[key] === undefined) out.push(`${at}${key} is not a field of ${type.name}`);
  for (const o of type.oneofsArray) {
    const set = o.fieldsArray.filter((f) => row[f.name] !== null && row[f.name] !== undefined);
    if (set.length > 1) out.push(`${at}${o.name}: ${set.map((f) => f.name).join(" and ")} are all set`);
  }
  for (const f of type.fieldsArray) {
    const v = row[f.name];
    if (!(f.resolvedType instanceof protobuf.Type) || v === null || v === undefined) continue;
    const inner = f.resolvedType;
    if (f instanceof protobuf.MapField)
      for (const [k, x] of Object.entries(v as object)) jsonProblems(inner, x, `${at}${f.name}{${k}}.`, out);
    else if (f.repeated)
      for (const [k, x] of (v as unknown[]).entries()) jsonProblems(inner, x, `${at}${f.name}[${k}].`, out);
    else jsonProblems(inner, v, `${at}${f.name}.`, out);
  }
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

for (const entry of corpusEntries("protobuf")) {
  test(`Protobuf ${entry.id}: ${entry.task.messageName} generates ${ROWS} rows that protobufjs decodes, verifies and encodes again`, async () => {
    const file = corpusDocument(entry);
    const batch = await generate(file, entry.task);
    assert.equal(batch.numRows, ROWS);
    const message = entry.task.messageName!;
    const ours = loadProtoFile(file, readFileSync(file, "utf8"), "test");
    const slot = { as: "protobuf" as const, schema: rootToJson(ours), message };
    const sink = new ByteSink(1 << 20);
    writeMessageFrames(sink, batch, { ...slotsOption([slot]), where: 'step "s"' });
    const frames = new MessageFrames(sink.buf.subarray(0, sink.pos), batch.numRows, [slot]);
    const T = independentRoot(file, corpusPackage(entry.source)).lookupType(message);
    const json = jsonRows(batch);
    let bad = 0;
    let first = "";
    for (let i = 0; i < ROWS; i++) {
      try {
        const decoded = T.decode(frames.part(i, 0)!);
        const problem = T.verify(decoded);
        if (problem) throw new Error(`verify: ${problem}`);
        const object = T.toObject(decoded, { longs: String, bytes: String, defaults: false });
        const again = T.toObject(T.decode(T.encode(T.fromObject(object)).finish()), {
          longs: String,
          bytes: String,
          defaults: false,
        });
        assert.deepEqual(again, object, "the round trip through protobufjs changes the message");
        const problems: string[] = [];
        jsonProblems(T, json[i], "", problems);
        if (problems.length > 0) throw new Error(`as JSON: ${problems.slice(0, 3).join("; ")}`);
      } catch (e) {
        bad++;
        first ||= `row ${i}: ${(e as Error).message}`;
      }
    }
    assert.equal(bad, 0, `${bad} of ${ROWS} rows are not valid ${message}: ${first}`);
  });
}

test("a oneof sets each of its members in turn, one per message, in the rows and in the encoding", async () => {
  const entry = corpusEntries("protobuf").find((e) => e.id === "gcp-tasks-task")!;
  const rows = jsonRows(await generate(corpusDocument(entry), entry.task));
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
