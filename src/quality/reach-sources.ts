import type { ResourceAccess } from "../access/index.ts";
import { withinConnectTimeout } from "../connectors/within-connect-timeout.ts";
import { isRowforgeError, type RowforgeError } from "../errors/index.ts";
import type { Connection } from "../model/connection.ts";
import type { ResolvedPlan, ResolvedStep } from "../model/resolved-plan.ts";
import type { Validation } from "../model/validation.ts";
import type { RowSource } from "./row-source.ts";
import { readStepOf } from "./run-validations.ts";

/** Codes that mean a data source cannot be reached (or refuses the login): validating it is pointless. */
const UNREACHABLE = new Set([
  "RF_DB_UNREACHABLE",
  "RF_DB_AUTH_FAILED",
  "RF_BROKER_UNREACHABLE",
  "RF_BROKER_AUTH_FAILED",
  "RF_CONNECTION_TIMEOUT",
]);

/** A validation entry whose data source could not be reached, with the coded error saying why. */
export interface UnreachableSource {
  /** The validation file (configuration) name. */
  readonly config: string;
  readonly dataSource: string;
  /** The entry's index among the data source's entries. */
  readonly entry: number;
  /** Whether the unreachable source is an upstream (or a dataExists wait's) of the entry rather than its own. */
  readonly via?: string;
  readonly error: RowforgeError;
}

/** A data source a plan's validations read: an entry's own, a dataExists wait's or an upstream's. */
export interface ValidationSource {
  /** The validation file (configuration) name. */
  readonly config: string;
  readonly dataSource: string;
  /** The entry's index among the data source's entries. */
  readonly entry: number;
  /** Whether it is an upstream (or a dataExists wait's) of the entry rather than its own. */
  readonly via?: string;
  /** The step that reads it: the data source's connection (or step) options with the entry's own. */
  readonly step: ResolvedStep;
}

/** Every data source a plan's validations read, entry by entry. */
export function validationSources(
  plan: ResolvedPlan,
  connections?: ReadonlyMap<string, Connection>,
): ValidationSource[] {
  const uses: ValidationSource[] = [];
  for (const config of plan.validations) {
    for (const [dataSource, entries] of Object.entries(config.dataSources)) {
      entries.forEach((e, entry) => {
        const at = { config: config.name, dataSource, entry };
        uses.push({ ...at, step: readStepOf(plan, dataSource, e, connections) });
        const wait = e.waitCondition;
        if (wait?.kind === "dataExists" && typeof wait.options.dataSourceName === "string") {
          const name = wait.options.dataSourceName;
          const options = (wait.options.options ?? {}) as Record<string, string>;
          uses.push({
            ...at,
            via: `its dataExists wait on "${name}"`,
            step: readStepOf(plan, name, { options }, connections),
          });
        }
        const visit = (v: Validation) => {
          if (v.kind === "upstream" && v.upstreamDataSource !== undefined)
            uses.push({
              ...at,
              via: `its upstream "${v.upstreamDataSource}"`,
              step: readStepOf(
                plan,
                v.upstreamDataSource,
                { options: v.upstreamReadOptions ?? {} },
                connections,
                v.upstreamTaskName,
              ),
            });
          for (const n of v.nested) visit(n);
        };
        for (const v of e.validations) visit(v);
      });
    }
  }
  return uses;
}

/**
 * Tests, before anything is generated or read, that every server a plan's validations read
 * (their data sources, upstream data sources and dataExists waits) can be reached: one
 * connection test per distinct server and options (the RowSource's test, all at once),
 * each bounded by its connectTimeout plus a few seconds. Files are not tested (a run writes
 * them). Answers the entries whose source is unreachable or refuses the login.
 */
export async function unreachableSources(
  rows: RowSource,
  plan: ResolvedPlan,
  access: ResourceAccess,
  connections?: ReadonlyMap<string, Connection>,
): Promise<UnreachableSource[]> {
  const uses = validationSources(plan, connections);
  const tests = new Map<string, Promise<RowforgeError | undefined>>();
  const testOf = (step: ResolvedStep): Promise<RowforgeError | undefined> => {
    const key = `${step.format}\u0000${JSON.stringify(Object.entries(step.step.options).sort())}`;
    let t = tests.get(key);
    if (t === undefined) {
      const connection: Connection = {
        name: step.dataSourceName,
        type: step.format,
        groupType: step.connection?.groupType ?? "",
        options: step.step.options,
      };
      const test = rows.test(connection, access);
      t = test ? bounded(test, connection) : Promise.resolve(undefined);
      tests.set(key, t);
    }
    return t;
  };
  // Every test starts now, at once; each distinct server is tested once.
  const errors = await Promise.all(uses.map((u) => testOf(u.step)));
  const out: UnreachableSource[] = [];
  for (const [k, u] of uses.entries()) {
    const error = errors[k];
    if (error)
      out.push({
        config: u.config,
        dataSource: u.dataSource,
        entry: u.entry,
        ...(u.via ? { via: u.via } : {}),
        error,
      });
  }
  return out;
}

/** A connection test's unreachable error (undefined when it answered, whatever it said), given up after its timeout. */
async function bounded(test: Promise<unknown>, c: Connection): Promise<RowforgeError | undefined> {
  try {
    await withinConnectTimeout(test, c, `data source "${c.name}" (${c.type})`);
    return undefined;
  } catch (e) {
    return isRowforgeError(e) && UNREACHABLE.has(e.code) ? e : undefined;
  }
}
