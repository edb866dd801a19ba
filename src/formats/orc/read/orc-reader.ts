import type { Column } from "../../../engine/index.ts";
import type { DataType } from "../../../model/data-type.ts";
import { OrcKind } from "../orc-schema.ts";
import { dataTypeOfOrc, StripeColumnReader } from "./orc-column-reader.ts";
import { orcReadError } from "./orc-read-error.ts";
import { readOrcTail, readStripe } from "./orc-tail-reader.ts";

/** An ORC file's top-level fields as Spark types, from its footer (no stripe is read). */
export async function orcFields(path: string): Promise<{ name: string; type: DataType }[]> {
  const { fh, tail } = await readOrcTail(path);
  await fh.close();
  return topFields(tail.types);
}

function topFields(types: Parameters<typeof dataTypeOfOrc>[0]): { name: string; type: DataType }[] {
  const root = types[0]!;
  if (root.kind !== OrcKind.STRUCT) return [{ name: "_col0", type: dataTypeOfOrc(types, 0) }];
  return root.fieldNames.map((name, k) => ({ name, type: dataTypeOfOrc(types, root.subtypes[k]!) }));
}

/**
 * The rows of an ORC file as engine columns (engine/columns), a stripe at a time (memory
 * bounded by a stripe): rowforge's own reader of the ORC v1 format (RLE v1 and v2, direct and
 * dictionary strings, nested structs, lists and maps; none, zlib, snappy and zstd
 * compression). The file must have the fields `fields` (those of the first file read).
 */
export async function* orcStripes(
  file: string,
  fields: readonly { name: string; type: DataType }[],
  signal?: AbortSignal,
): AsyncGenerator<{ rows: number; columns: Column[] }> {
  const { fh, tail } = await readOrcTail(file);
  try {
    const own = topFields(tail.types);
    if (
      own.length !== fields.length ||
      own.some(
        (f, k) => f.name !== fields[k]!.name || JSON.stringify(f.type) !== JSON.stringify(fields[k]!.type),
      )
    )
      throw orcReadError(
        `its fields (${own.map((f) => f.name).join(", ")}) differ from the first file's (${fields.map((f) => f.name).join(", ")})`,
      );
    const dataTypes = tail.types.map((_, id) => dataTypeOfOrc(tail.types, id));
    const root = tail.types[0]!;
    for (const stripe of tail.stripes) {
      signal?.throwIfAborted();
      if (stripe.rows === 0) continue;
      const reader = new StripeColumnReader(tail.types, dataTypes, await readStripe(fh, tail, stripe));
      const top = reader.read(0, stripe.rows);
      yield {
        rows: stripe.rows,
        columns: root.kind === OrcKind.STRUCT && top.shape === "struct" ? top.children : [top],
      };
    }
  } catch (e) {
    throw orcReadError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await fh.close();
  }
}
