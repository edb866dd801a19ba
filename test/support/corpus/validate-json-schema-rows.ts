import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { ajvFor, firstError } from "./ajv-for.ts";
import type { GeneratedStep } from "./generate-document.ts";
import { count, jsonRows, type RowTally, tally } from "./json-rows.ts";

/** Reads a JSON or YAML document. */
export function readDocument(path: string): Record<string, unknown> {
  const text = readFileSync(path, "utf8");
  return (text.trimStart().startsWith("{") ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as Record<
    string,
    unknown
  >;
}

/** Every row of the step's JSON output checked by ajv (the schema's own draft) against the schema file itself. */
export async function validateJsonSchemaRows(
  path: string,
  steps: readonly GeneratedStep[],
): Promise<RowTally> {
  const schema = readDocument(path);
  const ajv = ajvFor(typeof schema.$schema === "string" ? schema.$schema : undefined);
  const validate = ajv.compile(schema);
  const t = tally();
  for (const g of steps)
    for (const row of await jsonRows(g)) count(t, validate(row) ? undefined : firstError(validate), row);
  return t;
}
