import { isRowforgeError, type RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { loadTransformation } from "./load-transformation.ts";

/**
 * Loads every enabled transformation of a plan's steps (a step's own, else its task's) from the
 * transformations folder, before anything is generated: the refusals, one per step, so a run
 * stops as invalid input (exit 2) rather than after writing its outputs.
 */
export async function checkTransformations(
  plan: ResolvedPlan,
  folder: string,
): Promise<{ readonly step: ResolvedStep; readonly error: RowforgeError }[]> {
  const errors: { step: ResolvedStep; error: RowforgeError }[] = [];
  for (const step of plan.steps) {
    const t =
      step.step.transformation ?? plan.tasks.find((task) => task.name === step.taskName)?.transformation;
    if (!t?.enabled) continue;
    try {
      await loadTransformation(t, folder, `step "${step.step.name}"`);
    } catch (e) {
      if (!isRowforgeError(e)) throw e;
      errors.push({ step, error: e });
    }
  }
  return errors;
}
