import { type DataType, isNumeric } from "../../model/data-type.ts";
import type { Field } from "../../model/field.ts";
import { hasElementField, resolveFieldType } from "../../model/resolve-field-type.ts";
import { float64s, int32s } from "../../util/small-arrays.ts";
import { allocateColumn, type Column, markNull } from "../columns/column.ts";
import { spreadColumn } from "../columns/spread-column.ts";
import { hashString, RowRandom } from "../rng/index.ts";
import { edgeCasesOf } from "./edge-cases.ts";
import type { FieldGenerator } from "./field-generator.ts";
import { createArrayGenerator, createMapGenerator, createStructGenerator } from "./nested-generators.ts";
import { createNumericGenerator } from "./numeric-generator.ts";
import { type FieldChoice, fieldChoices } from "./one-of-fields.ts";
import { type FieldContext, optionGeneratorOf } from "./option-generators.ts";
import { createTemporalGenerator } from "./temporal-generator.ts";
import { createBinaryGenerator, createBooleanGenerator, createStringGenerator } from "./text-generators.ts";
import { createIncrementalTextGenerator } from "./value-generators.ts";
import { writeScalar } from "./write-scalar.ts";

export type { FieldContext } from "./option-generators.ts";

/** Whether a field's values come from other fields (evaluated after them) rather than from its own generator. */
export const isDerivedField = (f: Field): boolean => optionGeneratorOf(f)?.create === "derived";

/**
 * The generator of a field: the first option-selected generator of OPTION_GENERATORS
 * (option-generators.ts, in precedence order), else the type's default. Returns undefined for
 * derived fields (sql, a uuid of another field), which the step fills after the fields they read.
 */
export function createFieldGenerator(field: Field, ctx: FieldContext): FieldGenerator | undefined {
  const type = effectiveType(field);
  if (isDerivedField(field)) return undefined;
  const g = createValueGenerator(field, type, ctx);
  return g ? withNullsAndEdgeCases(g, field, ctx.key) : undefined;
}

/** The field's type (the loader has already applied decimal precision/scale options). */
export const effectiveType = (field: Field): DataType => resolveFieldType(field);

function createValueGenerator(field: Field, type: DataType, ctx: FieldContext): FieldGenerator | undefined {
  const o = field.options;
  const { env, key, path, unique } = ctx;
  // Value options of an array or map field describe its elements: handled by the array generator.
  if (type.kind === "array" || type.kind === "map") return createCollectionGenerator(field, type, ctx);
  const selected = optionGeneratorOf(field);
  if (selected) return selected.create === "derived" ? undefined : selected.create(field, type, ctx);
  if (isNumeric(type)) {
    return createNumericGenerator({
      type,
      options: o,
      key,
      rowCount: env.rowCount,
      unique,
      fieldPath: path,
    });
  }
  switch (type.kind) {
    case "date":
    case "timestamp":
      return createTemporalGenerator({
        type,
        options: o,
        key,
        nowMicros: env.nowMicros,
        rowCount: env.rowCount,
        unique,
        fieldPath: path,
      });
    case "string":
      return o.incremental !== undefined
        ? createIncrementalTextGenerator(type, o.incremental)
        : createStringGenerator(type, o, key, unique !== "none");
    case "boolean":
      return createBooleanGenerator(type, key);
    case "binary":
      return createBinaryGenerator(type, o, key);
    case "struct":
      return createStructGenerator(type, childGenerators(field, type, ctx), structChoices(field, type, ctx));
    default:
      return createCollectionGenerator(field, type, ctx);
  }
}

function createCollectionGenerator(
  field: Field,
  type: DataType,
  ctx: FieldContext,
): FieldGenerator | undefined {
  const o = field.options;
  const { key } = ctx;
  switch (type.kind) {
    case "array": {
      let element: FieldGenerator | undefined;
      if (type.element.kind === "struct" && field.fields.length > 0) {
        element = createStructGenerator(
          type.element,
          childGenerators(field, type.element, ctx),
          structChoices(field, type.element, ctx),
        );
      } else {
        element = createValueGenerator(elementFieldOf(field), type.element, {
          ...ctx,
          key: hashString("element", key),
          unique: "none",
        });
      }
      return createArrayGenerator(type, o, key, element);
    }
    case "map": {
      // The key and value fields a map may have (their options: an enum key, a struct value...).
      const entry = (t: DataType, name: string): FieldGenerator => {
        const own = field.fields.find((f) => f.name === name);
        const sub = {
          ...ctx,
          key: hashString(name, key),
          path: `${ctx.path}.${name}`,
          unique: "none" as const,
        };
        return own
          ? (createFieldGenerator(own, sub) ?? createValueGenerator({ ...own, options: {} }, t, sub)!)
          : createValueGenerator({ name, type: "", nullable: false, options: {}, fields: [] }, t, sub)!;
      };
      return createMapGenerator(type, o, key, entry(type.key, "key"), entry(type.value, "value"));
    }
    default:
      return undefined;
  }
}

/** Options that describe the elements of an array field (the array* options describe the array). */
/**
 * The field an array's elements (not structs) are generated as: its own nested field
 * `element` where it gives one (an array of arrays or maps, with the element's options),
 * else the array's field without the array's own options.
 */
export function elementFieldOf(field: Field): Field {
  if (hasElementField(field)) return field.fields[0]!;
  return { ...field, type: "", fields: [], options: elementOptions(field), nullable: true };
}

function elementOptions(field: Field): Field["options"] {
  const {
    arrayMinLen,
    arrayMaxLen,
    arrayFixedSize,
    arrayOneOf,
    arrayUniqueFrom,
    arrayWeightedOneOf,
    arrayEmptyProb,
    ...rest
  } = field.options;
  return rest;
}

/** The `oneOfFields` choices among a struct's fields, by their index in the struct type. */
function structChoices(field: Field, type: DataType, ctx: FieldContext): FieldChoice[] {
  if (type.kind !== "struct" || !field.fields.some((f) => f.options.oneOfFields === true)) return [];
  const aligned = type.fields.map(
    (sf) =>
      field.fields.find((f) => f.name === sf.name) ?? {
        name: sf.name,
        type: "",
        nullable: true,
        options: {},
        fields: [],
      },
  );
  return fieldChoices(aligned, `${ctx.path}: `);
}

function childGenerators(field: Field, type: DataType, ctx: FieldContext): (FieldGenerator | undefined)[] {
  if (type.kind !== "struct") return [];
  return type.fields.map((sf) => {
    const child = field.fields.find((f) => f.name === sf.name);
    const childKey = hashString(sf.name, ctx.key);
    if (!child) {
      return createValueGenerator(
        { name: sf.name, type: "", nullable: true, options: {}, fields: [] },
        sf.type,
        {
          ...ctx,
          key: childKey,
          path: `${ctx.path}.${sf.name}`,
          unique: "none",
        },
      );
    }
    const childKeyWithSeed =
      child.options.seed !== undefined
        ? hashString(`${ctx.path}.${sf.name}`, hashString(String(child.options.seed)))
        : childKey;
    return createFieldGenerator(child, {
      ...ctx,
      key: childKeyWithSeed,
      path: `${ctx.path}.${sf.name}`,
      unique: child.options.isUnique || child.options.isPrimaryKey ? "explicit" : "none",
    });
  });
}

/** A field null this often or more generates values for its non-null rows only. */
const SPARSE_NULL_PROB = 0.5;

/**
 * Nulls with probability nullProb (default 0.1) once enableNull is set; edge cases likewise
 * (default 0.5). A field with neither is its generator itself. A field mostly null draws its
 * nulls first and generates values for its non-null rows only (values are a function of their
 * position, so they are the same), then spreads them over the column: an optional property
 * that is mostly absent costs little more than its nulls. One with fewer nulls generates every
 * row and marks its nulls (spreading would cost more than the values it saves).
 */
function withNullsAndEdgeCases(g: FieldGenerator, field: Field, key: number): FieldGenerator {
  const o = field.options;
  const nullProb = o.enableNull === true && field.nullable ? (o.nullProb ?? 0.1) : 0;
  const edges = o.enableEdgeCase === true ? edgeCasesOf(g.type) : [];
  const edgeProb = edges.length > 0 ? (o.edgeCaseProb ?? 0.5) : 0;
  if (nullProb === 0 && edgeProb === 0) return g;
  const nullRnd = new RowRandom(key ^ 0x6e756c6c);
  const edgeRnd = new RowRandom(key ^ 0x65646765);
  const fillWithEdges = (pos: Float64Array, out: Column) => {
    g.fill(pos, out);
    if (edgeProb > 0)
      for (let i = 0; i < pos.length; i++)
        if (edgeRnd.at(pos[i]!).chance(edgeProb)) writeScalar(out, i, edges[edgeRnd.int(edges.length)]!);
  };
  if (nullProb === 0) return { type: g.type, fill: fillWithEdges };
  if (nullProb < SPARSE_NULL_PROB)
    return {
      type: g.type,
      fill(pos, out) {
        fillWithEdges(pos, out);
        for (let i = 0; i < pos.length; i++) if (nullRnd.at(pos[i]!).chance(nullProb)) markNull(out, i);
      },
    };
  return {
    type: g.type,
    fill(pos, out) {
      const kept = int32s(pos.length);
      let n = 0;
      for (let i = 0; i < pos.length; i++) if (!nullRnd.at(pos[i]!).chance(nullProb)) kept[n++] = i;
      if (n === pos.length) return fillWithEdges(pos, out);
      const rows = kept.subarray(0, n);
      const keptPos = float64s(n);
      for (let j = 0; j < n; j++) keptPos[j] = pos[rows[j]!]!;
      const dense = allocateColumn(out.type, n);
      fillWithEdges(keptPos, dense);
      spreadColumn(dense, rows, out);
    },
  };
}
