import { isObj, list, type Obj, str } from "./contract-table.ts";

/** What a rule measures, whatever the spec or its version calls it. */
export type QualityMetric = "nullValues" | "missingValues" | "duplicateValues" | "invalidValues" | "rowCount";

/** `mustBe...` of a rule: the comparison the measured number must pass. */
export interface Bound {
  readonly op: "=" | "!=" | ">" | ">=" | "<" | "<=" | "between" | "notBetween";
  readonly value: number;
  /** The upper end of between / notBetween. */
  readonly to?: number;
}

/** A quality rule read into one shape: ODCS v2 (templateName/code), v3 (rule/metric, mustBe...), datacontract.yaml (type, metric). */
export interface ReadRule {
  /** library (a named metric), sql, text, custom; as written or inferred. */
  readonly type: string;
  readonly metric?: QualityMetric;
  /** The rule's name as written (for messages). */
  readonly named: string;
  readonly bound?: Bound;
  /** rows (a count) or percent. */
  readonly percent: boolean;
  readonly validValues?: readonly unknown[];
  readonly missingValues?: readonly unknown[];
  readonly pattern?: string;
  /** The columns a table-level duplicate rule counts together (ODCS `arguments.properties`). */
  readonly columns?: readonly string[];
  readonly query?: string;
  readonly description?: string;
  readonly engine?: string;
}

const METRICS: Readonly<Record<string, QualityMetric>> = {
  nullcheck: "nullValues",
  nullvalues: "nullValues",
  notnull: "nullValues",
  nullcount: "nullValues",
  missingvalues: "missingValues",
  missingcheck: "missingValues",
  duplicatecount: "duplicateValues",
  duplicatevalues: "duplicateValues",
  duplicatecheck: "duplicateValues",
  uniquecheck: "duplicateValues",
  unique: "duplicateValues",
  validvalues: "invalidValues",
  invalidvalues: "invalidValues",
  invalidcount: "invalidValues",
  rowcount: "rowCount",
  countcheck: "rowCount",
};

const OPERATORS: readonly [string, Bound["op"]][] = [
  ["mustBe", "="],
  ["mustNotBe", "!="],
  ["mustBeGreaterThan", ">"],
  ["mustBeGreaterOrEqualTo", ">="],
  ["mustBeGreaterThanOrEqualTo", ">="],
  ["mustBeLessThan", "<"],
  ["mustBeLessOrEqualTo", "<="],
  ["mustBeLessThanOrEqualTo", "<="],
  ["mustBeBetween", "between"],
  ["mustNotBeBetween", "notBetween"],
];

const fold = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");

export function readRule(rule: Obj): ReadRule {
  const named =
    str(rule.metric) ?? str(rule.rule) ?? str(rule.templateName) ?? str(rule.code) ?? str(rule.name) ?? "";
  const metric = METRICS[fold(named)];
  const declared = str(rule.type)?.toLowerCase();
  const type =
    declared === "sql" || declared === "text" || declared === "custom"
      ? declared
      : rule.query !== undefined
        ? "sql"
        : rule.implementation !== undefined || rule.engine !== undefined
          ? "custom"
          : "library";
  const args = isObj(rule.arguments) ? rule.arguments : {};
  const values = (k: string) =>
    Array.isArray(args[k]) ? args[k] : Array.isArray(rule[k]) ? rule[k] : undefined;
  const validValues = values("validValues");
  const missingValues = values("missingValues");
  const pattern = str(args.pattern) ?? str(rule.pattern);
  const columns = values("properties")?.map(String) ?? values("fields")?.map(String);
  const bound = boundOf(rule);
  return {
    type,
    named: named || (typeof rule.description === "string" ? `"${rule.description}"` : (declared ?? "rule")),
    percent: str(rule.unit)?.toLowerCase() === "percent",
    ...(metric ? { metric } : {}),
    ...(bound ? { bound } : {}),
    ...(validValues ? { validValues } : {}),
    ...(missingValues ? { missingValues } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
    ...(columns ? { columns } : {}),
    ...(typeof rule.query === "string" ? { query: rule.query } : {}),
    ...(typeof rule.description === "string" ? { description: rule.description } : {}),
    ...(typeof rule.engine === "string" ? { engine: rule.engine } : {}),
  };
}

function boundOf(rule: Obj): Bound | undefined {
  for (const [key, op] of OPERATORS) {
    const v = rule[key];
    if (v === undefined) continue;
    if (op === "between" || op === "notBetween") {
      const [a, b] = list(v).map(Number);
      if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b))
        return { op, value: a, to: b };
      continue;
    }
    const n = Number(v);
    if (Number.isFinite(n)) return { op, value: n };
  }
  return undefined;
}

/** Whether a measured count must be 0 (the rule's default when it states no bound). */
export function mustBeZero(b: Bound | undefined): boolean {
  if (b === undefined) return true;
  return (
    (b.op === "=" && b.value === 0) ||
    (b.op === "<=" && b.value === 0) ||
    (b.op === "<" && b.value <= 1) ||
    (b.op === "between" && b.value <= 0 && b.to === 0)
  );
}

/** `count = 10`, `count BETWEEN 1 AND 5`: the bound as a SQL condition on `name`. */
export function boundSql(name: string, b: Bound): string {
  switch (b.op) {
    case "between":
      return `${name} BETWEEN ${b.value} AND ${b.to}`;
    case "notBetween":
      return `${name} NOT BETWEEN ${b.value} AND ${b.to}`;
    case "=":
      return `${name} == ${b.value}`;
    default:
      return `${name} ${b.op} ${b.value}`;
  }
}
