import type { RecordBatch } from "apache-arrow";
import { batchShape, columnFromValues, type SqlValue, toRecordBatch } from "../../engine/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { type DataType, DataTypes } from "../../model/data-type.ts";
import { parseDataType } from "../../model/parse-data-type.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { connectCassandra, connectError } from "./cassandra-client.ts";
import { readCqlType } from "./cassandra-describe.ts";
import {
  type CassandraOptions,
  outputName,
  qualifiedTable,
  quoteIdent,
  tableOnServer,
} from "./cassandra-options.ts";
import { tableNotFound, tableSchema } from "./cassandra-table.ts";

/**
 * The type a CQL column is read back as: rowforge's reading of the type (cassandra-describe.ts),
 * with decimals as doubles (a CQL decimal has a scale per value) and types rowforge does not
 * generate (tuples, UDTs, durations, inet, time) as their text.
 */
function readTypeOf(cql: string): DataType {
  const read = readCqlType(cql)?.type.replace(/decimal\(\d+,\d+\)/g, "double");
  const parsed = read === undefined ? undefined : parseDataType(read);
  return parsed?.ok ? parsed.type : DataTypes.string;
}

/** A value the driver gives, as an expression sees a value of `type` (sql-contract.ts). */
function sqlValueOf(v: unknown, type: DataType): SqlValue {
  if (v === null || v === undefined) return null;
  switch (type.kind) {
    case "long":
      return BigInt(String(v));
    case "byte":
    case "short":
    case "int":
    case "float":
    case "double":
      return Number(typeof v === "object" ? String(v) : v);
    case "boolean":
      return v === true;
    case "date": {
      const d = v as { year: number; month: number; day: number };
      return Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
    }
    case "timestamp":
      return (v as Date).getTime() * 1000;
    case "binary":
      return v as Uint8Array;
    case "array":
      return [...(v as Iterable<unknown>)].map((x) => sqlValueOf(x, type.element));
    case "map": {
      const entries = v instanceof Map ? [...v] : Object.entries(v as object);
      return new Map(entries.map(([k, x]) => [sqlValueOf(k, type.key), sqlValueOf(x, type.value)]));
    }
    default:
      return typeof v === "object" && !(v instanceof Date) && v.toString === Object.prototype.toString
        ? JSON.stringify(v)
        : String(v);
  }
}

/**
 * Reads a Cassandra table back for validations: `SELECT` of every column, paged by the driver
 * (`batchRows` rows a page, the next page asked for only when the batch is taken). Columns
 * come key first (partition, clustering), then the others by name; types as above.
 */
export async function readCassandraRows(
  o: CassandraOptions,
  step: ResolvedStep,
  request: ReadBackRequest,
): Promise<ReadBack> {
  const client = await connectCassandra(o);
  const close = () => client.shutdown().catch(() => {});
  const failed = (e: unknown) =>
    e instanceof RowforgeError
      ? e
      : (e as { name?: string }).name === "NoHostAvailableError"
        ? connectError(o, e)
        : new RowforgeError(
            "RF_DB_TABLE_NOT_FOUND",
            `"${step.step.name}": reading ${tableOnServer(o)} failed: ${e instanceof Error ? e.message : String(e)}`,
          );
  try {
    const t = await tableSchema(client, o);
    if (t === undefined) throw await tableNotFound(client, o, step.step.name);
    const key = [...t.partition, ...t.clustering];
    const names = [...key, ...[...t.types.keys()].filter((c) => !key.includes(c)).sort()];
    const types = names.map((n) => readTypeOf(t.types.get(n)!));
    const shape = batchShape(names.map((name, k) => ({ name, type: types[k]!, nullable: true })));
    const query = `SELECT ${names.map(quoteIdent).join(", ")} FROM ${qualifiedTable(o)}`;
    async function* batches(): AsyncGenerator<RecordBatch> {
      try {
        let pageState: string | undefined;
        do {
          request.signal?.throwIfAborted();
          const r = await client.execute(query, [], {
            prepare: true,
            fetchSize: request.batchRows,
            ...(pageState ? { pageState } : {}),
          });
          pageState = r.pageState ?? undefined;
          if (r.rows.length === 0) continue;
          const columns = names.map((n, k) =>
            columnFromValues(
              types[k]!,
              r.rows.map((row) => sqlValueOf(row[n], types[k]!)),
            ),
          );
          yield toRecordBatch(shape, columns);
        } while (pageState);
      } catch (e) {
        throw failed(e);
      } finally {
        await close();
      }
    }
    return {
      schema: shape.schema,
      source: outputName(o),
      batches: batches(),
      close,
    };
  } catch (e) {
    await close();
    throw failed(e);
  }
}
