import type { RowforgeService } from "../catalog/rowforge-service.ts";
import type { SampleRunner } from "./sample-runner.ts";

/**
 * What samples are made through: the catalog (plans, connections, configuration, access) and
 * the runner that generates them, inline or in a worker (composed in src/app/compose.ts).
 */
export interface SamplingService extends RowforgeService {
  /** Where samples are computed: inline when cheap, else in a worker under the time limit. */
  readonly samples: SampleRunner;
}
