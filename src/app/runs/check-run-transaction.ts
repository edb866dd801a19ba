import { connectorFor } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { isReference } from "../check/check-step-runnable.ts";

/**
 * `--transaction plan` is for plans whose written steps all go to one database (the same
 * server, database and user) of a connector that can write inside a run's transaction: any
 * other step is refused before anything is written (RF_TRANSACTION_UNSUPPORTED, naming it).
 */
export async function checkRunTransaction(steps: readonly ResolvedStep[]): Promise<void> {
  let first: { readonly step: ResolvedStep; readonly database: string } | undefined;
  for (const s of steps) {
    if (isReference(s)) continue;
    const what = `step "${s.step.name}" (data source ${s.dataSourceName}, ${s.format})`;
    if (!(await connectorFor(s)).capabilities.runTransaction)
      throw new RowforgeError(
        "RF_TRANSACTION_UNSUPPORTED",
        `--transaction plan: ${what} cannot write inside the run's one transaction: only PostgreSQL steps can (files, brokers and HTTP are not transactional)`,
      );
    const database = `${s.format} ${s.step.options.url ?? ""} ${s.step.options.user ?? ""}`;
    if (first === undefined) first = { step: s, database };
    else if (first.database !== database)
      throw new RowforgeError(
        "RF_TRANSACTION_UNSUPPORTED",
        `--transaction plan: ${what} writes to another database (or as another user) than step "${first.step.step.name}": one transaction spans one database`,
      );
  }
}
