import type { ReadBackRequest } from "../connectors/connector.ts";
import type { SqlValue } from "../engine/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows, type ReadField } from "./batch-rows.ts";
import type { RowSource } from "./row-source.ts";
import { RowSpill } from "./row-spill.ts";

/** An upstream data source to join with (Data Caterer's upstream validations): in memory, or spilled. */
export interface UpstreamTable {
  /** The upstream's name: its fields are `<name>_<field>` in the joined rows (join fields keep theirs). */
  readonly name: string;
  readonly source: string;
  readonly fields: readonly ReadField[];
  /** Column-major values (empty when spilled). */
  readonly columns: readonly SqlValue[][];
  readonly length: number;
  /** Rows past `maxRows` were not read: the join, and what is checked on it, is partial. */
  readonly truncated: boolean;
  /**
   * Set when the upstream had more than `maxRows` rows and is joined on fields: every row is in
   * partition files by its join key, and the join is done partition by partition.
   */
  readonly spill?: RowSpill;
}

/** Where and on what an upstream that outgrows memory is spilled: join fields by name. */
export interface UpstreamSpillPlan {
  readonly joinFields: readonly string[];
  readonly dir: string | undefined;
}

/**
 * Reads an upstream source into memory, at most `maxRows` rows. Past them, an upstream joined
 * on fields (`spill`) moves its rows to partition files by join key and goes on reading; one
 * joined on an expression leaves the rest unread and says so (`truncated`).
 */
export async function loadUpstream(
  source: RowSource,
  name: string,
  step: ResolvedStep,
  maxRows: number,
  request: Omit<ReadBackRequest, "batchRows">,
  spill?: UpstreamSpillPlan,
): Promise<UpstreamTable> {
  const read = await source.open(step, { ...request, batchRows: 8192 });
  let spilled: RowSpill | undefined;
  try {
    const fields = fieldsOf(read);
    const lower = (s: string) => s.toLowerCase();
    const keySlots = (spill?.joinFields ?? []).map((n) =>
      fields.findIndex((f) => lower(f.name) === lower(n)),
    );
    const canSpill = spill !== undefined && keySlots.length > 0 && keySlots.every((s) => s >= 0);
    let columns: SqlValue[][] = fields.map(() => []);
    let length = 0;
    let truncated = false;
    outer: for await (const batch of read.batches) {
      const rows = BatchRows.ofArrow(fields, batch);
      for (let i = 0; i < rows.length; i++) {
        if (spilled) {
          spilled.add((k) => rows.value(k, i));
          length++;
          continue;
        }
        if (length >= maxRows) {
          if (!canSpill) {
            truncated = true;
            break outer;
          }
          spilled = new RowSpill(fields, keySlots, spill.dir);
          const held = columns;
          for (let r = 0; r < length; r++) spilled.add((k) => held[k]![r]!);
          columns = [];
          spilled.add((k) => rows.value(k, i));
          length++;
          continue;
        }
        for (let k = 0; k < fields.length; k++) columns[k]!.push(rows.value(k, i));
        length++;
      }
    }
    spilled?.finishWriting();
    return {
      name,
      source: read.source,
      fields,
      columns: spilled ? [] : columns,
      length,
      truncated,
      ...(spilled ? { spill: spilled } : {}),
    };
  } catch (e) {
    spilled?.dispose();
    throw e;
  } finally {
    await read.close();
  }
}
