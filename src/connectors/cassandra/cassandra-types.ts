import type { Field as ArrowField, DataType as ArrowType } from "apache-arrow";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import { CASSANDRA_TYPES } from "./cassandra-type-table.ts";

/**
 * The CQL column type for a column of rowforge's batches: its type table's column
 * (cassandra-type-table.ts; its notes in parentheses dropped). Arrays become `list<T>`, maps `map<K, V>`, a collection inside
 * another is `frozen<...>`, and structs (anywhere) are JSON `text`.
 */
export function cqlColumnType(t: ArrowType): string {
  const kind = rowforgeKindOf(t);
  if (kind === "array") {
    return `list<${cqlInnerType((t.children as ArrowField[])[0]!.type)}>`;
  }
  if (kind === "map") {
    const entries = (t.children as ArrowField[])[0]!.type.children as ArrowField[];
    return `map<${cqlInnerType(entries[0]!.type)}, ${cqlInnerType(entries[1]!.type)}>`;
  }
  return CASSANDRA_TYPES.columns[kind].replace(/ \(.*$/, "");
}

/** A type inside a collection: collections frozen. */
function cqlInnerType(t: ArrowType): string {
  const kind = rowforgeKindOf(t);
  const cql = cqlColumnType(t);
  return kind === "array" || kind === "map" ? `frozen<${cql}>` : cql;
}
