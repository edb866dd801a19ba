import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { CompiledPlan, PlanCompileOptions } from "../compile/compile-plan.ts";
import type { FakerPoolEntry } from "../generators/faker-pools.ts";

/** A plan made known to an executor once per run, under the key its tasks name it by. */
export interface PlanRegistration {
  /** Identifies (plan, options) so each thread compiles the plan once. */
  readonly planKey: string;
  readonly plan: ResolvedPlan;
  readonly options: PlanCompileOptions;
  /** Fast-mode faker pools the registering thread already made (a thread adopts them instead of making them again). */
  readonly fakerPools?: readonly FakerPoolEntry[];
  /**
   * The registering thread's own compile of (plan, options): an executor in that thread adopts
   * it instead of compiling the plan again. Never sent to another thread (it holds functions).
   */
  readonly compiled?: CompiledPlan;
}

/**
 * Encoding a worker applies to its rows: text formats whose batches concatenate, or (with
 * `segmentRows`) one segment of a segmented binary format (an ORC stripe, a Parquet row group).
 */
export interface EncodeSpec {
  readonly format: string;
  readonly options: Readonly<Record<string, string>>;
  /** Each task is one segment of at most this many rows (the format's SegmentedFormat). */
  readonly segmentRows?: number;
  /** Rows per generated batch inside a segment (the run's batch size), when the format takes several. */
  readonly batchRows?: number;
}

/** What a worker needs to generate one batch: plain data naming a registered plan, cheap to send. */
export interface BatchTask {
  readonly planKey: string;
  readonly stepId: string;
  readonly start: number;
  readonly count: number;
  /** Encode in the worker instead of returning Arrow IPC. */
  readonly encode?: EncodeSpec;
}

/** A batch as it crosses a thread boundary: Arrow IPC stream bytes, or rows already encoded as text. */
export type BatchResult =
  | { readonly kind: "arrow"; readonly ipc: Uint8Array }
  | {
      readonly kind: "encoded";
      readonly format: string;
      readonly bytes: Uint8Array;
      readonly rows: number;
      /** A segment's footer information (segmented formats only). */
      readonly meta?: unknown;
    };

/** Generates batches of registered plans: in this thread or in a worker pool, same results. */
export interface BatchExecutor {
  readonly workers: number;
  /** Whether batches are made in the calling thread (what it has made, e.g. faker pools, need not be sent). */
  readonly inCallingThread: boolean;
  /** Makes a plan known under its key before tasks name it; each thread compiles it once. */
  register(plan: PlanRegistration): void;
  run(task: BatchTask): Promise<BatchResult>;
  /**
   * Hands an encoded result back once its bytes are written: a later batch is encoded into the
   * same memory instead of a fresh buffer per batch. The caller must not read it afterwards.
   */
  recycle(result: BatchResult): void;
  close(): Promise<void>;
}
