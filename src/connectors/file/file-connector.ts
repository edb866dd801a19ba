import { lstat, mkdir, realpath } from "node:fs/promises";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { threadId } from "node:worker_threads";
import type { ResourceAccess } from "../../access/index.ts";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import type { Format } from "../../formats/format.ts";
import { requireFormat } from "../../formats/format-registry.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { PreparingConnector } from "../connector.ts";
import { preparedOnce } from "../prepared-once.ts";
import { checkOutputPath } from "./check-output-path.ts";
import { fileKind } from "./file-kind.ts";
import { FILE_OPTIONS } from "./file-option-schema.ts";
import { type FileOptions, readFileOptions } from "./file-options.ts";
import {
  createFileSink,
  encodesInWorkers,
  fileSinkTemporaries,
  outputExists,
  unwritable,
  workerSegmentRows,
} from "./file-sink.ts";
import { acquireOutputLock, type OutputLock } from "./output-lock.ts";
import { deleteFromManifests, lockPath, manifestFolder, removeIfEmpty } from "./output-manifest.ts";
import { scanOutput } from "./scan-output.ts";
import { createStdoutSink, STDOUT_PATH } from "./stdout-sink.ts";
import { testFileConnection } from "./test-file-connection.ts";

/** A file step's format and options, parsed and checked once per step (file-options.ts). */
export interface PreparedFileStep {
  readonly format: Format;
  readonly options: FileOptions;
}

const prepare = preparedOnce(
  (step): PreparedFileStep => ({
    format: requireFormat(step.format, `step "${step.step.name}"`),
    options: readFileOptions(step.step.name, step.step.options),
  }),
);

/** Files on the local disk in any registered format (json, csv, parquet, orc). */
export const fileConnector: PreparingConnector<PreparedFileStep> = {
  ...fileKind,
  capabilities: { encodedText: true, parts: true, delete: true },
  optionSchema: FILE_OPTIONS,
  prepare,
  check(step) {
    const name = step.step.name;
    const { format } = prepare(step);
    try {
      format.checkOptions?.(step.step.options);
    } catch (e) {
      if (isRowforgeError(e))
        throw new RowforgeError(e.code, `step "${name}": ${e.message}`, { hint: e.hint });
      throw e;
    }
  },
  async checkAccess(step, access, use) {
    await placedOptions(step, access, use);
  },
  async checkTarget(step, access) {
    const opts = await placedOptions(step, access);
    if (opts.path !== STDOUT_PATH) await checkOutputPath(step.step.name, opts);
  },
  readReference: async (step, request) =>
    (await import("./read-file-reference.ts")).readFileReference(prepare(step).options, step, request),
  // Reading files back (validations, `check`) loads the readers (ORC, Parquet, DuckDB's) on first use.
  readBack: async (step, request) => (await import("./read-file-rows.ts")).readFileRows(step, request),
  async open(target) {
    const stepName = target.step.step.name;
    const { format } = prepare(target.step);
    const opts = await placedOptions(target.step, target.access);
    if (opts.path === STDOUT_PATH) return createStdoutSink(target, format, target.step.step.options);
    await checkOutputPath(stepName, opts);
    // Everything from the checks to the last rename happens under the output's lock.
    const { lock, createdFolders } = await lockOutput(stepName, opts, target.runId);
    try {
      if (opts.saveMode === "errorIfExists" && (await outputExists(opts.path))) {
        throw new RowforgeError(
          "RF_OUTPUT_EXISTS",
          `step "${stepName}": ${opts.path} already exists and saveMode is errorIfExists`,
        );
      }
      if (opts.singleFile && opts.saveMode === "append" && (await outputExists(opts.path))) {
        throw new RowforgeError(
          "RF_OUTPUT_EXISTS",
          `step "${stepName}": saveMode append cannot add to the single file ${opts.path}`,
          {
            hint: "give a folder as the path to append part files, or use overwrite",
          },
        );
      }
      if (opts.saveMode === "ignore" && (await outputExists(opts.path))) {
        await lock.release();
        return { skipped: `${opts.path} exists and saveMode is ignore` };
      }
      await refuseForeignFiles(stepName, opts, target.runId);
      return await createFileSink(target, format, opts, lock, createdFolders);
    } catch (e) {
      await lock.release();
      throw e;
    }
  },
  async leftovers(step, runId, access) {
    const opts = await placedOptions(step, access);
    if (opts.path === STDOUT_PATH) return [];
    return [
      ...fileSinkTemporaries(opts, runId).map((path) => ({
        path: resolve(path),
        kind: "temporary" as const,
      })),
      { path: resolve(lockPath(opts, manifestFolder(opts))), kind: "lock" },
    ];
  },
  busiesCallingThread(step) {
    const { format, options: opts } = prepare(step);
    // Standard output is encoded by its sink, in the calling thread.
    return (
      opts.path === STDOUT_PATH ||
      (!encodesInWorkers(format, opts, step.step.options) &&
        workerSegmentRows(format, opts, step.step.options) === undefined)
    );
  },
  testConnection: testFileConnection,
  async deleteGenerated(step, planName, history, access) {
    const opts = await placedOptions(step, access);
    // Standard output keeps nothing: there is nothing to delete.
    if (opts.path === STDOUT_PATH) return { records: 0, outputs: [] };
    await checkOutputPath(step.step.name, opts);
    // No folder, no manifests: nothing to delete (and no folder made for a lock).
    if (!(await lstat(manifestFolder(opts)).catch(() => undefined))?.isDirectory())
      return { records: 0, outputs: [] };
    const { lock } = await lockOutput(step.step.name, opts, `delete-${process.pid}-${threadId}`);
    let r: Awaited<ReturnType<typeof deleteFromManifests>>;
    try {
      r = await deleteFromManifests(opts, planName, step.step.name, history?.onlyRuns);
    } finally {
      await lock.release();
    }
    // The folders the runs made, innermost first, while the delete left them empty.
    for (const folder of r.createdFolders) if (!(await removeIfEmpty(folder))) break;
    return { records: r.records, outputs: r.files };
  },
};

/**
 * The step's file options with its path where the access rules put it: the output to write
 * (relative paths below the server's output folder), or for reference data the files to read.
 */
async function placedOptions(
  step: ResolvedStep,
  access: ResourceAccess,
  use: "write" | "read" = "write",
): Promise<FileOptions> {
  const name = step.step.name;
  const opts = prepare(step).options;
  if (opts.path === STDOUT_PATH) return opts;
  const where = `step "${name}": path`;
  const path =
    use === "read" || isReferenceStep(step)
      ? await access.readable(opts.path, where)
      : await access.writable(opts.path, where);
  return { ...opts, path };
}

/**
 * Locks the output (creating its folder, or a single file's folder, for the lock file); says
 * how many folders it created, from that folder upwards (the run's manifest records them).
 */
async function lockOutput(
  stepName: string,
  opts: FileOptions,
  runId: string,
): Promise<{ lock: OutputLock; createdFolders: number }> {
  const folder = manifestFolder(opts);
  let real: string;
  let createdFolders = 0;
  try {
    const made = await mkdir(folder, { recursive: true });
    if (made !== undefined) createdFolders = relative(made, folder).split(sep).filter(Boolean).length + 1;
    real = await realpath(folder);
  } catch (e) {
    throw unwritable(stepName, opts.path, e);
  }
  try {
    return { lock: await acquireOutputLock(lockPath(opts, real), runId, opts.path), createdFolders };
  } catch (e) {
    if (e instanceof RowforgeError)
      throw new RowforgeError(e.code, `step "${stepName}": ${e.message}`, { hint: e.hint, cause: e });
    throw e;
  }
}

/**
 * Refuses to write among files rowforge did not write unless the step says so
 * (`allowForeignFiles: true`): a folder holding such files and no earlier rowforge output,
 * or a single file that no manifest names. An earlier output's own folder may hold the
 * user's files too; they are kept either way.
 */
async function refuseForeignFiles(stepName: string, opts: FileOptions, runId: string): Promise<void> {
  if (opts.allowForeignFiles || opts.saveMode === "ignore" || opts.saveMode === "errorIfExists") return;
  const scan = await scanOutput(opts, runId);
  if (scan.foreign.length === 0 || (!opts.singleFile && scan.manifests.length > 0)) return;
  const shown = scan.foreign.slice(0, 3).join(", ");
  const more = scan.foreign.length > 3 ? ` and ${scan.foreign.length - 3} more` : "";
  throw new RowforgeError(
    "RF_OUTPUT_FOREIGN_FILES",
    opts.singleFile
      ? `step "${stepName}": ${opts.path} exists and rowforge did not write it (no manifest in ${dirname(opts.path)} names ${basename(opts.path)}); refusing to overwrite it; set the step option allowForeignFiles: true to replace it`
      : `step "${stepName}": ${opts.path} holds ${shown}${more}, which rowforge did not write; refusing to overwrite it; set the step option allowForeignFiles: true to write beside them (they are kept)`,
  );
}
