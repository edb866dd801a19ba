import type { QualityRule } from "./contract-table.ts";
import { mustBeZero, readRule } from "./quality-rule.ts";

/** What a column's rules require of every value, for the generator to meet. */
export interface RuleConstraints {
  readonly required?: boolean;
  readonly unique?: boolean;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
}

/**
 * The value constraints a column's quality rules state when they allow no failure: no nulls
 * (or missing values), no duplicates, only valid values or values of a pattern. Rules that
 * allow some failures leave the generator free (the data may or may not meet them).
 */
export function ruleConstraints(rules: readonly QualityRule[]): RuleConstraints {
  const out: { required?: boolean; unique?: boolean; enum?: readonly unknown[]; pattern?: string } = {};
  for (const { rule } of rules) {
    const r = readRule(rule);
    if (r.type !== "library" || !mustBeZero(r.bound)) continue;
    if (r.metric === "nullValues" || r.metric === "missingValues") out.required = true;
    if (r.metric === "duplicateValues") out.unique = true;
    if (r.metric === "invalidValues" && r.validValues) out.enum = r.validValues;
    if (r.metric === "invalidValues" && r.pattern !== undefined) out.pattern = r.pattern;
  }
  return out;
}
