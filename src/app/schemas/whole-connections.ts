import { findConnector } from "../../connectors/registry.ts";
import type { TableStep } from "../../connectors/table-description.ts";
import { RowforgeError } from "../../errors/index.ts";
import { stepRunOptions } from "../../model/boolean-option.ts";
import type { ResolvedPlan, ResolvedStep, WholeConnection } from "../../model/resolved-plan.ts";
import type { Step } from "../../model/step.ts";

/**
 * Turns each data source that stands for its whole connection (a task without steps on a
 * database, under enableGeneratePlanAndTasks) into one step per table of the connection's
 * schema, keyspace or database, named after the table and without fields: the schema stage
 * then reads their columns and foreign keys like any other step's, so the tables are written
 * parents first with every child key in its parent. Connects only when the plan has such data
 * sources.
 */
export async function expandWholeConnections(plan: ResolvedPlan): Promise<ResolvedPlan> {
  const wholes = plan.wholeConnections ?? [];
  if (wholes.length === 0) return plan;
  const made = await Promise.all(wholes.map(tableSteps));
  const { wholeConnections: _listed, ...rest } = plan;
  return { ...rest, steps: [...plan.steps, ...made.flat()] };
}

async function tableSteps(w: WholeConnection): Promise<ResolvedStep[]> {
  const list = (await findConnector(w.format))?.listTables;
  // Only database connectors that list their tables make whole connections (resolve-plan.ts).
  if (!list) {
    throw new RowforgeError(
      "RF_INTERNAL",
      `data source "${w.dataSourceName}" has no steps, and the ${w.format} connector cannot list its tables`,
    );
  }
  const tables = await list(w.connection);
  if (tables.length === 0) {
    throw new RowforgeError(
      "RF_DB_TABLE_NOT_FOUND",
      `data source "${w.dataSourceName}" has no steps, and connection "${w.connection.name}" has no tables to generate`,
      {
        hint: "create the tables first, point the connection at the schema that holds them (option schema; keyspace for Cassandra; the url's database for MySQL), or list the steps",
      },
    );
  }
  return tables.map((t) => tableStep(w, t));
}

/** A step of one table of a connection, without fields: the schema stage reads its columns. */
export function tableStep(w: WholeConnection, t: TableStep): ResolvedStep {
  const options = { ...w.connection.options, ...t.options };
  const step: Step = { name: t.name, type: w.format, options, count: {}, fields: [], enabled: true };
  return {
    taskName: w.taskName,
    dataSourceName: w.dataSourceName,
    step,
    format: w.format,
    connection: w.connection,
    ...stepRunOptions(options),
  };
}
