import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordBatch } from "apache-arrow";
import { OrcEncoder } from "../../../src/formats/orc/orc-encoder.ts";
import { parseOrcOptions } from "../../../src/formats/orc/orc-options.ts";

/** Encodes batches into one ORC file's bytes. */
export function encodeOrc(
  batches: readonly RecordBatch[],
  options: Readonly<Record<string, string>> = {},
): Uint8Array {
  const schema = batches[0]!.schema;
  const encoder = new OrcEncoder(schema, parseOrcOptions(options));
  const chunks: Uint8Array[] = [];
  for (const b of batches) chunks.push(...encoder.encode(b));
  chunks.push(...encoder.end());
  return Buffer.concat(chunks);
}

let dir: string | undefined;

/** Writes bytes to a fresh file in this run's temporary folder and returns its path. */
export function writeTemp(name: string, bytes: Uint8Array): string {
  dir ??= mkdtempSync(join(tmpdir(), "rowforge-orc-"));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
