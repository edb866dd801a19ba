import { connectorFor } from "../../connectors/registry.ts";
import type { CompiledPlan, CompiledStep } from "../../engine/index.ts";
import { findFormat } from "../../formats/format-registry.ts";
import { isReference } from "../check/check-step-runnable.ts";
import type { RunShape } from "../executors.ts";

/** The steps a run writes: every generated step it is asked to write. */
export const stepsToWrite = (compiled: CompiledPlan, only: ReadonlySet<string> | undefined): CompiledStep[] =>
  compiled.steps.filter((s) => !(only && !only.has(s.id)) && !isReference(s.resolved));

/** The rows a run writes. */
export const rowsToWrite = (compiled: CompiledPlan, only: ReadonlySet<string> | undefined): number =>
  stepsToWrite(compiled, only).reduce((n, s) => n + s.rowCount, 0);

/** What a run asks of its executor: the rows it generates and whether a sink keeps this thread busy. */
export async function executorDemand(
  compiled: CompiledPlan,
  only: ReadonlySet<string> | undefined,
): Promise<{ totalRows: number; shape: RunShape }> {
  const running = stepsToWrite(compiled, only);
  const connectors = await Promise.all(running.map((s) => connectorFor(s.resolved)));
  const busies = running.map((s, i) => connectors[i]!.busiesCallingThread?.(s.resolved) ?? false);
  // Steps in a segmented format (Parquet, ORC) have their segments encoded by the workers.
  const segmented = running.map((s) => findFormat(s.resolved.format)?.segments !== undefined);
  return {
    totalRows: rowsToWrite(compiled, only),
    shape: {
      callingThreadBusy: busies.some(Boolean),
      workersEncodeSegments: segmented.some(Boolean),
      // Text files, or database rows, the workers encode: this thread only sends their bytes.
      callingThreadIdle:
        running.length > 0 &&
        running.every((_, i) => workersEncode(connectors[i]!.group) && !busies[i] && !segmented[i]),
    },
  };
}

/**
 * Whether a sink of this group, when it does not busy the calling thread, only sends bytes the
 * workers encoded: text files, and the databases whose rows the workers encode (PostgreSQL's
 * COPY, MySQL's LOAD DATA; Cassandra busies the thread).
 */
const workersEncode = (group: string): boolean => group === "file" || group === "database";
