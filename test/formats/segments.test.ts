import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { RecordBatch } from "apache-arrow";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { requireFormat } from "../../src/formats/format-registry.ts";
import { encodeToFile } from "../support/encode-to-file.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { readWithPyarrow } from "../support/pyarrow.ts";

const TASK = readFileSync(new URL("./readback.task.yaml", import.meta.url), "utf8");
const ROWS = 300;
const SEGMENT = 110;

async function step() {
  const plan = await planFrom("name: sg\ntasks: [{name: readback, dataSourceName: out}]\n", { sg: TASK });
  return compilePlan(plan, { seed: "8", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps[0]!;
}

/** The rows [start, start + count) in batches of `size` rows. */
function* batchesOf(s: Awaited<ReturnType<typeof step>>, start: number, count: number, size: number) {
  for (let at = 0; at < count; at += size) yield s.batch(start + at, Math.min(size, count - at));
}

/** Encodes rows [0, ROWS) segment by segment (as workers do, batches of `size` rows) and puts the file together. */
async function assembled(format: string, options: Record<string, string>, size: number): Promise<Buffer> {
  const s = await step();
  const segments = requireFormat(format, "test").segments!;
  const schema = s.batch(0, 0).schema;
  assert.equal(segments.segmentRows(options), SEGMENT);
  const assembler = segments.createAssembler(schema, options);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < ROWS; at += SEGMENT) {
    const rows = Math.min(SEGMENT, ROWS - at);
    const segment = await segments.encodeSegment(
      schema,
      options,
      batchesOf(s, at, rows, segments.batchRows ?? size),
    );
    // What crosses from a worker is plain data: the footer information goes through a structured clone.
    chunks.push(...assembler.append({ ...segment, meta: structuredClone(segment.meta) }));
  }
  chunks.push(...(await assembler.end()));
  return Buffer.concat(chunks);
}

const write = (bytes: Uint8Array, extension: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), "rowforge-seg-")), `data.${extension}`);
  writeFileSync(file, bytes);
  return file;
};

const CASES = [
  { format: "parquet", options: { compression: "zstd", rowGroupSize: String(SEGMENT) } },
  { format: "orc", options: { compression: "zstd", stripeSize: `${SEGMENT}rows`, rowIndexStride: "25" } },
] as const;

for (const { format, options } of CASES) {
  test(`${format}: a file put together from segments is the file the one-pass encoder writes, byte for byte`, async () => {
    const s = await step();
    // The one-pass encoder is given each segment's rows as one batch (Parquet pages end on
    // batch boundaries; a segment's batches are all smaller than the segment here).
    const whole: RecordBatch[] = [];
    for (let at = 0; at < ROWS; at += SEGMENT) whole.push(s.batch(at, Math.min(SEGMENT, ROWS - at)));
    const oneShot = readFileSync(await encodeToFile(format, whole, options));
    const pieced = await assembled(format, options, 1000);
    assert.ok(pieced.equals(oneShot), `${format}: assembled bytes differ from the one-pass encoder's`);
    const back = readWithPyarrow(write(pieced, format), format as "parquet" | "orc");
    assert.equal(back.rows.length, ROWS);
  });

  test(`${format}: a segmented file's bytes do not depend on the batch size`, async () => {
    const a = await assembled(format, options, 7);
    const b = await assembled(format, options, 64);
    assert.ok(a.equals(b), `${format}: batches of 7 and 64 rows give different bytes`);
  });

  test(`${format}: a segmented output of no rows is a valid empty file`, async () => {
    const s = await step();
    const segments = requireFormat(format, "test").segments!;
    const assembler = segments.createAssembler(s.batch(0, 0).schema, options);
    const file = write(Buffer.concat(await assembler.end()), format);
    const back = readWithPyarrow(file, format as "parquet" | "orc");
    assert.equal(back.rows.length, 0);
    assert.ok(Object.keys(back.schema).length > 0, "the empty file keeps the schema");
  });
}

test("orc: a worker's stripe does not depend on the stripes its encoder made before (encoders are reused)", async () => {
  const s = await step();
  const segments = requireFormat("orc", "test").segments!;
  const schema = s.batch(0, 0).schema;
  const encode = (options: Record<string, string>, start: number) =>
    segments.encodeSegment(schema, options, batchesOf(s, start, SEGMENT, 40)) as ReturnType<
      typeof segments.encodeSegment
    >;
  // Two option sets that make the same bytes but are different encoders of this thread.
  const used = { compression: "zstd", stripeSize: `${SEGMENT}rows`, rowIndexStride: "30" };
  const fresh = { compression: "zstd", stripeSize: `${SEGMENT + 1}rows`, rowIndexStride: "30" };
  await encode(used, 0);
  const after = await encode(used, SEGMENT);
  const alone = await encode(fresh, SEGMENT);
  assert.ok(Buffer.from(after.bytes).equals(Buffer.from(alone.bytes)));
  assert.deepEqual(after.meta, alone.meta);
});
