import type { RecordBatch } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { findFormat, formatNames } from "../../formats/format-registry.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

const decoder = new TextDecoder();

/** Rows of a batch as JSON objects, rendered exactly as the NDJSON writer renders them. */
export async function sampleRows(batch: RecordBatch): Promise<Record<string, unknown>[]> {
  const encoder = findFormat("json")!.createEncoder(batch.schema, {});
  const chunks = [...(await encoder.encode(batch)), ...(await encoder.end())];
  const text = chunks.map((c) => decoder.decode(c)).join("");
  return text === ""
    ? []
    : text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The format a step's raw sample answers in: `options.format`, else the step type, else json. */
export function sampleFormatOf(step: ResolvedStep): string {
  const explicit = step.step.options.format ?? step.step.type;
  return findFormat(explicit) ? explicit.toLowerCase() : "json";
}

/** The step options the format reads (csv's `header: false` included: a sample looks like the step's file). */
function keptOptions(
  options: Readonly<Record<string, string>>,
  keys: readonly string[],
): Readonly<Record<string, string>> {
  let keep: Record<string, string> | undefined;
  for (const k in options) {
    if (!keys.includes(k)) continue;
    keep ??= {};
    keep[k] = options[k]!;
  }
  return keep ?? NO_OPTIONS;
}

const NO_OPTIONS: Readonly<Record<string, string>> = Object.freeze({});

/** A batch encoded in a file format (csv with its header unless the options say `header: false`), as one body. */
export async function encodeSample(
  batch: RecordBatch,
  format: string,
  options: Readonly<Record<string, string>> = {},
): Promise<{ body: Buffer; contentType: string }> {
  const f = findFormat(format);
  if (!f) {
    throw new RowforgeError("RF_FORMAT_UNKNOWN", `format "${format}" cannot be sampled`, {
      hint: `use one of ${formatNames().join(", ")}`,
    });
  }
  const keep = keptOptions(options, f.optionKeys);
  const encoder = f.createEncoder(batch.schema, keep);
  // Text encoders answer at once; only binary ones return promises.
  const encoded = encoder.encode(batch);
  const head = encoded instanceof Promise ? await encoded : encoded;
  const ended = encoder.end();
  const tail = ended instanceof Promise ? await ended : ended;
  const chunks = tail.length === 0 ? head : [...head, ...tail];
  const body =
    chunks.length === 1
      ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength)
      : Buffer.concat(chunks);
  return { body, contentType: f.contentType };
}
