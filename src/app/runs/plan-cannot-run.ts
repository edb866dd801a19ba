import { type Diagnostic, RowforgeError } from "../../errors/index.ts";

/**
 * A plan refused before it runs, for every problem it has (each with where and its code): the
 * error carries them as its diagnostics and the first problem's code; an HTTP answer is a 400.
 */
export function planCannotRun(name: string, problems: readonly Diagnostic[]): RowforgeError {
  const list = problems
    .map((d) => `${d.message}${d.location?.path ? ` (at ${d.location.path})` : ""}`)
    .join("; ");
  const hint = problems.find((d) => d.hint)?.hint;
  return new RowforgeError(problems[0]?.code ?? "RF_PLAN_INVALID", `plan "${name}" cannot run: ${list}`, {
    diagnostics: problems,
    ...(hint ? { hint } : {}),
  });
}
