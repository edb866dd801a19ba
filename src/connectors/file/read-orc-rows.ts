import { relative, sep } from "node:path";
import type { RecordBatch } from "apache-arrow";
import { batchShape, columnFromValues, type SqlValue, toRecordBatch } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { orcFields, orcStripes } from "../../formats/orc/read/orc-reader.ts";
import { type DataType, DataTypes } from "../../model/data-type.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { readBackFiles } from "./file-sources.ts";

/** Hive's folder name for a null partition value. */
const HIVE_NULL = "__HIVE_DEFAULT_PARTITION__";

/**
 * Opens ORC files (one file, or every part under a folder) to read their rows back with
 * rowforge's own ORC reader (src/formats/orc/read), a stripe at a time. Hive-style partition
 * folders (`key=value/`) add their keys as columns after the file's own (longs when every value
 * is a whole number, else strings), as Spark and DuckDB read them.
 */
export async function readOrcRows(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
  const name = step.step.name;
  const { path, source, files } = await readBackFiles(step, "orc", request.access);
  // The reader's own RF_FILE_READ (a corrupt file, a compression it does not read) is said for the step too.
  const cannotRead = (e: unknown) =>
    e instanceof RowforgeError && e.code !== "RF_FILE_READ"
      ? e
      : new RowforgeError(
          "RF_FILE_READ",
          `"${name}": cannot read ${source} as ORC: ${e instanceof Error ? e.message : String(e)}`,
          {
            hint: "check that the files are ORC files (rowforge reads none, zlib, snappy and zstd compression)",
          },
        );
  let fields: { name: string; type: DataType }[];
  try {
    fields = await orcFields(files[0]!);
  } catch (e) {
    throw cannotRead(e);
  }
  const partitions = files.map((f) => partitionValues(relative(path, f)));
  const keys = [...new Set(partitions.flatMap((p) => [...p.keys()]))].filter(
    (k) => !fields.some((f) => f.name.toLowerCase() === k.toLowerCase()),
  );
  const keyTypes = keys.map((k) =>
    partitions.every((p) => {
      const v = p.get(k);
      return v === undefined || v === null || /^-?\d{1,15}$/.test(v);
    })
      ? DataTypes.long
      : DataTypes.string,
  );
  const all = [...fields, ...keys.map((k, i) => ({ name: k, type: keyTypes[i]! }))];
  const shape = batchShape(all.map((f) => ({ ...f, nullable: true })));
  async function* batches(): AsyncGenerator<RecordBatch> {
    try {
      for (let i = 0; i < files.length; i++) {
        for await (const stripe of orcStripes(files[i]!, fields, request.signal)) {
          const extra = keys.map((k, j) => {
            const text = partitions[i]!.get(k) ?? null;
            const v: SqlValue = text === null ? null : keyTypes[j] === DataTypes.long ? Number(text) : text;
            return columnFromValues(keyTypes[j]!, new Array<SqlValue>(stripe.rows).fill(v));
          });
          const batch = toRecordBatch(shape, [...stripe.columns, ...extra]);
          for (let at = 0; at < batch.numRows; at += request.batchRows)
            yield batch.numRows <= request.batchRows
              ? batch
              : batch.slice(at, Math.min(batch.numRows, at + request.batchRows));
        }
      }
    } catch (e) {
      throw cannotRead(e);
    }
  }
  return { schema: shape.schema, source, batches: batches(), close: async () => {} };
}

/** The `key=value` folders of a file's path below the read path. */
function partitionValues(rel: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const part of rel.split(sep).slice(0, -1)) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const value = decodeURIComponent(part.slice(at + 1));
    out.set(part.slice(0, at), value === HIVE_NULL ? null : value);
  }
  return out;
}
