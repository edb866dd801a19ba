import {
  Type as ArrowType,
  type DataType,
  type Decimal,
  type Field,
  type Float,
  type Int,
  type Schema,
  type Timestamp,
} from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { BooleanColumnWriter } from "./boolean-column.ts";
import type { ColumnWriter } from "./column-writer.ts";
import { DecimalColumnWriter } from "./decimal-column.ts";
import { DoubleColumnWriter } from "./double-column.ts";
import { IntegerColumnWriter } from "./integer-column.ts";
import { ListColumnWriter } from "./list-column.ts";
import { StringColumnWriter } from "./string-column.ts";
import { StructColumnWriter } from "./struct-column.ts";
import { TimestampColumnWriter } from "./timestamp-column.ts";

/** Type.Kind codes of the ORC type tree. */
export const OrcKind = {
  BOOLEAN: 0,
  BYTE: 1,
  SHORT: 2,
  INT: 3,
  LONG: 4,
  FLOAT: 5,
  DOUBLE: 6,
  STRING: 7,
  BINARY: 8,
  TIMESTAMP: 9,
  LIST: 10,
  MAP: 11,
  STRUCT: 12,
  DECIMAL: 14,
  DATE: 15,
  TIMESTAMP_INSTANT: 18,
} as const;

/** One node of the flattened (pre-order) ORC type tree; its index is its column id. */
export interface OrcType {
  readonly kind: number;
  readonly subtypes: number[];
  readonly fieldNames: string[];
  readonly precision?: number;
  readonly scale?: number;
}

/** The ORC columns of a schema: the type list (column 0 is the row struct) and the root writer. */
export interface OrcColumns {
  readonly types: OrcType[];
  readonly root: ColumnWriter;
}

export const SUPPORTED_ARROW_TYPES =
  "Int8/16/32/64, Float32/64, Utf8, Binary, Bool, Decimal128 (precision ≤ 38), DateDay, Timestamp, List, Map, Struct";

/** Builds the type tree and the column writers for `schema`; throws for types ORC cannot hold. */
export function orcColumns(schema: Schema): OrcColumns {
  const types: OrcType[] = [];
  const root = structNode(types, schema.fields, "");
  return { types, root };
}

function structNode(types: OrcType[], fields: readonly Field[], path: string): ColumnWriter {
  const node: OrcType = { kind: OrcKind.STRUCT, subtypes: [], fieldNames: [] };
  const id = types.push(node) - 1;
  const children: ColumnWriter[] = [];
  for (const f of fields) {
    node.subtypes.push(types.length);
    node.fieldNames.push(f.name);
    children.push(columnNode(types, f.type, path ? `${path}.${f.name}` : f.name));
  }
  return new StructColumnWriter(id, children);
}

function leaf(types: OrcType[], kind: number, extra: Partial<OrcType> = {}): number {
  return types.push({ kind, subtypes: [], fieldNames: [], ...extra }) - 1;
}

function columnNode(types: OrcType[], type: DataType, path: string): ColumnWriter {
  switch (type.typeId) {
    case ArrowType.Int: {
      const t = type as Int;
      if (!t.isSigned) break;
      const kinds = {
        8: ["byte", OrcKind.BYTE],
        16: ["short", OrcKind.SHORT],
        32: ["int", OrcKind.INT],
        64: ["long", OrcKind.LONG],
      } as const;
      const [kind, orc] = kinds[t.bitWidth];
      return new IntegerColumnWriter(leaf(types, orc), kind);
    }
    case ArrowType.Float: {
      const precision = (type as Float).precision;
      if (precision === 0) break;
      return new DoubleColumnWriter(
        leaf(types, precision === 1 ? OrcKind.FLOAT : OrcKind.DOUBLE),
        precision === 1 ? 4 : 8,
      );
    }
    case ArrowType.Utf8:
      return new StringColumnWriter(leaf(types, OrcKind.STRING), false);
    case ArrowType.Binary:
      return new StringColumnWriter(leaf(types, OrcKind.BINARY), true);
    case ArrowType.Bool:
      return new BooleanColumnWriter(leaf(types, OrcKind.BOOLEAN));
    case ArrowType.Decimal: {
      const t = type as Decimal;
      if (t.bitWidth !== 128 || t.precision > 38 || t.precision < 1) break;
      return new DecimalColumnWriter(
        leaf(types, OrcKind.DECIMAL, { precision: t.precision, scale: t.scale }),
        t.scale,
      );
    }
    case ArrowType.Date:
      if ((type as { unit?: number }).unit !== 0) break;
      return new IntegerColumnWriter(leaf(types, OrcKind.DATE), "date");
    case ArrowType.Timestamp: {
      const t = type as Timestamp;
      // A zone makes the values instants; without one they are local date-times.
      const kind = t.timezone ? OrcKind.TIMESTAMP_INSTANT : OrcKind.TIMESTAMP;
      return new TimestampColumnWriter(leaf(types, kind), t.unit);
    }
    case ArrowType.List: {
      const id = leaf(types, OrcKind.LIST);
      const element = type.children[0]!;
      types[id]!.subtypes.push(types.length);
      return new ListColumnWriter(id, [columnNode(types, element.type, `${path}[]`)], false);
    }
    case ArrowType.Map: {
      const id = leaf(types, OrcKind.MAP);
      const [key, value] = type.children[0]!.type.children as Field[];
      types[id]!.subtypes.push(types.length);
      const keyWriter = columnNode(types, key!.type, `${path}.key`);
      types[id]!.subtypes.push(types.length);
      const valueWriter = columnNode(types, value!.type, `${path}.value`);
      return new ListColumnWriter(id, [keyWriter, valueWriter], true);
    }
    case ArrowType.Struct:
      return structNode(types, type.children, path);
  }
  throw new RowforgeError(
    "RF_FORMAT_TYPE_UNSUPPORTED",
    `ORC output cannot hold field "${path}" of Arrow type ${String(type)}`,
    {
      hint: `ORC output takes the Arrow types ${SUPPORTED_ARROW_TYPES}`,
    },
  );
}
