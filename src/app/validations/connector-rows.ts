import type { ResourceAccess } from "../../access/index.ts";
import type { ReadBack, ReadBackRequest } from "../../connectors/connector.ts";
import { connectorFor, connectorKind, findConnector } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { RowSource } from "../../quality/index.ts";

/**
 * The data-quality engine's rows, read through the connectors: a step's data opened by its
 * connector's read-back (RF_VALIDATION_SOURCE_UNKNOWN when it has none), a server tested by
 * its connector's connection test (files are not tested: a run writes them).
 */
export const connectorRows: RowSource = {
  async open(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
    const connector = await connectorFor(step, "validating");
    if (!connector.readBack) {
      throw new RowforgeError(
        "RF_VALIDATION_SOURCE_UNKNOWN",
        `validations of "${step.dataSourceName}" read ${step.format} data, which rowforge cannot read back yet`,
      );
    }
    return connector.readBack(step, request);
  },
  test(connection: Connection, access: ResourceAccess): Promise<unknown> | undefined {
    const kind = connectorKind(connection.type);
    if (kind === undefined || kind.name === "file") return undefined;
    return findConnector(connection.type).then((c) => c?.testConnection?.(connection, access));
  },
};
