import { join } from "node:path";
import { openStore, type Store } from "../store/index.ts";
import { createService, type RowforgeService, type ServiceOptions } from "./catalog/rowforge-service.ts";
import type { RunHost } from "./runs/run-host.ts";
import { journalFolder } from "./runs/run-journal.ts";
import type { RunLimits } from "./runs/run-limits.ts";
import { createRunManager, type RunManager, type RunManagerOptions } from "./runs/run-manager.ts";
import { createSampleRunner } from "./sample/sample-runner.ts";
import type { SamplingService } from "./sample/sampling-service.ts";

/** What a runtime is made of: the service's options (its store opened from `home`) and the run manager's. */
export interface RuntimeOptions extends Omit<ServiceOptions, "store"> {
  /** The rowforge home (absolute): the store, `<home>/reports` and, by default, `<home>/transformations`. */
  readonly home: string;
  /** How long a sample may take (ms) before its worker is stopped; default 10 s. */
  readonly sampleTimeLimitMs?: number;
  /** Runs at the same time; default 1 (runs never fight over outputs). */
  readonly concurrency?: number;
  readonly limits?: RunLimits;
  /** Where runs are done: run threads of their own (createRunThreads; `serve`), or the calling thread (inThreadHost). */
  readonly host: RunHost;
  /** Failures no request waits for (a status that cannot be saved). */
  readonly onError?: RunManagerOptions["onError"];
}

/** rowforge's application layer over one home: what the HTTP server, a queue worker and tests run on. */
export interface Runtime {
  readonly home: string;
  readonly store: Store;
  /** Plans, connections and samples. */
  readonly service: SamplingService;
  /** Runs in the background, recorded in the store, reported under `<home>/reports`. */
  readonly runs: RunManager;
  /**
   * Stops taking runs; a running run may finish within `graceMs` (else it is stopped and
   * marked failed "shutdown"); then the run threads, samples' workers and the store close. Resolves with whether every run
   * ended by itself (false: the caller should end the process to stop them).
   */
  close(graceMs?: number): Promise<boolean>;
}

/**
 * The one composition root: opens the home's store, loads the configuration into the service,
 * gives it the sample runner and starts the run manager. Whatever fails on the way closes what
 * was opened.
 */
export async function createRuntime(o: RuntimeOptions): Promise<Runtime> {
  const store = await openStore(o.home, o.onError ? { onError: o.onError } : {});
  let catalog: RowforgeService;
  try {
    const { home, concurrency, limits, host, onError, sampleTimeLimitMs, ...serviceOptions } = o;
    catalog = await createService({
      ...serviceOptions,
      store,
      transformationsFolder: o.transformationsFolder ?? join(home, "transformations"),
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  const samples = createSampleRunner(catalog.access, o.sampleTimeLimitMs);
  const service: SamplingService = {
    ...catalog,
    samples,
    async close() {
      await samples.close();
      await catalog.close();
    },
  };
  const runs = createRunManager({
    store,
    transformations: service.transformationsFolder,
    reportsRoot: join(o.home, "reports"),
    access: service.access,
    host: o.host,
    journalFolder: journalFolder(o.home),
    ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
    ...(o.limits ? { limits: o.limits } : {}),
    ...(o.onError ? { onError: o.onError } : {}),
    ...(o.now ? { now: o.now } : {}),
  });
  let closed: Promise<boolean> | undefined;
  return {
    home: o.home,
    store,
    service,
    runs,
    close(graceMs = 0) {
      closed ??= (async () => {
        const ended = await runs.shutdown(graceMs);
        await o.host.close();
        await service.close();
        return ended;
      })();
      return closed;
    },
  };
}
