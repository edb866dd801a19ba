import type { FileHandle } from "node:fs/promises";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { type Field, makeData, RecordBatch, Schema, Struct } from "apache-arrow";
import { didYouMean, RowforgeError } from "../../errors/index.ts";
import { emptyBatch } from "../../formats/arrow-values/empty-batch.ts";
import { gatherRows } from "../../formats/arrow-values/gather-rows.ts";
import type { Encoder, Format } from "../../formats/format.ts";
import type { SinkResult, StepSink, StepTarget } from "../connector.ts";
import type { FileOptions } from "./file-options.ts";
import { writeManifest } from "./output-manifest.ts";
import { partitionValueText } from "./partition-value.ts";

interface OpenFile {
  readonly tmp: string;
  readonly final: string;
  readonly handle: FileHandle;
  readonly encoder: Encoder;
  bytes: number;
}

const pad5 = (n: number) => String(n).padStart(5, "0");

/**
 * Writes a step's rows as files: part files in a folder (or one file), Hive-style
 * `key=value/` folders for partitionBy, into a `_temporary-<run>` folder first, renamed into
 * place only when everything is written.
 */
export async function createFileSink(
  target: StepTarget,
  format: Format,
  opts: FileOptions,
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

  const tempRoot = opts.singleFile ? dirname(opts.path) : join(opts.path, `_temporary-${runId}`);
  try {
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

  const fileFor = async (part: number, folder: string): Promise<OpenFile> => {
    const key = `${folder}\u0000${part}`;
    let f = files.get(key);
    if (f) return f;
    const name = opts.singleFile ? basename(opts.path) : `part-${pad5(part)}-${runId}.${format.extension}`;
    const final = opts.singleFile ? opts.path : join(opts.path, folder, name);
    const tmp = opts.singleFile ? join(tempRoot, `.${name}.${runId}.tmp`) : join(tempRoot, folder, name);
    try {
      await mkdir(dirname(tmp), { recursive: true });
      const handle = await open(tmp, "w");
      f = { tmp, final, handle, encoder: format.createEncoder(fileSchema, options), bytes: 0 };
    } catch (e) {
      throw unwritable(stepName, tmp, e);
    }
    files.set(key, f);
    return f;
  };
  const put = async (f: OpenFile, chunks: readonly Uint8Array[]) => {
    for (const c of chunks) {
      await f.handle.write(c);
      f.bytes += c.byteLength;
    }
  };

  const writeSlice = async (batch: RecordBatch, part: number) => {
    if (partitionIndexes.length === 0) {
      const f = await fileFor(part, "");
      await put(f, await f.encoder.encode(batch));
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

  const finish = async (): Promise<SinkResult> => {
    if (files.size === 0) await fileFor(0, "");
    for (const f of files.values()) {
      await put(f, await f.encoder.end());
      await f.handle.close();
    }
    if (opts.saveMode === "overwrite" && !opts.singleFile) await clearFolder(opts.path, stepName, runId);
    const outputs: string[] = [];
    for (const f of [...files.values()].sort((a, b) => a.final.localeCompare(b.final))) {
      await mkdir(dirname(f.final), { recursive: true });
      await rename(f.tmp, f.final);
      outputs.push(f.final);
    }
    if (!opts.singleFile) {
      await rm(tempRoot, { recursive: true, force: true });
      await writeFile(join(opts.path, "_SUCCESS"), "");
    }
    await writeManifest(opts, { runId, plan: target.planName, step: stepName, records }, outputs);
    return { records, bytes: [...files.values()].reduce((n, f) => n + f.bytes, 0), outputs };
  };

  // Text formats whose batches concatenate can be encoded by the workers.
  const encodedFormat =
    partitionIndexes.length === 0 && !format.binary && options.unwrapTopLevelArray === undefined
      ? format.name
      : undefined;
  return {
    ...(encodedFormat
      ? { acceptsEncoded: { format: encodedFormat, options: { ...options, header: "false" } } }
      : {}),
    async write(batch, startRow) {
      let offset = 0;
      while (offset < batch.numRows) {
        const part = partOf(startRow + offset);
        const end =
          part === parts - 1 ? batch.numRows : Math.min(batch.numRows, splits[part + 1]! - startRow);
        await writeSlice(offset === 0 && end === batch.numRows ? batch : batch.slice(offset, end), part);
        offset = end;
      }
      records += batch.numRows;
    },
    async writeEncoded(bytes, startRow, rows) {
      const part = partOf(startRow);
      const f = await fileFor(part, "");
      // The file's header (CSV) comes from the main encoder; workers encode rows only.
      if (f.bytes === 0) await put(f, await f.encoder.encode(emptyBatch(fileSchema)));
      await put(f, [bytes]);
      records += rows;
    },
    close: finish,
    async abort() {
      for (const f of files.values()) await f.handle.close().catch(() => {});
      if (opts.singleFile) for (const f of files.values()) await rm(f.tmp, { force: true });
      else await rm(tempRoot, { recursive: true, force: true });
    },
    get splits() {
      return splits;
    },
    get bytesWritten() {
      let n = 0;
      for (const f of files.values()) n += f.bytes;
      return n;
    },
  } as StepSink & { readonly splits: readonly number[] };
}

function unwritable(stepName: string, path: string, e: unknown): RowforgeError {
  const code = (e as NodeJS.ErrnoException).code ?? "";
  return new RowforgeError(
    "RF_OUTPUT_UNWRITABLE",
    `step "${stepName}": cannot write to ${path} (${code || String(e)})`,
    { cause: e },
  );
}

/** Removes a previous output before the new one is moved in; refuses folders that hold other things. */
async function clearFolder(path: string, stepName: string, runId: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  const foreign = entries.filter(
    (e) =>
      !e.name.startsWith(`_temporary-${runId}`) &&
      !(e.isFile() && /^(part-|_SUCCESS$|\.|_)/.test(e.name)) &&
      !(e.isDirectory() && (/^[^=/]+=/.test(e.name) || e.name.startsWith("_temporary-"))),
  );
  if (foreign.length > 0) {
    throw new RowforgeError(
      "RF_OUTPUT_EXISTS",
      `step "${stepName}": ${path} holds ${foreign
        .map((e) => e.name)
        .slice(0, 3)
        .join(
          ", ",
        )}${foreign.length > 3 ? ", ..." : ""}, which rowforge did not write; refusing to overwrite it`,
      { hint: "point path at a folder of its own, or remove those files" },
    );
  }
  for (const e of entries) {
    if (e.name.startsWith(`_temporary-${runId}`)) continue;
    await rm(join(path, e.name), { recursive: true, force: true });
  }
}

/** True when the path exists and holds data (a file, or a folder that is not empty). */
export async function outputExists(path: string): Promise<boolean> {
  try {
    const s = await stat(path);
    if (s.isFile()) return true;
    return (await readdir(path)).some((n) => !n.startsWith("_temporary-"));
  } catch {
    return false;
  }
}
