import { stepRunOptions } from "../../model/boolean-option.ts";
import type { Connection, Field, Step } from "../../model/index.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/**
 * Merges a connection into a step, as Data Caterer does: connection options first, the
 * step's own options override them. The format is the step's `format` option, else the
 * step type, else the connection type; a step left at the default type `json` takes the
 * connection's type.
 */
export function mergeStepOptions(
  taskName: string,
  dataSourceName: string,
  step: Step,
  connection: Connection | undefined,
  outputKinds: OutputKinds,
): ResolvedStep {
  const options: Record<string, string> = { ...(connection?.options ?? {}), ...step.options };
  const unwrap = unwrappedField(step.fields);
  if (unwrap && options.unwrapTopLevelArray === undefined) options.unwrapTopLevelArray = unwrap.name;
  let format = step.options.format ?? step.type;
  if (connection && step.options.format === undefined && step.type === "json" && connection.type !== "json") {
    format = connection.type;
  }
  format = normaliseFormat(format, options, outputKinds);
  return {
    taskName,
    dataSourceName,
    step: { ...step, options },
    format,
    connection,
    ...stepRunOptions(options),
  };
}

/**
 * The field whose `unwrapTopLevelArray` option asks for the file to be its array: it travels
 * to the format as the step option of that name (a step's own option wins).
 */
const unwrappedField = (fields: readonly Field[]): Field | undefined =>
  fields.find((f) => f.options.unwrapTopLevelArray === true && f.options.omit !== true);

/**
 * A known output kind in any case is its registered name, an alias the kind's connector
 * declares (`postgresql`, Spark's Cassandra class) is that kind, `jdbc` is the kind its url or
 * driver names (`jdbc:postgresql://...` is `postgres`); anything else stays as written.
 */
export function normaliseFormat(
  format: string,
  options: Readonly<Record<string, string>>,
  outputKinds: OutputKinds,
): string {
  const f = format.trim();
  const lower = f.toLowerCase();
  const alias = outputKinds.aliases[lower];
  if (alias !== undefined) return alias;
  if (lower === "jdbc") {
    const hint = `${options.url ?? ""} ${options.driver ?? ""}`.toLowerCase();
    const named = outputKinds.jdbcWords.find(([word]) => hint.includes(word));
    if (named) return named[1];
  }
  return outputKinds.names.includes(lower) ? lower : f;
}
