import type { ParquetMetaData } from "parquet-wasm/node";
import type { ColumnNeed } from "../connector.ts";

/** A leaf column of a Parquet file: its path (`update_history`, `list`, `element`, `status`) and its compressed bytes. */
export interface ParquetLeaf {
  readonly path: readonly string[];
  readonly bytes: number;
}

/**
 * A need as the Parquet reader passes it on: an array needed for its sizes says which of its
 * leaves hold fixed-width values (their names under the array, from the Arrow schema), which
 * decode faster than text, however small the text's dictionary makes it on disk.
 */
export interface ParquetNeed extends ColumnNeed {
  readonly fixedLeaves?: readonly (readonly string[])[];
}

const endsWith = (leaf: ParquetLeaf, names: readonly string[]): boolean =>
  names.length <= leaf.path.length &&
  names.every((p, k) => leaf.path[leaf.path.length - names.length + k] === p);

const under = (leaf: ParquetLeaf, path: readonly string[]): boolean =>
  path.length <= leaf.path.length && path.every((p, k) => leaf.path[k] === p);

/**
 * The column names parquet-wasm decodes for what a reader needs (`a`, `a.b`: every leaf under
 * them), the arrays needed only for their sizes by one leaf (any leaf carries the lists'
 * lengths and nulls): the smallest of the fixed-width ones, else the smallest. Undefined, read every column, when a need names no leaf of the file
 * or a name holds a dot (parquet-wasm's names join the path with dots).
 */
export function parquetColumns(
  leaves: readonly ParquetLeaf[],
  needs: readonly ParquetNeed[],
): string[] | undefined {
  if (leaves.some((l) => l.path.some((p) => p.includes(".")))) return undefined;
  const names = new Set<string>();
  // No column needed (only the rows counted): the smallest one still gives the rows.
  const wanted: readonly ParquetNeed[] = needs.length > 0 ? needs : [{ path: [], sizesOnly: true }];
  for (const need of wanted) {
    const found = leaves.filter((l) => under(l, need.path));
    if (found.length === 0) return undefined;
    if (!need.sizesOnly) {
      names.add(need.path.join("."));
      continue;
    }
    const fixed = found.filter((l) => need.fixedLeaves?.some((names) => endsWith(l, names)));
    const smallest = (fixed.length > 0 ? fixed : found).reduce((a, b) => (b.bytes < a.bytes ? b : a));
    names.add(smallest.path.join("."));
  }
  // A name under another one asked for whole adds nothing (and parquet-wasm would read it twice).
  const all = [...names];
  return all.filter((n) => !all.some((m) => m !== n && n.startsWith(`${m}.`)));
}

/** parquet-wasm's read options (but the row groups) for a file's metadata and what the reader needs (undefined: every column). */
export function parquetReadOptions(
  meta: ParquetMetaData,
  batchRows: number,
  needs: readonly ParquetNeed[] | undefined,
): { batchSize: number; columns?: string[] } {
  if (needs === undefined || meta.numRowGroups() === 0) return { batchSize: batchRows };
  const leaves = meta
    .rowGroup(0)
    .columns()
    .map((c) => ({ path: c.columnPath(), bytes: c.compressedSize() }));
  const columns = parquetColumns(leaves, needs);
  return columns === undefined ? { batchSize: batchRows } : { batchSize: batchRows, columns };
}
