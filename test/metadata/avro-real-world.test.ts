import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import avro from "avsc";
import {
  MessageFrames,
  slotsOption,
  writeMessageFrames,
} from "../../src/connectors/messaging/message-frames.ts";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { ByteSink } from "../../src/formats/arrow-values/byte-sink.ts";
import { AvroNames, rootRecord } from "../../src/formats/avro/avro-schema.ts";
import { fillFromMetadata } from "../../src/metadata/fill-from-metadata.ts";
import { corpusDocument } from "../support/corpus/corpus-manifest.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";

/**
 * Avro beyond what the corpus test checks of every schema (test/metadata/corpus.test.ts: each of
 * test/metadata/corpus/avro.json's schemas decoded by avsc and checked with isValid): Apache
 * Avro's interop schema has map entries and a bounded tree, and maps and arrays nested every way
 * generate valid values (1,000 rows, encoded by rowforge's Avro writer, decoded by avsc).
 */

const ROWS = 1000;

async function checkAvro(file: string, task: Readonly<Record<string, string>>) {
  const opts = Object.entries({ ...task, schemaLocation: file })
    .map(([k, v]) => `${k}: "${v}"`)
    .join(", ");
  const plan = await planFrom("name: p\ntasks:\n  - name: t\n    dataSourceName: files\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: json\n    count: {records: ${ROWS}}\n    options: {path: /tmp/unused, ${opts}}\n`,
  });
  const filled = await fillFromMetadata(plan, { access: OPEN_ACCESS });
  const c = compilePlan(filled.plan, { seed: "28", nowMicros: TEST_NOW_MICROS, fastMode: false });
  const batch = c.steps[0]!.batch(0, ROWS);
  const text = readFileSync(file, "utf8");
  const doc = JSON.parse(text);
  const names = new AvroNames("test");
  names.defineTree(doc, "");
  const { record, namespace } = rootRecord(doc, names, task.recordName);
  const message = names.fullName(record, namespace);
  const sink = new ByteSink(1 << 20);
  const slot = { as: "avro" as const, schema: text, message };
  writeMessageFrames(sink, batch, { ...slotsOption([slot]), where: 'step "s"' });
  const frames = new MessageFrames(sink.buf.subarray(0, sink.pos), ROWS, [slot]);
  const type = avro.Type.forSchema(doc as avro.Schema);
  const values: unknown[] = [];
  let bad = 0;
  let first = "";
  for (let i = 0; i < ROWS; i++) {
    try {
      const v = type.fromBuffer(Buffer.from(frames.part(i, 0)!));
      if (!type.isValid(v)) throw new Error("not valid");
      values.push(v);
    } catch (e) {
      bad++;
      first ||= `row ${i}: ${(e as Error).message}`;
    }
  }
  assert.equal(bad, 0, `${bad} of ${ROWS} rows are not valid ${message}: ${first}`);
  return values;
}

test("Avro interop: the map of records has entries, the tree of Nodes has children two levels down", async () => {
  const { path } = corpusDocument("avro.json", "avro/interop");
  const values = (await checkAvro(path, { metadataSourceType: "avro" })) as {
    mapField: Record<string, { label: string }>;
    recordField: { children: { children: unknown[] }[] };
  }[];
  assert.ok(values.some((v) => Object.keys(v.mapField).length > 0));
  assert.ok(values.some((v) => v.recordField.children.length > 0));
  for (const v of values) for (const c of v.recordField.children) assert.deepEqual(c.children, []);
});

test("maps and arrays nested every way: maps of arrays of records, maps of maps of enums, arrays of maps, unions of records, map values and array items that may be null", async () => {
  const dir = fixtureDir({
    "nested.avsc": JSON.stringify({
      type: "record",
      name: "Shop",
      namespace: "ex",
      fields: [
        {
          name: "byCity",
          type: {
            type: "map",
            values: {
              type: "array",
              items: {
                type: "record",
                name: "Store",
                fields: [
                  { name: "id", type: { type: "string", logicalType: "uuid" } },
                  { name: "kind", type: { type: "enum", name: "Kind", symbols: ["MALL", "STREET"] } },
                  { name: "opened", type: { type: "int", logicalType: "date" } },
                ],
              },
            },
          },
        },
        { name: "grades", type: { type: "map", values: { type: "map", values: "ex.Kind" } } },
        { name: "tags", type: { type: "array", items: { type: "map", values: "long" } } },
        { name: "best", type: ["null", "Store"] },
        { name: "prices", type: { type: "map", values: { type: "fixed", name: "Money", size: 8 } } },
        // Corda's FindWithNamedQuery: map values and array items that may be null.
        { name: "parameters", type: { type: "map", values: ["null", "bytes"] } },
        { name: "notes", type: { type: "array", items: ["null", "string"] } },
      ],
    }),
  });
  const values = (await checkAvro(join(dir, "nested.avsc"), { metadataSourceType: "avro" })) as {
    grades: Record<string, Record<string, string>>;
    parameters: Record<string, Buffer | null>;
  }[];
  const parameters = values.flatMap((v) => Object.values(v.parameters));
  assert.ok(parameters.includes(null) && parameters.some((p) => p !== null), "map values null and not");
  const kinds = new Set(values.flatMap((v) => Object.values(v.grades).flatMap((m) => Object.values(m))));
  assert.deepEqual([...kinds].sort(), ["MALL", "STREET"]);
});
