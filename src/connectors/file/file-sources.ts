import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { ResourceAccess } from "../../access/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";

/** File names each format's reader takes in a folder of parts (hidden and `_` files never). */
export const READ_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  csv: [".csv", ".txt"],
  json: [".json", ".jsonl", ".ndjson"],
  parquet: [".parquet"],
  orc: [".orc"],
};

/**
 * The files to read: the path itself, or every matching file under the folder, sorted.
 * `subject` opens the message when the path does not exist (`reference step "x"`).
 */
export async function partFiles(
  path: string,
  extensions: readonly string[],
  subject: string,
  hint: string,
): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) {
    throw new RowforgeError("RF_FILE_NOT_FOUND", `${subject} reads ${path}, which does not exist`, { hint });
  }
  if (info.isFile()) return [path];
  const out: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name.startsWith("_")) continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && extensions.some((x) => e.name.toLowerCase().endsWith(x))) out.push(full);
    }
  };
  await walk(path);
  return out.sort();
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
export const sqlLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** DuckDB's table function over the files, with the step's CSV options. */
export function duckReaderOf(
  format: string,
  files: readonly string[],
  options: Readonly<Record<string, string>>,
): string {
  const list = `[${files.map(sqlLiteral).join(", ")}]`;
  if (format === "parquet") return `read_parquet(${list}, hive_partitioning = true)`;
  if (format === "json") {
    // `sampleSize`: records DuckDB reads to infer the fields and types (-1: all of them).
    const sample = Number(options.sampleSize);
    const sampled = Number.isInteger(sample) && sample !== 0 ? `, sample_size = ${sample}` : "";
    return `read_json_auto(${list}, hive_partitioning = true${sampled})`;
  }
  const header = (options.header ?? "true").trim().toLowerCase();
  const delimiter = options.delimiter ?? options.sep ?? ",";
  return `read_csv(${list}, header = ${header === "true" || header === "yes" || header === "1"}, delim = ${sqlLiteral(delimiter)}, hive_partitioning = true)`;
}

/** The files a read-back of a file step reads (one file, or the parts under its folder), or coded errors. */
export async function readBackFiles(
  step: ResolvedStep,
  format: string,
  access: ResourceAccess,
): Promise<{ path: string; source: string; files: string[] }> {
  const name = step.step.name;
  const extensions = READ_EXTENSIONS[format];
  if (!extensions) {
    throw new RowforgeError(
      "RF_FORMAT_UNKNOWN",
      `"${name}" is ${format} data, which rowforge cannot read back yet`,
      { hint: "validations read csv, json, parquet and orc files (and database tables and topics)" },
    );
  }
  const raw = step.step.options.path?.trim();
  if (!raw) {
    throw new RowforgeError("RF_KEY_MISSING", `"${name}" has no path option to read from`, {
      hint: "add options: {path: <folder or file>} to the validation or its connection",
    });
  }
  // Data read back is a file the plan names: held to the access rules.
  const path = resolve(await access.readable(raw, `"${name}": path`));
  const source = `${format} ${path}`;
  const files = await partFiles(
    path,
    extensions,
    `"${name}"`,
    "generate the data first, or fix the path in the validation's options",
  );
  if (files.length === 0) {
    throw new RowforgeError(
      "RF_FILE_NOT_FOUND",
      `"${name}" reads ${source}, which holds no ${extensions.join("/")} files`,
      {
        hint: "generate the data first, or fix the path or the format",
      },
    );
  }
  return { path, source, files };
}
