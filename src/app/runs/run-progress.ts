import type { LiveDelivery } from "../../model/delivery-report.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import type { RunSnapshot, StepProgress } from "./run-snapshot.ts";

export type { RunSnapshot, StepProgress };

export type RunEvent =
  | { readonly type: "status" | "progress"; readonly snapshot: RunSnapshot }
  /** The run's final execution record; nothing follows it. */
  | { readonly type: "end"; readonly record: ExecutionRecord };

export type RunListener = (event: RunEvent) => void;

/** Progress events at most this often per run (a step reports every batch: thousands a second). */
export const PROGRESS_INTERVAL_MS = 250;

interface StepState {
  name: string;
  done: number;
  total: number;
  status: "running" | "done";
  startedMs: number;
  endedMs?: number;
  rowsPerSecond?: number;
  delivery?: LiveDelivery;
}

interface RunState {
  record: ExecutionRecord;
  startedMs: number;
  steps: Map<string, StepState>;
  listeners: Set<RunListener>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface RunProgress {
  /** A run was accepted (queued). */
  begin(record: ExecutionRecord): void;
  /** Its record changed status (running). */
  status(record: ExecutionRecord): void;
  step(id: string, name: string, done: number, total: number, delivery?: LiveDelivery): void;
  /** A step ended with its own measured rate. */
  stepDone(id: string, name: string, records: number, rowsPerSecond: number): void;
  /** The run ended: listeners get its final record and are dropped with its state. */
  end(record: ExecutionRecord): void;
  /**
   * Subscribes to a live run: answers its current snapshot (to send first) and the way to
   * unsubscribe; undefined when the run is not live (finished or unknown).
   */
  watch(id: string, listener: RunListener): { snapshot: RunSnapshot; unsubscribe: () => void } | undefined;
  /** Whether a run is live (queued or running). */
  has(id: string): boolean;
  /** Live runs and their subscribers (for tests: nothing may stay behind). */
  readonly size: { runs: number; listeners: number };
}

/**
 * The live state of the runs in progress and their subscribers (the UI's progress view,
 * GET /run/events/{id}). Kept only while a run is queued or running. Clock reads are for rates
 * and ETAs shown to people, never for generation.
 */
export function createRunProgress(now: () => number = () => performance.now()): RunProgress {
  const runs = new Map<string, RunState>();

  const stepView = (s: StepState, at: number): StepProgress => {
    const elapsed = ((s.endedMs ?? at) - s.startedMs) / 1000;
    const rate = s.rowsPerSecond ?? (elapsed > 0 ? s.done / elapsed : 0);
    const left = s.total - s.done;
    return {
      name: s.name,
      done: s.done,
      total: s.total,
      status: s.status,
      rowsPerSecond: rate,
      etaSeconds: s.status === "done" ? 0 : rate > 0 ? left / rate : null,
      elapsedSeconds: elapsed,
      ...(s.delivery ? { delivery: s.delivery } : {}),
    };
  };
  const snapshotOf = (r: RunState): RunSnapshot => {
    const at = now();
    return {
      id: r.record.id,
      planName: r.record.planName,
      mode: r.record.mode,
      status: r.record.status,
      failedReason: r.record.failedReason,
      elapsedSeconds: (at - r.startedMs) / 1000,
      steps: [...r.steps.values()].map((s) => stepView(s, at)),
    };
  };
  const emit = (r: RunState, event: RunEvent) => {
    for (const l of r.listeners) {
      try {
        l(event);
      } catch {
        // A subscriber that fails (its socket gone) is dropped; the run goes on.
        r.listeners.delete(l);
      }
    }
  };
  const flush = (r: RunState) => {
    if (r.timer !== undefined) clearTimeout(r.timer);
    r.timer = undefined;
    if (r.listeners.size > 0) emit(r, { type: "progress", snapshot: snapshotOf(r) });
  };
  const soon = (r: RunState) => {
    if (r.timer !== undefined || r.listeners.size === 0) return;
    r.timer = setTimeout(() => flush(r), PROGRESS_INTERVAL_MS);
    r.timer.unref?.();
  };

  return {
    begin(record) {
      runs.set(record.id, {
        record,
        startedMs: now(),
        steps: new Map(),
        listeners: new Set(),
        timer: undefined,
      });
    },
    status(record) {
      const r = runs.get(record.id);
      if (!r) return;
      r.record = record;
      if (record.status === "running") r.startedMs = now();
      if (r.timer !== undefined) clearTimeout(r.timer);
      r.timer = undefined;
      emit(r, { type: "status", snapshot: snapshotOf(r) });
    },
    step(id, name, done, total, delivery) {
      const r = runs.get(id);
      if (!r) return;
      let s = r.steps.get(name);
      if (!s) {
        s = { name, done, total, status: "running", startedMs: now() };
        r.steps.set(name, s);
      }
      s.done = done;
      s.total = total;
      if (delivery) s.delivery = delivery;
      soon(r);
    },
    stepDone(id, name, records, rowsPerSecond) {
      const r = runs.get(id);
      const s = r?.steps.get(name);
      if (!r || !s) return;
      s.done = records;
      s.total = Math.max(s.total, records);
      s.status = "done";
      s.endedMs = now();
      s.rowsPerSecond = rowsPerSecond;
      flush(r);
    },
    end(record) {
      const r = runs.get(record.id);
      if (!r) return;
      if (r.timer !== undefined) clearTimeout(r.timer);
      runs.delete(record.id);
      emit(r, { type: "end", record });
      r.listeners.clear();
    },
    watch(id, listener) {
      const r = runs.get(id);
      if (!r) return undefined;
      r.listeners.add(listener);
      return {
        snapshot: snapshotOf(r),
        unsubscribe: () => {
          r.listeners.delete(listener);
          if (r.listeners.size === 0 && r.timer !== undefined) {
            clearTimeout(r.timer);
            r.timer = undefined;
          }
        },
      };
    },
    has: (id) => runs.has(id),
    get size() {
      let listeners = 0;
      for (const r of runs.values()) listeners += r.listeners.size;
      return { runs: runs.size, listeners };
    },
  };
}
