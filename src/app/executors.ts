import { availableParallelism } from "node:os";
import { createHybridExecutor } from "../../workers/hybrid-executor.ts";
import { createPoolExecutor } from "../../workers/pool-executor.ts";
import { runBatchTask } from "../../workers/run-batch-task.ts";
import {
  type BatchExecutor,
  type BatchTask,
  type CompiledPlan,
  createPlanCache,
  type PlanRegistration,
} from "../engine/index.ts";
import { RowforgeError } from "../errors/index.ts";

/**
 * Runs smaller than this run in the calling thread when that thread must stay responsive (a
 * server answering requests): starting workers would cost more than it saves.
 */
export const INLINE_BELOW_ROWS = 20_000;

/**
 * The same threshold for a process with nothing else to do (the CLI): starting a pool costs
 * about 0.6 s (every thread loads rowforge, compiles the plan and warms up) that the calling
 * thread, generating about 300,000 rows a second, spends better itself until the pool's
 * parallel share pays it back: n = 200,000 x w / (w - 1) rows for w workers (400,000 for 2).
 * Measured with the nested accounts plan on 2 cores: 100k rows 0.70 s inline against 0.92 s
 * with 2 workers, 400k 1.9 s against 2.2 s, 1M 4.0 s against 2.9 s.
 */
export function inlineBelowRowsAlone(workers: number): number {
  const w = Math.max(2, workers);
  return Math.round((200_000 * w) / (w - 1));
}

/**
 * How long one batch may hold a thread that must stay able to react (to Ctrl-C, to a cancel)
 * before its step's batches are made by worker threads instead.
 */
export const MAX_TURN_MS = 200;

/** Where an inline executor sends the batches of steps too slow for the calling thread. */
export interface Overflow {
  /** The worker threads, started on first need. */
  readonly pool: () => BatchExecutor;
  /** Default MAX_TURN_MS. */
  readonly maxTurnMs?: number;
}

/**
 * Runs tasks in the calling thread, exactly as a worker does (encoding included): for small
 * runs and tests; the same results as the pool. Each registered plan is compiled once, or the
 * caller's own compile adopted (PlanRegistration.compiled).
 * With `overflow`, no batch holds the thread much longer than its maxTurnMs: each step's rows
 * are timed (on a few rows first, then on every batch made here), and the batches of a step
 * that would take longer go to the overflow's worker threads, which make the same values.
 */
export function createInlineExecutor(overflow?: Overflow): BatchExecutor {
  const registered = new Map<string, PlanRegistration>();
  const plans = createPlanCache(Number.POSITIVE_INFINITY);
  const free: Uint8Array[] = [];
  const maxTurnMs = overflow?.maxTurnMs ?? MAX_TURN_MS;
  /** Milliseconds a row of each step takes here, by plan key and step id. */
  const rowMs = new Map<string, number>();
  let pool: BatchExecutor | undefined;
  const poolOf = (o: Overflow): BatchExecutor => {
    if (!pool) {
      pool = o.pool();
      for (const r of registered.values()) pool.register(r);
    }
    return pool;
  };
  return {
    get workers() {
      return pool?.workers ?? 1;
    },
    inCallingThread: true,
    register(r) {
      if (registered.has(r.planKey)) return;
      registered.set(r.planKey, r);
      pool?.register(r);
    },
    async run(task) {
      const r = registered.get(task.planKey);
      if (!r) throw new RowforgeError("RF_INTERNAL", `plan ${task.planKey} was not registered`);
      // Each batch in a turn of its own: the previous batch's bytes go to the disk meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      const compiled = await plans.load(r);
      if (!overflow) return runBatchTask(compiled, task, task.encode ? free.pop() : undefined);
      const key = `${task.planKey}\u0000${task.stepId}`;
      const perRow = rowMs.get(key) ?? timeRows(compiled, task, maxTurnMs);
      rowMs.set(key, perRow);
      if (perRow * task.count > maxTurnMs) return poolOf(overflow).run(task);
      const started = performance.now();
      const result = await runBatchTask(compiled, task, task.encode ? free.pop() : undefined);
      rowMs.set(key, (performance.now() - started) / Math.max(1, task.count));
      return result;
    },
    recycle(result) {
      if (result.kind === "encoded" && free.length < 2) free.push(new Uint8Array(result.bytes.buffer));
    },
    close: async () => {
      registered.clear();
      await pool?.close();
    },
  };
}

/**
 * Milliseconds a row of the task's step takes in this thread, timed on 1, 4, 16, ... of its
 * rows until the time says enough: the task fits in `maxTurnMs`, or the timing took a quarter
 * of it (a first row's one-time costs are outweighed by then). At most about `maxTurnMs`.
 */
function timeRows(compiled: CompiledPlan, task: BatchTask, maxTurnMs: number): number {
  const step = compiled.step(task.stepId);
  if (!step) return 0;
  for (let rows = 1; ; rows = Math.min(task.count, rows * 4)) {
    const started = performance.now();
    step.batch(task.start, rows);
    const perRow = (performance.now() - started) / rows;
    if (perRow * task.count <= maxTurnMs || perRow * rows >= maxTurnMs / 4 || rows >= task.count)
      return perRow;
  }
}

/** What a run tells the executor factory besides its size. */
export interface RunShape {
  /** A sink of the run keeps the calling thread busy (binary encoding): leave it a core. */
  readonly callingThreadBusy?: boolean;
  /** The workers encode file segments (Parquet row groups, ORC stripes): give them a smaller young generation. */
  readonly workersEncodeSegments?: boolean;
  /**
   * Every sink writes bytes the workers encode (text files; PostgreSQL COPY and MySQL LOAD DATA
   * rows): the calling thread only writes or sends them, and makes batches too by default (one
   * worker fewer, the hybrid executor).
   */
  readonly callingThreadIdle?: boolean;
}

/**
 * The workers' young generation when they encode segments, MB. Measured on 1M W1 rows with 2
 * workers (peak RSS, medians of 3): Parquet 369 MB at 48 against 338 MB at 16, ORC 392 against
 * 337, at the same CPU time; segments are made of many short-lived batches, and a smaller young
 * generation collects their garbage sooner.
 */
export const SEGMENT_YOUNG_GENERATION_MB = 16;

/** Makes a run's executor from its size and shape (what runPlan and the run manager take). */
export type ExecutorFactory = (totalRows: number, shape?: RunShape) => BatchExecutor;

export interface ExecutorChoice {
  /** Worker threads; 0 generates in the calling thread; default: one per core. */
  readonly workers?: number;
  /** The rows the run generates: below `inlineBelowRows` it runs in the calling thread. */
  readonly totalRows: number;
  /** Default INLINE_BELOW_ROWS (a server's); a process that only runs the plan gives inlineBelowRowsAlone. */
  readonly inlineBelowRows?: number;
  /** The workers' young generation, MB (the pool's default when undefined). */
  readonly youngGenerationMb?: number;
}

/**
 * Threads making batches when the caller names none: one per core, less the one the calling
 * thread needs when its sink encodes (Parquet on 2 cores: 2.51 s and 428 MB with one worker
 * against 2.68 s and 498 MB with two, the main thread encoding meanwhile). When it only writes
 * text the workers encode (RunShape.callingThreadIdle), the calling thread is one of them.
 */
export const defaultWorkers = (shape: RunShape = {}): number =>
  Math.max(1, availableParallelism() - (shape.callingThreadBusy ? 1 : 0));

/** The executor for a run: inline for small runs (or `workers: 0`), else a pool of worker threads. */
export function createExecutor({
  workers,
  totalRows,
  inlineBelowRows = INLINE_BELOW_ROWS,
  youngGenerationMb,
}: ExecutorChoice): BatchExecutor {
  return workers === 0 || totalRows < inlineBelowRows
    ? createInlineExecutor()
    : createPoolExecutor(workers ?? availableParallelism(), youngGenerationMb ? { youngGenerationMb } : {});
}

/** The pool a run would get: its thread count (0: inline) and its threads' young generation (0: default). */
interface PoolChoice {
  readonly size: number;
  readonly youngMb: number;
  /** The calling thread makes batches beside the `size` workers (createHybridExecutor). */
  readonly withCallingThread: boolean;
}

/** What executorFactory(workers, alone) gives a run of `totalRows` of that shape. */
function poolChoice(
  workers: number | undefined,
  alone: boolean,
  totalRows: number,
  shape?: RunShape,
): PoolChoice {
  const n = workers ?? defaultWorkers(shape);
  const size = n === 0 || totalRows < (alone ? inlineBelowRowsAlone(n) : INLINE_BELOW_ROWS) ? 0 : n;
  // Unless the caller names a worker count, an idle calling thread is one of the n threads.
  const withCallingThread = workers === undefined && size > 1 && shape?.callingThreadIdle === true;
  return {
    size: withCallingThread ? size - 1 : size,
    youngMb: shape?.workersEncodeSegments ? SEGMENT_YOUNG_GENERATION_MB : 0,
    withCallingThread,
  };
}

function poolOf({ size, youngMb, withCallingThread }: PoolChoice): BatchExecutor {
  const options = youngMb ? { youngGenerationMb: youngMb } : {};
  if (!withCallingThread) return createPoolExecutor(size, options);
  const pool = createPoolExecutor(size, { ...options, tasksPerWorker: 2 });
  return createHybridExecutor(pool, createInlineExecutor({ pool: () => pool }));
}

/**
 * A run's executor factory (what runPlan and the run thread take) for a number of workers;
 * `alone` for a process that does nothing else meanwhile (the CLI), so larger runs stay inline.
 * A run made inline hands a step whose batches are slow to worker threads (MAX_TURN_MS), so
 * its thread stays able to react; `workers: 0` keeps every batch in the calling thread.
 */
export const executorFactory =
  (workers?: number, alone = false): ExecutorFactory =>
  (totalRows, shape) => {
    const choice = poolChoice(workers, alone, totalRows, shape);
    if (choice.size > 0) return poolOf(choice);
    if (workers === 0) return createInlineExecutor();
    return createInlineExecutor({
      pool: () => poolOf({ ...choice, size: workers ?? defaultWorkers(shape), withCallingThread: false }),
    });
  };

/** A factory whose pool may already be starting; `dispose` closes that pool if no run took it. */
export interface EarlyExecutorFactory extends ExecutorFactory {
  dispose(): Promise<void>;
}

/**
 * executorFactory for a process that knows the run's likely size before the run starts (the
 * CLI, from the plan its pre-run check compiled): when that size calls for a pool, its threads
 * start now and boot (load rowforge, about 0.3 s) while the run checks and opens its outputs;
 * the run receives that pool when its own choice (rows and shape, known only then) is the same
 * pool, else the early one is closed and the run gets the executor it asks for.
 */
export function earlyExecutorFactory(
  workers: number | undefined,
  alone: boolean,
  expected: { totalRows: number; shape: RunShape } | undefined,
): EarlyExecutorFactory {
  const plain = executorFactory(workers, alone);
  const earlyPool = expected
    ? poolChoice(workers, alone, expected.totalRows, expected.shape)
    : { size: 0, youngMb: 0, withCallingThread: false };
  let early: BatchExecutor | undefined;
  try {
    early = earlyPool.size > 0 ? poolOf(earlyPool) : undefined;
  } catch {
    // A bad worker count: the run's own request reports it.
  }
  const factory = (totalRows: number, shape?: RunShape): BatchExecutor => {
    const taken = early;
    early = undefined;
    const wanted = poolChoice(workers, alone, totalRows, shape);
    const same =
      wanted.size === earlyPool.size &&
      wanted.youngMb === earlyPool.youngMb &&
      wanted.withCallingThread === earlyPool.withCallingThread;
    if (taken && same) return taken;
    void taken?.close();
    return plain(totalRows, shape);
  };
  return Object.assign(factory, {
    async dispose() {
      const left = early;
      early = undefined;
      await left?.close();
    },
  });
}
