import { setTimeout as sleep } from "node:timers/promises";
import type { LoadSchedule } from "../../model/load-schedule.ts";

/**
 * Releases a paced step's rows when its schedule says they are due, by the wall clock from the
 * first release. A destination that falls behind gets the rows that are due at once (never
 * more than asked), so the clock never slows: `behindSeconds` says how late the step runs.
 */
export class Pacer {
  private started: number | undefined;
  private released = 0;
  behindSeconds = 0;

  private readonly schedule: LoadSchedule;
  private readonly now: () => number;

  constructor(schedule: LoadSchedule, now: () => number = () => performance.now()) {
    this.schedule = schedule;
    this.now = now;
  }

  /** Seconds since the first release. */
  private elapsed(): number {
    const at = this.now();
    this.started ??= at;
    return (at - this.started) / 1000;
  }

  /** Rows (1 to `max`) that may go now, after waiting until the next one is due. */
  async take(max: number, signal?: AbortSignal): Promise<number> {
    for (;;) {
      const t = this.elapsed();
      const due = this.schedule.rowsDueBy(t);
      if (due > this.released) {
        const n = Math.min(max, due - this.released);
        this.behindSeconds = Math.max(this.behindSeconds, t - this.schedule.dueAt(this.released));
        this.released += n;
        return n;
      }
      if (this.released >= this.schedule.totalRows) return Math.max(1, max);
      const wait = (this.schedule.dueAt(this.released) - t) * 1000;
      // A cancellation throws its own reason (as the run's other waits do), not a bare AbortError.
      await sleep(Math.max(1, Math.ceil(wait)), undefined, signal ? { signal } : undefined).catch(
        (e: unknown) => {
          signal?.throwIfAborted();
          throw e;
        },
      );
    }
  }
}
