import type { CheckDescription, TableDescription } from "../../../connectors/table-description.ts";
import { type ColumnRelation, type ColumnRules, mergeRules, readCheck } from "./check-rules.ts";

/** One CHECK constraint of a table, as read. */
export interface TableCheck {
  readonly check: CheckDescription;
  /** The columns it gives rules to. */
  readonly columns: readonly string[];
  readonly relations: readonly ColumnRelation[];
  /** Why it is not understood, when it is not. */
  readonly reason?: string;
}

/** What a table's CHECK constraints ask, all together. */
export interface TableChecks {
  /** Each column's rules, every understood constraint's merged. */
  readonly rules: ReadonlyMap<string, ColumnRules>;
  readonly relations: readonly ColumnRelation[];
  readonly checks: readonly TableCheck[];
}

/** Reads every CHECK constraint of a table (check-rules.ts) and merges their rules per column. */
export function readTableChecks(table: TableDescription): TableChecks {
  const rules = new Map<string, ColumnRules>();
  const relations: ColumnRelation[] = [];
  const checks = table.checks.map((check): TableCheck => {
    const read = readCheck(check.clause, table.columns);
    if (!read.ok) return { check, columns: [], relations: [], reason: read.reason };
    const merged = new Map<string, ColumnRules>();
    for (const [column, r] of read.rules) {
      const both = mergeRules(rules.get(column) ?? {}, r);
      if (typeof both === "string")
        return {
          check,
          columns: [],
          relations: [],
          reason: `with the other constraints on ${column}: ${both}`,
        };
      merged.set(column, both);
    }
    for (const [column, r] of merged) rules.set(column, r);
    relations.push(...read.relations);
    return { check, columns: [...read.rules.keys()], relations: read.relations };
  });
  return { rules, relations, checks };
}
