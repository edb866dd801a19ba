import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { generateDocument } from "./generate-document.ts";
import { jsonRows } from "./json-rows.ts";
import { validateJsonSchemaRows } from "./validate-json-schema-rows.ts";

/** The schemas' folder of the test file that imports this, removed when its tests are done. */
const dir = mkdtempSync(join(tmpdir(), "rf-schema-rows-"));
after(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;

/**
 * 1,000 rows generated from a schema as a user's jsonSchema task does, every row checked by
 * ajv against the schema itself: the rows, and how many were invalid (with the first error).
 */
export async function schemaRows(
  schema: Record<string, unknown>,
): Promise<{ rows: unknown[]; invalid?: string }> {
  const path = join(dir, `s${n++}.json`);
  writeFileSync(path, JSON.stringify(schema));
  const steps = await generateDocument(
    { type: "json", options: { metadataSourceType: "jsonSchema", jsonSchemaFile: "{document}" } },
    { document: path },
    1000,
  );
  const t = await validateJsonSchemaRows(path, steps);
  const rows = (await Promise.all(steps.map(jsonRows))).flat();
  assert.equal(t.rows, 1000);
  return { rows, ...(t.valid < t.rows ? { invalid: `${t.rows - t.valid} invalid: ${t.first}` } : {}) };
}

/** schemaRows' rows, asserting that every one is valid. */
export async function allValidRows(schema: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const { rows, invalid } = await schemaRows(schema);
  assert.equal(invalid, undefined);
  return rows as Record<string, unknown>[];
}
