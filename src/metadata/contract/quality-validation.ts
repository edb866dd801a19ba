import type { Validation } from "../../model/validation.ts";
import type { QualityRule } from "./contract-table.ts";
import { type Bound, boundSql, mustBeZero, type ReadRule, readRule } from "./quality-rule.ts";

/** A rule as a validation, or the reason it is not run. */
export type RuleOutcome = { readonly validation: Validation } | { readonly skipped: string };

/** Where a rule applies: the table (and its names, for SQL), and the column for column rules. */
export interface RuleTarget {
  readonly table: string;
  readonly physicalName?: string;
  readonly column?: string;
}

const quote = (name: string) => `\`${name.replaceAll("`", "``")}\``;
const literal = (v: unknown) =>
  typeof v === "number" || typeof v === "boolean"
    ? String(v)
    : `'${String(v).replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

/**
 * A contract's quality rule as a validation the runner executes after the step is written:
 * null / missing / duplicate / invalid-value counts become field checks (a bound of "at most
 * N" is the check's errorThreshold, a percentage its fraction) or, for other bounds, a count
 * of the failing rows compared with the bound; a row count is a count of all rows;
 * `SELECT COUNT(*) FROM <table> [WHERE ...]` SQL is a count of the rows the WHERE keeps.
 * Descriptions (`text`), other engines' checks (`custom`), other SQL and unknown library
 * rules are skipped, each with the reason.
 */
export function ruleValidation(q: QualityRule, target: RuleTarget): RuleOutcome {
  const r = readRule(q.rule);
  const at = `${target.column !== undefined ? `column ${target.column}` : `table ${target.table}`}, ${q.at}`;
  const skip = (why: string): RuleOutcome => ({ skipped: `${r.named} (${at}): ${why}` });
  const description = r.description ?? undefined;
  if (r.type === "text") return skip("a description in words, nothing to run");
  if (r.type === "custom")
    return skip(`an implementation for ${r.engine ?? "another engine"}, which rowforge does not run`);
  if (r.type === "sql") return sqlRule(r, target, skip);
  if (r.metric === undefined)
    return skip(
      "not a rule rowforge knows (it runs nullValues, missingValues, duplicateValues, invalidValues and rowCount)",
    );
  if (r.metric === "rowCount") {
    if (!r.bound) return skip("states no bound on the row count");
    return { validation: countRows(r.bound, undefined, description ?? `row count ${boundText(r.bound)}`) };
  }
  const column = target.column;
  if (column === undefined && r.metric === "duplicateValues" && r.columns && r.columns.length > 0) {
    if (!mustBeZero(r.bound))
      return skip(`a bound other than no duplicates (${boundText(r.bound!)}) on several columns is not run`);
    return {
      validation: {
        kind: "groupBy",
        description: description ?? `${r.columns.join(", ")} unique together`,
        groupByFields: [...r.columns],
        aggType: "count",
        aggExpr: "count == 1",
        checks: [],
        nested: [],
      },
    };
  }
  if (column === undefined) return skip(`${r.metric} needs a column; put the rule on the column`);
  const ref = quote(column);
  let failing: string;
  let check: Validation["checks"][number] | undefined;
  switch (r.metric) {
    case "nullValues":
      failing = `${ref} IS NULL`;
      check = { type: "null", options: { negate: true } };
      break;
    case "missingValues": {
      const missing = (r.missingValues ?? []).filter((v) => v !== null);
      failing = `${ref} IS NULL${missing.length > 0 ? ` OR ${ref} IN (${missing.map(literal).join(", ")})` : ""}`;
      check = undefined;
      break;
    }
    case "duplicateValues":
      failing = "";
      check = { type: "unique", options: {} };
      break;
    default: {
      if (r.validValues) {
        const values = r.validValues.filter((v) => v !== null);
        failing = `${ref} IS NOT NULL AND ${ref} NOT IN (${values.map(literal).join(", ")})`;
        check = { type: "in", options: { values } };
      } else if (r.pattern !== undefined) {
        failing = `${ref} IS NOT NULL AND NOT regexp(${ref}, ${literal(r.pattern)})`;
        check = { type: "matches", options: { regex: r.pattern } };
      } else return skip("invalidValues states neither validValues nor a pattern");
    }
  }
  const threshold = thresholdOf(r);
  if (check && threshold !== false) {
    const base: Validation = { kind: "field", field: column, checks: [check], nested: [] };
    return {
      validation: {
        ...base,
        ...(description !== undefined ? { description } : {}),
        ...(threshold !== undefined ? { errorThreshold: threshold } : {}),
      },
    };
  }
  if (r.metric === "duplicateValues")
    return skip(
      `a bound other than "at most N duplicates" (${boundText(r.bound!)}) on duplicates is not run`,
    );
  if (r.percent)
    return skip(`a percentage bound other than "at most N%" (${boundText(r.bound!)}) is not run`);
  const bound = r.bound ?? { op: "=", value: 0 };
  return {
    validation: countRows(bound, failing, description ?? `rows where ${failing}: count ${boundText(bound)}`),
  };
}

/**
 * A bound of failing rows as an errorThreshold: none for "no failure", N for "at most N"
 * (a fraction for percentages); false when the bound is not "at most" (counted instead).
 */
function thresholdOf(r: ReadRule): number | undefined | false {
  if (mustBeZero(r.bound)) return undefined;
  const b = r.bound!;
  const max =
    b.op === "<="
      ? b.value
      : b.op === "<"
        ? b.value - (r.percent ? 1e-9 : 1)
        : b.op === "between" && b.value <= 0
          ? b.to!
          : undefined;
  if (max === undefined) return false;
  if (r.percent) return Math.max(1e-9, Math.min(max / 100, 0.999999));
  return max >= 1 ? max : undefined;
}

/** A count of rows (those `where` keeps) that must meet the bound: a group-by without groups. */
function countRows(bound: Bound, where: string | undefined, description: string): Validation {
  return {
    kind: "groupBy",
    description,
    groupByFields: [],
    aggType: "count",
    aggExpr: boundSql("count", bound),
    checks: [],
    nested: [],
    ...(where !== undefined ? { preFilterExpr: where } : {}),
  };
}

const COUNT_QUERY =
  /^\s*select\s+count\s*\(\s*(\*|1|[`"]?[\w.]+[`"]?)\s*\)\s*(?:as\s+\w+\s+)?from\s+([`"$]?\{?[\w.]+\}?[`"]?)(?:\s+where\s+([\s\S]+?))?\s*;?\s*$/i;

function sqlRule(r: ReadRule, target: RuleTarget, skip: (why: string) => RuleOutcome): RuleOutcome {
  const m = COUNT_QUERY.exec(r.query ?? "");
  if (!m)
    return skip(
      "SQL other than SELECT COUNT(*) FROM <the table> [WHERE <condition>] is not run: rowforge checks rows, it does not run queries",
    );
  const table = m[2]!.replace(/[`"]/g, "");
  const names = [
    "${object}",
    "{object}",
    "${table}",
    "{table}",
    "${model}",
    "{model}",
    target.table,
    target.physicalName,
  ];
  if (!names.some((n) => n !== undefined && n.toLowerCase() === table.toLowerCase()))
    return skip(`the query reads ${table}, not this table`);
  if (!r.bound) return skip("states no bound on the query's result");
  const counted = m[1]!;
  const conditions = [
    ...(m[3] !== undefined ? [`(${m[3].trim()})`] : []),
    ...(counted !== "*" && counted !== "1" ? [`${counted.replace(/"/g, "`")} IS NOT NULL`] : []),
  ];
  const where = conditions.length > 0 ? conditions.join(" AND ") : undefined;
  return {
    validation: countRows(r.bound, where, r.description ?? `${r.query!.trim()} ${boundText(r.bound)}`),
  };
}

function boundText(b: Bound): string {
  return b.op === "between"
    ? `between ${b.value} and ${b.to}`
    : b.op === "notBetween"
      ? `not between ${b.value} and ${b.to}`
      : `${b.op} ${b.value}`;
}
