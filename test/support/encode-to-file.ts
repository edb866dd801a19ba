import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordBatch } from "apache-arrow";
import { findFormat } from "../../src/formats/format-registry.ts";

/** Encodes batches with a registered format into a temporary file and returns its path. */
export async function encodeToFile(
  format: string,
  batches: readonly RecordBatch[],
  options: Record<string, string> = {},
): Promise<string> {
  const f = findFormat(format);
  if (!f) throw new Error(`no format ${format}`);
  const encoder = f.createEncoder(batches[0]!.schema, options);
  const chunks: Uint8Array[] = [];
  for (const b of batches) chunks.push(...(await encoder.encode(b)));
  chunks.push(...(await encoder.end()));
  const file = join(mkdtempSync(join(tmpdir(), "rowforge-fmt-")), `data.${f.extension}`);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}
