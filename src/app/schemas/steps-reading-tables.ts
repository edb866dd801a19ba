import { missingConnection } from "../../connectors/missing-connection.ts";
import { connectorKind } from "../../connectors/registry.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/**
 * The steps whose tables are read from their databases (Connector.describe): generated steps of
 * a connector that reads tables and with a connection (a step with none has no server to read;
 * checkStepRunnable says so).
 */
export async function stepsReadingTables(steps: readonly ResolvedStep[]): Promise<ResolvedStep[]> {
  const candidates = steps.filter((r) => !isReferenceStep(r) && connectorKind(r.format)?.readsTables);
  const unbound = await Promise.all(candidates.map((r) => missingConnection(r)));
  return candidates.filter((_, i) => unbound[i] === undefined);
}
