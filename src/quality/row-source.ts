import type { ResourceAccess } from "../access/index.ts";
import type { ReadBack, ReadBackRequest } from "../connectors/connector.ts";
import type { Connection } from "../model/connection.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";

/**
 * The port through which the data-quality engine reaches the data it checks. The caller gives
 * it (app/: the connector registry), so the engine reads rows without knowing which connector
 * holds them.
 */
export interface RowSource {
  /** A step's data opened to read back as Arrow batches; a coded error when it cannot be read back. */
  open(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack>;
  /**
   * The connection test of the server holding a data source (its outcome: rejected with a coded
   * error when unreachable), or undefined when there is nothing to test (files: a run writes them).
   */
  test(connection: Connection, access: ResourceAccess): Promise<unknown> | undefined;
}
