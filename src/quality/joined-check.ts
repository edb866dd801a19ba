import type { BatchRows } from "./batch-rows.ts";
import type { Check, CheckOutcome } from "./check.ts";
import { JOIN_PARTITIONS } from "./row-spill.ts";
import type { UpstreamJoin } from "./upstream-join.ts";

/** A check of an upstream validation: it sees the validated rows joined with the upstream table. */
export class JoinedCheck implements Check {
  readonly kind = "upstream";
  readonly description: string;
  readonly errorThreshold?: number;
  private readonly inner: Check;
  private readonly join: UpstreamJoin;
  private readonly identity: { index: Uint32Array } = { index: new Uint32Array(0) };
  constructor(inner: Check, join: UpstreamJoin, description: string | undefined) {
    this.inner = inner;
    this.join = join;
    this.description = description ?? `${inner.description} (${join.description})`;
    join.retain();
    if (inner.errorThreshold !== undefined) this.errorThreshold = inner.errorThreshold;
  }
  private feed(rows: BatchRows): void {
    if (this.identity.index.length < rows.length)
      this.identity.index = Uint32Array.from({ length: rows.length }, (_, i) => i);
    this.inner.consume(rows, this.identity.index, rows.length);
  }
  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    // A spilled upstream: the rows wait in partition files and are joined at the end.
    if (this.join.spilled) this.join.spillMain(rows, index, count);
    else this.feed(this.join.join(rows, index, count));
  }
  dispose(): void {
    this.inner.dispose?.();
    this.join.dispose();
  }
  finish(): CheckOutcome {
    if (this.join.spilled) {
      try {
        for (const rows of this.join.partitions()) this.feed(rows);
      } finally {
        this.join.release();
      }
    } else {
      const tail = this.join.tail();
      if (tail && tail.length > 0) this.feed(tail);
    }
    const o = this.inner.finish();
    const note = [
      o.note,
      this.join.truncatedNote,
      this.join.spilled
        ? `the upstream holds more rows than the budget: both sides were joined from ${JOIN_PARTITIONS} partition files on disk (exact; rows in partition order)`
        : undefined,
    ]
      .filter(Boolean)
      .join("; ");
    return {
      ...o,
      ...(note ? { note } : {}),
      ...(this.join.spilled
        ? { details: { ...o.details, spilled: true, joinPartitions: JOIN_PARTITIONS } }
        : {}),
    };
  }
}
