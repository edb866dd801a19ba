import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { RowforgeError } from "../../errors/index.ts";

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
