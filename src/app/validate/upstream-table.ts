import type { SqlValue } from "../../engine/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows, type ReadField } from "./batch-rows.ts";
import { openSource } from "./read-source.ts";

/** An upstream data source held in memory to join with (Data Caterer's upstream validations). */
export interface UpstreamTable {
  /** The upstream's name: its fields are `<name>_<field>` in the joined rows (join fields keep theirs). */
  readonly name: string;
  readonly source: string;
  readonly fields: readonly ReadField[];
  /** Column-major values. */
  readonly columns: readonly SqlValue[][];
  readonly length: number;
  /** Rows past `maxRows` were not read: the join, and what is checked on it, is partial. */
  readonly truncated: boolean;
}

/** Reads an upstream source into memory, at most `maxRows` rows (the rest is left unread and said so). */
export async function loadUpstream(
  name: string,
  step: ResolvedStep,
  maxRows: number,
  signal: AbortSignal | undefined,
): Promise<UpstreamTable> {
  const read = await openSource(step, 8192, signal);
  try {
    const fields = fieldsOf(read);
    const columns: SqlValue[][] = fields.map(() => []);
    let length = 0;
    let truncated = false;
    outer: for await (const batch of read.batches) {
      const rows = BatchRows.ofArrow(fields, batch);
      for (let i = 0; i < rows.length; i++) {
        if (length >= maxRows) {
          truncated = true;
          break outer;
        }
        for (let k = 0; k < fields.length; k++) columns[k]!.push(rows.value(k, i));
        length++;
      }
    }
    return { name, source: read.source, fields, columns, length, truncated };
  } finally {
    await read.close();
  }
}
