import { Piscina, transferableSymbol, valueSymbol } from "piscina";
import { type BatchResult, type CompiledPlan, createPlanCache } from "../src/engine/index.ts";
import { type TransferredError, transferError } from "../src/errors/index.ts";
import type { BatchMessage, PlanUnknown } from "./batch-message.ts";
import { runBatchTask } from "./run-batch-task.ts";

/** This thread's compiled plans: a plan arrives once per thread per run and is compiled once. */
const plans = createPlanCache();

/**
 * Worker entry: one batch in, its result out (Arrow IPC or encoded text, said by its kind),
 * the bytes transferred rather than copied. A task naming a plan this thread does not know
 * is answered `plan-unknown` (the pool sends it again with the plan). A failure comes back
 * as plain data (its code, message and hint), not as a thrown Error: cloning an Error across
 * threads would keep its message only.
 */
export default function generate(
  message: BatchMessage,
):
  | ReturnType<typeof Piscina.move>
  | PlanUnknown
  | TransferredError
  | Promise<ReturnType<typeof Piscina.move> | TransferredError> {
  try {
    const compiled = plans.get(message.task.planKey);
    if (compiled) return answer(compiled, message);
    if (!message.plan) return { kind: "plan-unknown", planKey: message.task.planKey };
    // A plan's first task on this thread: the engine code it needs (its SQL compiler) loads first.
    return plans
      .load(message.plan)
      .then((c) => answer(c, message))
      .catch(transferError);
  } catch (e) {
    return transferError(e);
  }
}

/** The task's result; batches answer at once, a segment (Parquet's writer is asynchronous) when it is encoded. */
function answer(
  compiled: CompiledPlan,
  message: BatchMessage,
): ReturnType<typeof Piscina.move> | Promise<ReturnType<typeof Piscina.move> | TransferredError> {
  const result = runBatchTask(
    compiled,
    message.task,
    message.reuse ? new Uint8Array(message.reuse) : undefined,
  );
  return result instanceof Promise ? result.then(moved, transferError) : moved(result);
}

/** The result with its bytes transferred rather than copied. */
function moved(result: BatchResult): ReturnType<typeof Piscina.move> {
  const bytes = result.kind === "arrow" ? result.ipc : result.bytes;
  return Piscina.move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: result });
}
