import type { BatchRows } from "./batch-rows.ts";
import type { Check, CheckOutcome } from "./check.ts";
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
    if (inner.errorThreshold !== undefined) this.errorThreshold = inner.errorThreshold;
  }
  private feed(rows: BatchRows): void {
    if (this.identity.index.length < rows.length)
      this.identity.index = Uint32Array.from({ length: rows.length }, (_, i) => i);
    this.inner.consume(rows, this.identity.index, rows.length);
  }
  consume(rows: BatchRows, index: Uint32Array, count: number): void {
    this.feed(this.join.join(rows, index, count));
  }
  dispose(): void {
    this.inner.dispose?.();
  }
  finish(): CheckOutcome {
    const tail = this.join.tail();
    if (tail && tail.length > 0) this.feed(tail);
    const o = this.inner.finish();
    const note = [o.note, this.join.truncatedNote].filter(Boolean).join("; ");
    return { ...o, ...(note ? { note } : {}) };
  }
}
