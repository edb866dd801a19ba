import type { CompiledPlan, CompiledStep } from "../../engine/index.ts";
import type { Diagnostic, SourceLocation } from "../../errors/index.ts";
import { groupDigits } from "../../util/group-digits.ts";

/**
 * A warning for each step whose `count.records` is not what it writes because a parent
 * decides its rows (a foreign key's cardinality, perField on a foreign key's fields): which
 * count wins and why, at the step's `count.records`.
 */
export function countWarnings(
  compiled: CompiledPlan,
  /** Where a step's `count.records` is written. */
  locateRecords: (step: CompiledStep) => SourceLocation,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const s of compiled.steps) {
    const records = s.resolved.step.count.records;
    const rule = s.countRule;
    if (!rule?.followsParent || records === undefined || records === s.rowCount) continue;
    out.push({
      severity: "warning",
      code: "RF_COUNT_FOLLOWS_PARENT",
      message: `step "${s.resolved.step.name}" writes ${groupDigits(s.rowCount)} rows, not its count.records ${groupDigits(records)}: ${rule.reason}`,
      location: locateRecords(s),
      hint: "remove count.records from the step (its parent decides), or change the parent's count or the relationship's cardinality/perField",
    });
  }
  return out;
}
