import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "apache-arrow";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { readFileRows } from "../file/read-file-rows.ts";

/** Adds one record (a JSON object: a row) to what is read back. */
export type AddRecord = (record: Readonly<Record<string, unknown>>) => Promise<void>;

/**
 * Reads messages back through a spool: `fill` adds each message as a record, written as a line
 * of NDJSON to a temporary file (memory stays bounded however many messages there are); the
 * file is then read as JSON files are (DuckDB infers the fields and their types, nested ones
 * too), and removed on close. `source` names where the messages came from, for results.
 */
export async function spooledReadBack(
  step: ResolvedStep,
  source: string,
  request: ReadBackRequest,
  fill: (add: AddRecord) => Promise<number>,
): Promise<ReadBack> {
  const dir = await mkdtemp(join(request.scratchDir ?? tmpdir(), "rowforge-readback-"));
  const file = join(dir, "messages.json");
  const removeSpool = () => rm(dir, { recursive: true, force: true });
  let out: WriteStream | undefined;
  try {
    out = createWriteStream(file);
    const stream = out;
    const failed = new Promise<never>((_, reject) => stream.once("error", reject));
    failed.catch(() => {});
    const add: AddRecord = async (record) => {
      if (!stream.write(`${JSON.stringify(record, jsonSafe)}\n`))
        await Promise.race([new Promise<void>((r) => stream.once("drain", () => r())), failed]);
    };
    const count = await fill(add);
    await Promise.race([new Promise<void>((r) => stream.end(r)), failed]);
    if (count === 0) {
      // No message: an empty data set with no fields (DuckDB cannot read an empty file).
      await removeSpool();
      return { schema: new Schema([]), source, batches: (async function* () {})(), close: async () => {} };
    }
    const read = await readFileRows(
      // Messages are often of several shapes: their types are inferred from all of them.
      {
        ...step,
        format: "json",
        step: { ...step.step, type: "json", options: { path: file, sampleSize: "-1" } },
      },
      request,
    );
    return {
      schema: read.schema,
      source,
      batches: (async function* () {
        try {
          yield* read.batches;
        } finally {
          await removeSpool();
        }
      })(),
      close: async () => {
        await read.close();
        await removeSpool();
      },
    };
  } catch (e) {
    out?.destroy();
    await removeSpool();
    throw e;
  }
}

/** BigInts (offsets, timestamps) as numbers in the spool. */
const jsonSafe = (_: string, v: unknown): unknown => (typeof v === "bigint" ? Number(v) : v);

/**
 * A message body as a record: a JSON object's own fields; anything else (JSON that is not an
 * object, text that is not JSON) under `value`.
 */
export function bodyRecord(body: Uint8Array | null | undefined): Record<string, unknown> {
  if (body === null || body === undefined) return { value: null };
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  try {
    const v = JSON.parse(text) as unknown;
    if (v !== null && typeof v === "object" && !Array.isArray(v))
      return { ...(v as Record<string, unknown>) };
    return { value: v };
  } catch {
    return { value: text };
  }
}
