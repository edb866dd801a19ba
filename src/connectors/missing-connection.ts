import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import { impliedDestination } from "../model/implied-destination.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { connectorKind, findConnector } from "./registry.ts";

/**
 * RF_CONNECTION_MISSING when a step bound to no connection cannot be written for want of one
 * (Data Caterer's database, Kafka, JMS and HTTP task files name none: a plan binds them): a
 * database or broker step whose own options do not say where the server is, or a step of the
 * default type `json` with no path whose options or fields show it was meant for Kafka, JMS or
 * HTTP. Undefined otherwise (the connector's own check then says what is wrong).
 */
export async function missingConnection(r: ResolvedStep): Promise<RowforgeError | undefined> {
  if (r.connection !== undefined) return undefined;
  const name = r.step.name;
  if (connectorKind(r.format)?.name === "file") {
    if (r.step.options.path?.trim()) return undefined;
    const implied = impliedDestination(r.step);
    if (!implied) return undefined;
    return new RowforgeError(
      "RF_CONNECTION_MISSING",
      `step "${name}" looks like ${implied.kind === "HTTP" ? "an" : "a"} ${implied.kind} step with no connection (${implied.shownBy})${why(r)}`,
      { hint: howToBind(r, implied.kind.toLowerCase()) },
    );
  }
  const connector = await findConnector(r.format);
  if (!connector) return undefined;
  // The connector knows what it needs: the step's own options may say where the server is.
  try {
    connector.check(r);
    return undefined;
  } catch (e) {
    if (!isRowforgeError(e) || e.code !== "RF_KEY_MISSING") return undefined;
    // `step "x" (connection "y") has no url option`: what it lacks, said once.
    const lacks = e.message.replace(/^step "[^"]*"( \(connection "[^"]*"\))? /, "");
    return new RowforgeError(
      "RF_CONNECTION_MISSING",
      `step "${name}" (${r.format}) has no connection, so it ${lacks}${why(r)}`,
      { hint: howToBind(r, r.format) },
    );
  }
}

/** Why there is none: a task on its own names no data source; a plan may name one that is not defined. */
const why = (r: ResolvedStep): string =>
  r.dataSourceName === ""
    ? `: task "${r.taskName}" is checked on its own, and a task file names no connection`
    : `: connection "${r.dataSourceName}" is not defined`;

/** How to give the step a connection: bind its task to one, or define the one its plan names. */
function howToBind(r: ResolvedStep, kind: string): string {
  if (r.dataSourceName !== "")
    return `define connection "${r.dataSourceName}" in application.conf (${kind} { ${r.dataSourceName} { ... } }), or save it over the API`;
  const name = `my_${kind}`;
  return `run it from a plan that binds the task to a connection (tasks: [{name: ${r.taskName}, dataSourceName: ${name}}]) defined in application.conf (${kind} { ${name} { ... } }), or from a unified file whose data source has the connection`;
}
