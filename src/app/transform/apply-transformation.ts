import { RowforgeError } from "../../errors/index.ts";
import type { LoadedTransformation, PerRecordFn, WholeFileFn } from "./load-transformation.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function call<T>(fn: () => T, what: string): T {
  try {
    return fn();
  } catch (e) {
    throw new RowforgeError(
      "RF_TRANSFORMATION_FAILED",
      `the transformation failed on ${what}: ${(e as Error).message}`,
    );
  }
}

/**
 * Applies a transformation to encoded output: per record on each line (a CSV header line is
 * left as it is), or to the whole content.
 */
export function transformBytes(t: LoadedTransformation, body: Uint8Array, hasHeader: boolean): Uint8Array {
  if (t.mode === "whole-file") {
    const out = call(() => (t.fn as WholeFileFn)(body, t.options), "the output");
    return typeof out === "string" ? encoder.encode(out) : out;
  }
  const text = decoder.decode(body);
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  const out = lines.map((line, i) =>
    hasHeader && i === 0 ? line : call(() => String((t.fn as PerRecordFn)(line, t.options)), `record ${i}`),
  );
  return encoder.encode(`${out.join("\n")}\n`);
}

/** Applies a transformation to JSON rows (sample envelopes): through their JSON text, parsed back when it still is JSON. */
export function transformRows(t: LoadedTransformation, rows: readonly Record<string, unknown>[]): unknown[] {
  const ndjson = encoder.encode(rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : ""));
  const text = decoder.decode(transformBytes(t, ndjson, false)).replace(/\n$/, "");
  if (text === "") return [];
  return text.split("\n").map((line) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return line;
    }
  });
}
