import type { ResourceAccess } from "../../access/index.ts";
import { connectorFor } from "../../connectors/registry.ts";
import type { StepSessions } from "../../connectors/table/step-sessions.ts";
import { type Diagnostic, isRowforgeError, type RowforgeError } from "../../errors/index.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepsReadingTables } from "../schemas/steps-reading-tables.ts";

/** What is wrong with a step. */
export type StepProblem = Pick<RowforgeError, "code" | "message" | "hint">;

/**
 * Codes that say the server was not reached, so nothing is known about its tables. A refused
 * login is not among them: the server answered, and `run` would be refused the same way.
 */
const UNREACHED: ReadonlySet<string> = new Set(["RF_DB_UNREACHABLE", "RF_CONNECTION_TIMEOUT"]);

/** A warning of this check: a database it could not reach, whose tables were not looked at. */
export const isUncheckedTable = (d: Diagnostic): boolean => d.severity === "warning" && UNREACHED.has(d.code);

/**
 * `validate`'s check of database steps against their tables, the check `run` makes before it
 * writes (Connector.checkTarget: the table exists or will be created, its columns take the
 * step's fields): a missing table or column is an error at the step; a server that cannot be
 * reached is a warning that its tables were not checked (a refused login is an error). Each server is asked at once.
 */
export async function checkDatabaseTargets(
  plan: ResolvedPlan,
  access: ResourceAccess,
  /** The problem of a step, located where the step is written. */
  at: (step: ResolvedStep, e: StepProblem, severity: Diagnostic["severity"]) => Diagnostic,
  /** The run's kept connections (a pre-run check in the run's thread): the servers are asked through them. */
  sessions?: StepSessions,
): Promise<Diagnostic[]> {
  // A step with no connection has no server to ask (checkStepRunnable reported it).
  const steps = await stepsReadingTables(plan.steps);
  const found = await Promise.all(
    steps.map(async (s) =>
      (await connectorFor(s)).checkTarget(s, access, sessions).then(
        () => undefined,
        (e: unknown) => {
          if (!isRowforgeError(e)) throw e;
          if (!UNREACHED.has(e.code)) return at(s, e, "error");
          const message = `the table of step "${s.step.name}" was not checked against the database: ${e.message}`;
          return at(s, { code: e.code, message, hint: e.hint }, "warning");
        },
      ),
    ),
  );
  return found.filter((d) => d !== undefined);
}
