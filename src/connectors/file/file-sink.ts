import type { FileHandle } from "node:fs/promises";
import { lstat, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { type Field, makeData, RecordBatch, Schema, Struct } from "apache-arrow";
import { didYouMean, isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { gatherRows } from "../../formats/arrow-values/gather-rows.ts";
import type { Encoder, Format, SegmentAssembler } from "../../formats/format.ts";
import type { SinkResult, StepSink, StepTarget } from "../connector.ts";
import { syncFolder, writeAll, writeFileDurably } from "./durable-write.ts";
import type { FileOptions } from "./file-options.ts";
import type { OutputLock } from "./output-lock.ts";
import { LOCK_NAME, manifestName, manifestText, removeEmptyFolders } from "./output-manifest.ts";
import { partitionValueText } from "./partition-value.ts";
import { scanOutput } from "./scan-output.ts";

interface OpenFile {
  readonly tmp: string;
  readonly final: string;
  readonly handle: FileHandle;
  readonly encoder: Encoder;
  /** Segmented outputs: puts the file together from the segments the workers encoded. */
  readonly assembler?: SegmentAssembler;
  bytes: number;
  closed: boolean;
}

const pad5 = (n: number) => String(n).padStart(5, "0");

/** Text formats whose batches concatenate (no partition folders, no single JSON array) are encoded by the workers. */
export const encodesInWorkers = (
  format: Format,
  opts: FileOptions,
  options: Readonly<Record<string, string>>,
): boolean => opts.partitionBy.length === 0 && !format.binary && options.unwrapTopLevelArray === undefined;

/**
 * Rows per segment when the workers encode the file's segments (ORC stripes, Parquet row groups
 * of a fixed row count; no partition folders, which split segments by value); else undefined.
 */
export const workerSegmentRows = (
  format: Format,
  opts: FileOptions,
  options: Readonly<Record<string, string>>,
): number | undefined =>
  opts.partitionBy.length === 0 && format.segments ? format.segments.segmentRows(options) : undefined;

/**
 * The file encoder of a segmented output. The run loop gives it segments the workers encoded;
 * an Arrow batch given directly is encoded here as segments of its own (cut at the segment size).
 */
const assemblingEncoder = (
  format: Format,
  assembler: SegmentAssembler,
  segmentRows: number,
  options: Readonly<Record<string, string>>,
): Encoder => ({
  async encode(batch) {
    const segments = format.segments!;
    const out: Uint8Array[] = [];
    for (let at = 0; at < batch.numRows; at += segmentRows) {
      const piece = batch.slice(at, Math.min(batch.numRows, at + segmentRows));
      out.push(...assembler.append(await segments.encodeSegment(batch.schema, options, [piece])));
    }
    return out;
  },
  end: () => assembler.end(),
});

/** The hidden temporary file a single-file output is written to before it is renamed into place. */
const singleFileTemporary = (opts: FileOptions, runId: string): string =>
  join(dirname(opts.path), `.${basename(opts.path)}.${runId}.tmp`);

/** A single-file output's manifest before it is renamed in. */
const singleManifestTemporary = (opts: FileOptions, runId: string): string =>
  join(dirname(opts.path), `${manifestName(opts, runId)}.tmp`);

/** A folder output's temporary folder, renamed out of once everything is written. */
const temporaryFolder = (opts: FileOptions, runId: string): string => join(opts.path, `_temporary-${runId}`);

/** Every temporary file or folder a run of id `runId` makes while it writes the output (its lock aside). */
export const fileSinkTemporaries = (opts: FileOptions, runId: string): string[] =>
  opts.singleFile
    ? [singleFileTemporary(opts, runId), singleManifestTemporary(opts, runId)]
    : [temporaryFolder(opts, runId)];

/**
 * Writes a step's rows as files: part files in a folder (or one file), Hive-style
 * `key=value/` folders for partitionBy, into a `_temporary-<run>` folder first (a hidden
 * temporary file beside a single file), synced and renamed into place only when everything
 * is written. The sink holds the output's lock and releases it when closed or aborted.
 */
export async function createFileSink(
  target: StepTarget,
  format: Format,
  opts: FileOptions,
  lock: OutputLock,
  /** Folders the run created for the output, from the manifest's folder upwards (see OutputManifest). */
  createdFolders = 0,
): Promise<StepSink> {
  const { runId, rowCount } = target;
  const stepName = target.step.step.name;
  const options = target.step.step.options;
  const fieldNames = target.schema.fields.map((f) => f.name);
  for (const p of opts.partitionBy) {
    if (!fieldNames.includes(p)) {
      const near = didYouMean(p, fieldNames);
      throw new RowforgeError(
        "RF_VALUE_INVALID",
        `step "${stepName}": partitionBy names "${p}", which is not an output field${near ? `; ${near}` : ""}`,
      );
    }
  }
  if (opts.singleFile && opts.partitionBy.length > 0) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `step "${stepName}": a single-file path (${opts.path}) cannot be partitioned by ${opts.partitionBy.join(", ")}`,
      {
        hint: "give a folder as the path to write partitioned data",
      },
    );
  }
  const keep = target.schema.fields
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => !opts.partitionBy.includes(f.name));
  const fileSchema = opts.partitionBy.length > 0 ? new Schema(keep.map(({ f }) => f)) : target.schema;
  const partitionIndexes = opts.partitionBy.map((p) => fieldNames.indexOf(p));

  const tempRoot = opts.singleFile ? dirname(opts.path) : temporaryFolder(opts, runId);
  try {
    // Under the output's lock: a temporary folder of this run id is a leftover of a crash.
    if (!opts.singleFile) await rm(tempRoot, { recursive: true, force: true });
    await mkdir(tempRoot, { recursive: true });
  } catch (e) {
    throw unwritable(stepName, opts.path, e);
  }
  const parts = opts.singleFile ? 1 : Math.min(opts.partitions, Math.max(rowCount, 1));
  const splits = Array.from({ length: parts + 1 }, (_, k) => Math.floor((k * rowCount) / parts));
  const partOf = (row: number) => {
    let k = 0;
    while (k < parts - 1 && row >= splits[k + 1]!) k++;
    return k;
  };
  const files = new Map<string, OpenFile>();
  let records = 0;
  const segmentRows = workerSegmentRows(format, opts, options);

  const fileFor = async (part: number, folder: string): Promise<OpenFile> => {
    const key = `${folder}\u0000${part}`;
    let f = files.get(key);
    if (f) return f;
    const name = opts.singleFile ? basename(opts.path) : `part-${pad5(part)}-${runId}.${format.extension}`;
    const final = opts.singleFile ? opts.path : join(opts.path, folder, name);
    const tmp = opts.singleFile ? singleFileTemporary(opts, runId) : join(tempRoot, folder, name);
    try {
      await mkdir(dirname(tmp), { recursive: true });
      if (opts.singleFile) await rm(tmp, { force: true });
      // "wx": a name planted in the temporary place (a symbolic link) is never followed.
      const handle = await open(tmp, "wx");
      const assembler =
        segmentRows !== undefined ? format.segments?.createAssembler(fileSchema, options) : undefined;
      const encoder =
        assembler && segmentRows !== undefined
          ? assemblingEncoder(format, assembler, segmentRows, options)
          : format.createEncoder(fileSchema, options);
      f = { tmp, final, handle, encoder, ...(assembler ? { assembler } : {}), bytes: 0, closed: false };
    } catch (e) {
      throw unwritable(stepName, final, e);
    }
    files.set(key, f);
    return f;
  };
  const put = async (f: OpenFile, chunks: readonly Uint8Array[]) => {
    try {
      for (const c of chunks) {
        await writeAll(f.handle, c);
        f.bytes += c.byteLength;
      }
    } catch (e) {
      throw unwritable(stepName, f.final, e);
    }
  };

  const writeSlice = async (batch: RecordBatch, part: number, ipc?: Uint8Array) => {
    if (partitionIndexes.length === 0) {
      const f = await fileFor(part, "");
      await put(f, await f.encoder.encode(batch, ipc));
      return;
    }
    const groups = new Map<string, number[]>();
    const readers = partitionIndexes.map((i) => batch.getChildAt(i)!);
    for (let r = 0; r < batch.numRows; r++) {
      const folder = opts.partitionBy
        .map((p, k) => `${p}=${partitionValueText(readers[k]!.get(r))}`)
        .join("/");
      const list = groups.get(folder) ?? [];
      list.push(r);
      groups.set(folder, list);
    }
    for (const [folder, rows] of groups) {
      const subset = gatherRows(batch, Int32Array.from(rows));
      const data = makeData({
        type: new Struct(fileSchema.fields as Field[]),
        length: rows.length,
        nullCount: 0,
        children: keep.map(({ i }) => subset.data.children[i]!),
      });
      const f = await fileFor(part, folder);
      await put(f, await f.encoder.encode(new RecordBatch(fileSchema, data)));
    }
  };

  const manifest = () => ({
    runId,
    plan: target.planName,
    step: stepName,
    records,
    ...(createdFolders > 0 ? { createdFolders } : {}),
  });
  const singleManifestTmp = singleManifestTemporary(opts, runId);

  const finish = async (): Promise<SinkResult> => {
    if (files.size === 0) await fileFor(0, "");
    // Every byte reaches the disk before anything becomes visible.
    for (const f of files.values()) {
      await put(f, await f.encoder.end());
      try {
        await f.handle.sync();
        f.closed = true;
        await f.handle.close();
      } catch (e) {
        throw unwritable(stepName, f.final, e);
      }
    }
    const written = [...files.values()].sort((a, b) => a.final.localeCompare(b.final));
    try {
      if (opts.singleFile)
        await publishSingleFile(
          opts,
          written[0]!,
          manifestText(opts, manifest(), [opts.path]),
          singleManifestTmp,
          runId,
        );
      else
        await publishFolder(
          opts,
          written,
          manifestText(
            opts,
            manifest(),
            written.map((f) => f.final),
          ),
          tempRoot,
          runId,
        );
    } catch (e) {
      throw isRowforgeError(e) ? e : unwritable(stepName, opts.path, e);
    }
    await lock.release();
    return { records, bytes: written.reduce((n, f) => n + f.bytes, 0), outputs: written.map((f) => f.final) };
  };

  const encodedFormat =
    encodesInWorkers(format, opts, options) || segmentRows !== undefined ? format.name : undefined;
  const writeArrow = async (batch: RecordBatch, startRow: number, ipc?: Uint8Array) => {
    let offset = 0;
    while (offset < batch.numRows) {
      const part = partOf(startRow + offset);
      const end = part === parts - 1 ? batch.numRows : Math.min(batch.numRows, splits[part + 1]! - startRow);
      const whole = offset === 0 && end === batch.numRows;
      await writeSlice(whole ? batch : batch.slice(offset, end), part, whole ? ipc : undefined);
      offset = end;
    }
    records += batch.numRows;
  };
  const writeEncoded = async (bytes: Uint8Array, startRow: number, rows: number, meta: unknown) => {
    const part = partOf(startRow);
    const f = await fileFor(part, "");
    if (f.assembler) {
      await put(f, f.assembler.append({ bytes, meta, rows }));
      records += rows;
      return;
    }
    // The file's header (CSV) comes from the main encoder; workers encode rows only.
    if (f.bytes === 0 && f.encoder.header) await put(f, f.encoder.header());
    await put(f, [bytes]);
    records += rows;
  };
  // The first file is opened now, not at the first batch: that batch's bytes then go to the
  // disk at once, while the next batch is made.
  if (partitionIndexes.length === 0) await fileFor(0, "");
  return {
    rowBounds: splits,
    accepts:
      segmentRows !== undefined
        ? { encoded: { format: format.name, options, segmentRows } }
        : encodedFormat
          ? { encoded: { format: encodedFormat, options: { ...options, header: "false" } } }
          : "arrow",
    async write(input, startRow) {
      if (input.kind === "arrow") return writeArrow(input.batch, startRow, input.ipc);
      if (!encodedFormat)
        throw new RowforgeError(
          "RF_INTERNAL",
          `step "${stepName}": encoded rows given to an Arrow-only output`,
        );
      return writeEncoded(input.bytes, startRow, input.rows, input.meta);
    },
    close: finish,
    async abort() {
      try {
        for (const f of files.values()) if (!f.closed) await f.handle.close().catch(() => {});
        if (opts.singleFile) {
          for (const f of files.values()) await rm(f.tmp, { force: true });
          await rm(singleManifestTmp, { force: true });
        } else await rm(tempRoot, { recursive: true, force: true });
      } finally {
        await lock.release();
      }
    },
    get bytesWritten() {
      let n = 0;
      for (const f of files.values()) n += f.bytes;
      return n;
    },
  };
}

export function unwritable(stepName: string, path: string, e: unknown): RowforgeError {
  if (isRowforgeError(e)) return e;
  const code = (e as NodeJS.ErrnoException).code ?? "";
  const message = e instanceof Error ? e.message : String(e);
  return new RowforgeError(
    "RF_OUTPUT_UNWRITABLE",
    `step "${stepName}": cannot write to ${path} (${code && !message.startsWith(code) ? `${code}: ` : ""}${message})`,
    { cause: e },
  );
}

/**
 * Moves a folder output's complete, synced files into place, then removes the previous
 * output's files (overwrite) and only then marks the folder finished: the old `_SUCCESS` is
 * put aside first, the new files and their manifest are renamed in and synced, and a failure
 * up to there undoes every move, so the previous output is left as it was. Only files the
 * old manifests name are removed.
 */
async function publishFolder(
  opts: FileOptions,
  written: readonly OpenFile[],
  manifest: string,
  tempRoot: string,
  runId: string,
): Promise<void> {
  const folder = opts.path;
  const name = manifestName(opts, runId);
  await writeFileDurably(join(tempRoot, name), manifest);
  await writeFileDurably(join(tempRoot, "_SUCCESS.new"), "");
  const previous = opts.saveMode === "overwrite" ? await scanOutput(opts, runId) : undefined;
  const success = join(folder, "_SUCCESS");
  const undo: (() => Promise<unknown>)[] = [];
  try {
    if ((await lstat(success).catch(() => undefined))?.isFile()) {
      const aside = join(tempRoot, "_SUCCESS.previous");
      await rename(success, aside);
      undo.push(() => rename(aside, success));
    }
    const folders = new Set([folder]);
    for (const f of written) {
      const made = await mkdir(dirname(f.final), { recursive: true });
      if (made) undo.push(() => rm(made, { recursive: true, force: true }));
      await rename(f.tmp, f.final);
      undo.push(() => rm(f.final, { force: true }));
      folders.add(dirname(f.final));
    }
    await rename(join(tempRoot, name), join(folder, name));
    undo.push(() => rm(join(folder, name), { force: true }));
    for (const d of folders) await syncFolder(d);
  } catch (e) {
    for (const step of undo.reverse()) await step().catch(() => {});
    throw e;
  }
  // The new output is complete and named by its manifest: the previous one goes.
  if (previous) {
    const now = new Set(written.map((f) => resolve(f.final)));
    for (const old of previous.owned) {
      if (now.has(old)) continue;
      await rm(old, { force: true });
      await removeEmptyFolders(dirname(old), folder);
    }
    for (const m of previous.manifests) if (m !== name) await rm(join(folder, m), { force: true });
  }
  for (const old of previous?.markers ?? [])
    if (basename(old) !== "_SUCCESS") await rm(old, { recursive: true, force: true });
  await rename(join(tempRoot, "_SUCCESS.new"), success);
  await syncFolder(folder);
  await rm(tempRoot, { recursive: true, force: true });
}

/**
 * Replaces a single-file output in one rename (atomic), its manifest renamed in just before;
 * earlier runs' manifests of the file go afterwards.
 */
async function publishSingleFile(
  opts: FileOptions,
  file: OpenFile,
  manifest: string,
  manifestTmp: string,
  runId: string,
): Promise<void> {
  const folder = dirname(opts.path);
  const name = manifestName(opts, runId);
  await rm(manifestTmp, { force: true });
  await writeFileDurably(manifestTmp, manifest);
  const previous = await scanOutput(opts, runId);
  await rename(manifestTmp, join(folder, name));
  try {
    await rename(file.tmp, opts.path);
  } catch (e) {
    await rm(join(folder, name), { force: true });
    throw e;
  }
  await syncFolder(folder);
  for (const m of previous.manifests) if (m !== name) await rm(join(folder, m), { force: true });
  for (const stale of previous.markers) await rm(stale, { force: true });
}

/** True when the path exists and holds data (a file, or a folder with more than rowforge's lock and temporaries). */
export async function outputExists(path: string): Promise<boolean> {
  try {
    const s = await stat(path);
    if (s.isFile()) return true;
    return (await readdir(path)).some((n) => !n.startsWith("_temporary-") && !n.startsWith(LOCK_NAME));
  } catch {
    return false;
  }
}
