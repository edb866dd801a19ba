import { type DataType, DataTypes } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import type { Column } from "../columns/column.ts";

export interface NestedOmission {
  /** The field's type as written out: omitted nested fields left out. */
  readonly type: DataType;
  /** The generated column (every nested field) cut down to `type`. */
  project(column: Column): Column;
}

/**
 * `omit: true` on fields inside structs, array elements and map values, at any depth: they are generated
 * (so SQL of their siblings can read them) and left out of the output. Undefined when the
 * field has nothing omitted inside it.
 */
export function nestedOmission(field: Field, type: DataType): NestedOmission | undefined {
  if (field.fields.length === 0) return undefined;
  if (type.kind === "array") {
    const inner = nestedOmission(field, type.element);
    if (!inner) return undefined;
    return {
      type: DataTypes.array(inner.type),
      project: (c) =>
        c.shape === "list"
          ? { ...c, type: DataTypes.array(inner.type), element: inner.project(c.element) }
          : c,
    };
  }
  if (type.kind === "map") {
    const value = field.fields.find((f) => f.name === "value");
    const inner = value && nestedOmission(value, type.value);
    if (!inner) return undefined;
    const outType = DataTypes.map(type.key, inner.type);
    return {
      type: outType,
      project: (c) => (c.shape === "map" ? { ...c, type: outType, values: inner.project(c.values) } : c),
    };
  }
  if (type.kind !== "struct" || type.fields.length !== field.fields.length) return undefined;
  const kept: { index: number; inner: NestedOmission | undefined }[] = [];
  let changed = false;
  field.fields.forEach((child, index) => {
    if (child.options.omit === true) {
      changed = true;
      return;
    }
    const inner = nestedOmission(child, type.fields[index]!.type);
    if (inner) changed = true;
    kept.push({ index, inner });
  });
  if (!changed) return undefined;
  const outType = DataTypes.struct(
    kept.map(({ index, inner }) => {
      const f = type.fields[index]!;
      return inner ? { ...f, type: inner.type } : f;
    }),
  );
  return {
    type: outType,
    project: (c) =>
      c.shape === "struct"
        ? {
            ...c,
            type: outType,
            children: kept.map(({ index, inner }) =>
              inner ? inner.project(c.children[index]!) : c.children[index]!,
            ),
          }
        : c,
  };
}
