import { type Diagnostic, RowforgeError } from "../../errors/index.ts";

/** Every problem of a plan sent to POST /plan, in one 400: where (field path), what, which code. */
export function planInvalid(name: string, problems: readonly Diagnostic[]): RowforgeError {
  const list = problems
    .map((d, i) => `${i + 1}) ${d.location?.path ? `at ${d.location.path}: ` : ""}${d.message} [${d.code}]`)
    .join("; ");
  return new RowforgeError(
    "RF_PLAN_INVALID",
    `plan "${name}" is not saved: it has ${problems.length} problem${problems.length === 1 ? "" : "s"}: ${list}`,
    { hint: problems.find((d) => d.hint)?.hint ?? "fix the plan as the messages say and save it again" },
  );
}
