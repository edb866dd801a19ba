import type { BatchResult, BatchTask, PlanRegistration } from "../src/engine/index.ts";
import type { TransferredError } from "../src/errors/index.ts";

/** What the pool sends a batch worker: the task, and the plan it names when the thread may not know it yet. */
export interface BatchMessage {
  readonly task: BatchTask;
  readonly plan?: PlanRegistration;
  /** Memory of an earlier result, handed back (transferred) to encode this batch into. */
  readonly reuse?: ArrayBuffer;
}

/** The worker's answer when a task names a plan this thread has not been given: send it again with the plan. */
export interface PlanUnknown {
  readonly kind: "plan-unknown";
  readonly planKey: string;
}

export type BatchReply = BatchResult | PlanUnknown | TransferredError;

export const isPlanUnknown = (r: unknown): r is PlanUnknown =>
  typeof r === "object" && r !== null && (r as { kind?: unknown }).kind === "plan-unknown";
