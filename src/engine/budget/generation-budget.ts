import { didYouMean, RowforgeError } from "../../errors/index.ts";
import {
  BUDGET_NAMES,
  type BudgetName,
  DEFAULT_BUDGET,
  type GenerationBudget,
  parseSize,
} from "../../model/generation-budget.ts";

export { BUDGET_NAMES, type BudgetName, DEFAULT_BUDGET, type GenerationBudget };

/** The budget with the given limits raised or lowered; unknown names and bad values are refused. */
export function resolveBudget(overrides: Readonly<Record<string, unknown>> = {}): GenerationBudget {
  const out: Record<string, number> = { ...DEFAULT_BUDGET };
  for (const [name, raw] of Object.entries(overrides)) {
    if (raw === undefined) continue;
    if (!(BUDGET_NAMES as readonly string[]).includes(name)) {
      const near = didYouMean(name, BUDGET_NAMES);
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `"${name}" is not a generation budget${near ? `; ${near}` : ""}`,
        {
          hint: `the budgets are ${BUDGET_NAMES.join(", ")}`,
        },
      );
    }
    out[name] = parseBudgetValue(name, raw);
  }
  return out as unknown as GenerationBudget;
}

/** A whole number >= 1, or a size such as `64MiB`, `512k`, `2G` (binary units). */
export function parseBudgetValue(name: string, raw: unknown): number {
  const n = parseSize(raw);
  if (n === undefined) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `budget ${name} must be a whole number of at least 1 (sizes may say 64MiB, 512k, 2G), not ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/** How to raise a limit, for messages. */
export const raiseHint = (name: BudgetName): string =>
  `raise it with \`budget { ${name} = N }\` in application.conf, or \`rowforge run --budget ${name}=N\`; the default is ${DEFAULT_BUDGET[name]}`;

/** RF_BUDGET_EXCEEDED naming what exceeds, its value, the limit and how to raise it. */
export function budgetExceeded(where: string, what: string, value: number, name: BudgetName, limit: number) {
  return new RowforgeError(
    "RF_BUDGET_EXCEEDED",
    `${where}: ${what} is ${formatCount(value)}, above the generation budget ${name} = ${formatCount(limit)}`,
    { hint: raiseHint(name) },
  );
}

/** Throws RF_BUDGET_EXCEEDED (see budgetExceeded) when `value` is above the budget's limit `name`. */
export function checkBudget(
  budget: GenerationBudget,
  name: BudgetName,
  value: number,
  where: string,
  what: string,
): void {
  if (value > budget[name]) throw budgetExceeded(where, what, value, name, budget[name]);
}

const formatCount = (n: number): string =>
  Number.isFinite(n) ? (Number.isSafeInteger(n) ? String(n) : n.toExponential(3)) : "unbounded";
