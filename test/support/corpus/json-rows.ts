import { encodeSample } from "../../../src/app/sample/sample-output.ts";
import type { GeneratedStep } from "./generate-document.ts";

/** A step's rows as its JSON file holds them: the NDJSON writer with the step's own options (ignoreNullFields). */
export async function jsonRows(g: GeneratedStep): Promise<Record<string, unknown>[]> {
  const { body } = await encodeSample(g.batch, "json", g.step.step.options);
  const text = body.toString("utf8").trimEnd();
  // A step of no fields (an operation without parameters or body) has rows all the same: {}.
  if (g.batch.schema.fields.length === 0) return Array.from({ length: g.batch.numRows }, () => ({}));
  return text === "" ? [] : text.split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** How many rows a check passed, of how many, and the first that failed with why. */
export interface RowTally {
  rows: number;
  valid: number;
  first?: string;
}

export const tally = (): RowTally => ({ rows: 0, valid: 0 });

/** Counts one row: valid when `problem` is undefined. */
export function count(t: RowTally, problem: string | undefined, row: unknown): void {
  t.rows++;
  if (problem === undefined) t.valid++;
  else t.first ??= `${problem} in ${JSON.stringify(row).slice(0, 400)}`;
}
