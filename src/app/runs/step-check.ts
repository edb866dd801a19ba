import { createHash } from "node:crypto";
import { batchIpc, type CompiledStep } from "../../engine/index.ts";

/** Rows the check value covers: enough to see any change of generator or fields, cheap to make. */
const CHECK_ROWS = 32;

/**
 * The check value of a compiled step: a hash of its first rows (Arrow IPC bytes of every
 * output column). A run records it; delete mode regenerates the step with the run's seed and
 * reference time and compares, so rows are never deleted by keys of a plan that has changed.
 */
export function stepCheck(step: CompiledStep): string {
  const batch = step.batch(0, Math.min(CHECK_ROWS, step.rowCount));
  return createHash("sha256").update(batchIpc(batch)).digest("hex").slice(0, 32);
}
