/**
 * Distinct values per text column of NDJSON output, read as a stream: every string at the top
 * level of a row and inside its structs (`customer_details.city`; arrays are left out), so the
 * variety of what a generator wrote is printed beside its speed. Reads every data file under a
 * folder (part files; names starting with "." or "_" are markers and checksums), or one file.
 *   node bench/distinct-counts.ts <file or folder>
 */
import { createReadStream, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The NDJSON data files under `path` (or `path` itself), in name order. */
function dataFiles(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.startsWith(".") && !e.name.startsWith("_"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function collect(value: unknown, prefix: string, sets: Map<string, Set<string>>): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return;
  for (const [key, v] of Object.entries(value)) {
    const name = prefix + key;
    if (typeof v === "string") {
      const set = sets.get(name);
      if (set) set.add(v);
      else sets.set(name, new Set([v]));
    } else collect(v, `${name}.`, sets);
  }
}

/** Rows read and distinct values per text column, columns in the order first seen. */
export async function countDistinct(
  path: string,
): Promise<{ rows: number; columns: Record<string, number> }> {
  const sets = new Map<string, Set<string>>();
  let rows = 0;
  for (const file of dataFiles(path)) {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === "") continue;
      rows++;
      collect(JSON.parse(line), "", sets);
    }
  }
  return { rows, columns: Object.fromEntries([...sets].map(([k, s]) => [k, s.size])) };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const path = process.argv[2];
  if (!path) {
    console.error("usage: node bench/distinct-counts.ts <NDJSON file or folder>");
    process.exit(2);
  }
  console.log(JSON.stringify(await countDistinct(path)));
}
