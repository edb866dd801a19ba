import { type Data, DataType, type Date_, DateUnit, type Table, type Timestamp } from "apache-arrow";
import {
  boolReader,
  int64AsNumberReader,
  isValid,
  numberReader,
  utf8Reader,
} from "../../formats/arrow-values/arrow-cells.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { jsonWriter } from "../../formats/arrow-values/json-renderer.ts";
import { plainValueWriter } from "../../formats/arrow-values/plain-value-writer.ts";
import { rowforgeKindOf } from "../../formats/arrow-values/rowforge-kind.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReferenceRequest } from "../connector.ts";
import { referenceEmpty, referenceFieldsOf, referenceTooLarge } from "./reference-errors.ts";
import { REFERENCE_KINDS, type ReferenceKind, referenceTable } from "./reference-table.ts";

type Key = bigint | number | boolean | string;

/**
 * Reference data from a source read back row by row (files without a query engine, such as
 * ORC): the distinct tuples of the key fields without a null, sorted, at most `maxRows` — what a
 * database's `SELECT DISTINCT ... ORDER BY` answers.
 */
export async function referenceFromRows(
  step: ResolvedStep,
  read: ReadBack,
  request: ReferenceRequest,
): Promise<Table> {
  try {
    const names = read.schema.fields.map((f) => f.name);
    const columns = referenceFieldsOf(step, read.source, request.fields, names).map((c) => names.indexOf(c));
    const kinds = columns.map((k) => REFERENCE_KINDS[rowforgeKindOf(read.schema.fields[k]!.type)]);
    const seen = new Map<string, Key[]>();
    for await (const batch of read.batches) {
      const readers = columns.map((k, j) => keyReader(batch.getChildAt(k)!.data[0]!, kinds[j]!));
      const data = columns.map((k) => batch.getChildAt(k)!.data[0]!);
      for (let i = 0; i < batch.numRows; i++) {
        if (!data.every((d) => isValid(d, i))) continue;
        const tuple = readers.map((r) => r(i));
        const id = tuple.map((v) => `${typeof v}:${String(v)}`).join("\u0000");
        if (seen.has(id)) continue;
        seen.set(id, tuple);
        if (seen.size > request.maxRows)
          throw referenceTooLarge(step, read.source, request.fields, request.maxRows);
      }
    }
    if (seen.size === 0) throw referenceEmpty(step, read.source, request.fields);
    const rows = [...seen.values()].sort(compareTuples);
    return referenceTable(
      request.fields.map((name, j) => ({ name, kind: kinds[j]!, values: rows.map((r) => r[j]!) })),
    );
  } finally {
    await read.close();
  }
}

/** Reads row i of a key column as its kind's value (see ReferenceKind). */
function keyReader(data: Data, kind: ReferenceKind): (i: number) => Key {
  const t = data.type;
  switch (kind) {
    case "long": {
      const read = numberReader(data);
      return (i) => BigInt(read(i));
    }
    case "double": {
      const read = numberReader(data);
      return (i) => Number(read(i));
    }
    case "boolean":
      return boolReader(data);
    case "date": {
      const read = numberReader(data);
      // Days since 1970-01-01 (Date32); Date64 holds milliseconds.
      const perDay = (t as Date_).unit === DateUnit.DAY ? 1 : 86_400_000;
      return (i) => Math.floor(Number(read(i)) / perDay);
    }
    case "timestamp": {
      const read = int64AsNumberReader(data);
      const toMicros = [1_000_000, 1000, 1, 0.001][(t as Timestamp).unit] ?? 1;
      return (i) => BigInt(Math.floor(read(i) * toMicros));
    }
    case "string":
      return textReader(data);
  }
}

/** Text of a value: strings as they are, plain values (decimals, ...) as CSV writes them, the rest as JSON. */
function textReader(data: Data): (i: number) => string {
  if (DataType.isUtf8(data.type)) return utf8Reader(data);
  const out = new ByteSink(256);
  const decoder = new TextDecoder();
  const write = plainValueWriter(data) ?? jsonWriter(data);
  return (i) => {
    write(out, i);
    return decoder.decode(out.take());
  };
}

function compareTuples(a: readonly Key[], b: readonly Key[]): number {
  for (let j = 0; j < a.length; j++) {
    const x = a[j]!;
    const y = b[j]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
