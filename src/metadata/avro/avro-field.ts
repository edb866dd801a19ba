import type { RawField } from "../../config/index.ts";
import {
  AVRO_PRIMITIVES,
  type AvroComplex,
  AvroNames,
  type AvroSchema,
  avroInvalid,
} from "../../formats/avro/avro-schema.ts";

/** Where a schema node is being read: its namespace, the records being expanded above it (cycles). */
interface Walk {
  readonly names: AvroNames;
  readonly namespace: string;
  readonly expanding: readonly string[];
}

/** `time-millis` is an int of milliseconds in a day; `time-micros` a long of microseconds. */
const MS_PER_DAY = 86_400_000;

/**
 * The fields of an Avro record (a step's `fields` as users write them): records become structs,
 * arrays arrays (of structs for records), maps `map` fields with a string `key` and a `value`
 * field of the values' schema (records, enums, arrays, maps, unions...), enums strings with `oneOf` their
 * symbols, fixed binaries of their size, unions with `null` nullable fields with some nulls (the
 * first other branch gives the values), logical types their rowforge types (date, timestamp,
 * decimal(p,s), uuid). Named types are followed by full or short name; a record that contains
 * itself is refused (a generated value must be finite).
 */
export function avroRecordFields(
  record: AvroComplex,
  names: AvroNames,
  namespace: string,
  at: string,
): RawField[] {
  const full = names.define(record, namespace, at);
  return recordFields(record, { names, namespace: AvroNames.namespaceOf(full), expanding: [full] }, at);
}

function recordFields(record: AvroComplex, w: Walk, at: string): RawField[] {
  if (!Array.isArray(record.fields))
    throw avroInvalid(w.names.where, at, `is a record without a fields list`);
  return record.fields.flatMap((f, k) => {
    if (typeof f?.name !== "string" || f.name === "")
      throw avroInvalid(w.names.where, `${at}.fields[${k}]`, "has no name");
    let field: RawField | undefined;
    try {
      field = fieldOf(f.name, f.type, w, `${at}.${f.name}`);
    } catch (e) {
      if (!(e instanceof TooDeep)) throw e;
      throw avroInvalid(
        w.names.where,
        `${at}.${f.name}`,
        `contains its own record ${e.record} (${e.chain}) where it cannot be empty (not in an array, a map or a union with null): a recursive record with no way out has no finite value to generate`,
        "break the cycle (a nullable field, or an array of the record) or list the step's fields",
      );
    }
    // Left out: the empty array or map, or null, that ends a record inside itself (the writer writes it).
    if (field === undefined) return [];
    // A type without null is never null: said, so databases and `validate` show it.
    return [field.nullable === undefined ? { ...field, nullable: false } : field];
  });
}

/** A record met again past AVRO_RECURSION_DEPTH levels of itself: the array, map or union holding it ends there. */
class TooDeep {
  readonly record: string;
  readonly chain: string;
  constructor(record: string, chain: string) {
    this.record = record;
    this.chain = chain;
  }
}

/**
 * How often a record may appear inside itself (a tree `Node` with `children: array<Node>`):
 * deeper, the array or map holding it is empty and a union with null is null.
 */
export const AVRO_RECURSION_DEPTH = 2;

/** The field of a schema, or undefined when it can only be empty (see TooDeep); throws TooDeep where it cannot. */
const emptyWhenTooDeep = (make: () => RawField | undefined): RawField | undefined => {
  try {
    return make();
  } catch (e) {
    if (e instanceof TooDeep) return undefined;
    throw e;
  }
};

function fieldOf(name: string, schema: AvroSchema, w: Walk, at: string): RawField | undefined {
  if (Array.isArray(schema)) {
    const branches = schema as readonly AvroSchema[];
    const isNull = (b: AvroSchema) =>
      b === "null" || (typeof b === "object" && !Array.isArray(b) && (b as AvroComplex).type === "null");
    const others = branches.filter((b) => !isNull(b));
    const allowsNull = others.length < branches.length;
    if (others.length === 0) return nullField(name);
    const f = allowsNull
      ? emptyWhenTooDeep(() => fieldOf(name, others[0]!, w, `${at}<union branch 0>`))
      : fieldOf(name, others[0]!, w, `${at}<union branch 0>`);
    if (f === undefined || !allowsNull) return f;
    return {
      ...f,
      nullable: true,
      options: { ...((f.options as object | undefined) ?? {}), enableNull: true },
    };
  }
  if (typeof schema === "string") {
    if (AVRO_PRIMITIVES.includes(schema)) return primitiveField(name, schema, undefined, w, at);
    const { schema: named, fullName } = w.names.resolve(schema, w.namespace, at);
    return namedField(name, named, fullName, w, at);
  }
  if (typeof schema !== "object" || schema === null)
    throw avroInvalid(w.names.where, at, `has type ${JSON.stringify(schema)}, which is not an Avro schema`);
  const s = schema as AvroComplex;
  const type = s.type;
  if (typeof type !== "string") return fieldOf(name, type, w, at);
  if (AVRO_PRIMITIVES.includes(type)) return primitiveField(name, type, s, w, at);
  if (type === "record" || type === "error" || type === "enum" || type === "fixed") {
    const full = w.names.define(s, w.namespace, at);
    return namedField(name, s, full, w, at);
  }
  if (type === "array") return arrayField(name, s, w, at);
  if (type === "map") return mapField(name, s, w, at);
  // `{"type": "Name"}`: a reference written as an object.
  const { schema: named, fullName } = w.names.resolve(type, w.namespace, at);
  return namedField(name, named, fullName, w, at);
}

const nullField = (name: string): RawField => ({
  name,
  type: "string",
  nullable: true,
  options: { enableNull: true, nullProb: 1 },
});

function namedField(
  name: string,
  s: AvroComplex,
  fullName: string,
  w: Walk,
  at: string,
): RawField | undefined {
  switch (s.type) {
    case "enum": {
      const symbols = Array.isArray(s.symbols) ? s.symbols : [];
      if (symbols.length === 0)
        throw avroInvalid(w.names.where, at, `is the enum ${fullName} with no symbols`);
      return { name, type: "string", options: { oneOf: [...symbols] } };
    }
    case "fixed": {
      const size = Number(s.size);
      if (!Number.isInteger(size) || size < 0)
        throw avroInvalid(w.names.where, at, `is the fixed ${fullName} without a size`);
      if (s.logicalType === "decimal") return decimalField(name, s, size, w, at);
      if (s.logicalType === "duration") return { name, type: "binary", options: { minLen: 12, maxLen: 12 } };
      return { name, type: "binary", options: { minLen: size, maxLen: size } };
    }
    case "record":
    case "error": {
      if (w.expanding.filter((n) => n === fullName).length >= AVRO_RECURSION_DEPTH)
        throw new TooDeep(
          fullName,
          [...w.expanding.slice(w.expanding.indexOf(fullName)), fullName].join(" -> "),
        );
      const inner: Walk = {
        ...w,
        namespace: AvroNames.namespaceOf(fullName),
        expanding: [...w.expanding, fullName],
      };
      return { name, type: "struct", fields: recordFields(s, inner, at) };
    }
    default:
      throw avroInvalid(w.names.where, at, `refers to ${fullName}, which is not a record, enum or fixed`);
  }
}

function primitiveField(
  name: string,
  type: string,
  s: AvroComplex | undefined,
  w: Walk,
  at: string,
): RawField {
  const logical = s?.logicalType;
  switch (type) {
    case "null":
      return nullField(name);
    case "boolean":
      return { name, type: "boolean" };
    case "int":
      if (logical === "date") return { name, type: "date" };
      if (logical === "time-millis") return { name, type: "int", options: { min: 0, max: MS_PER_DAY - 1 } };
      return { name, type: "int" };
    case "long":
      if (
        logical === "timestamp-millis" ||
        logical === "timestamp-micros" ||
        logical === "local-timestamp-millis" ||
        logical === "local-timestamp-micros"
      )
        return { name, type: "timestamp" };
      if (logical === "time-micros")
        return { name, type: "long", options: { min: 0, max: MS_PER_DAY * 1000 - 1 } };
      return { name, type: "long" };
    case "float":
      return { name, type: "float" };
    case "double":
      return { name, type: "double" };
    case "bytes":
      if (logical === "decimal" && s) return decimalField(name, s, undefined, w, at);
      return { name, type: "binary" };
    case "string":
      if (logical === "uuid") return { name, type: "string", options: { uuid: "" } };
      return { name, type: "string" };
    default:
      throw avroInvalid(w.names.where, at, `has the unknown type ${type}`);
  }
}

/** `decimal(p,s)`, its values kept within the precision (and the fixed size, when it is one). */
function decimalField(name: string, s: AvroComplex, size: number | undefined, w: Walk, at: string): RawField {
  const precision = Number(s.precision);
  const scale = s.scale === undefined ? 0 : Number(s.scale);
  if (
    !Number.isInteger(precision) ||
    precision < 1 ||
    !Number.isInteger(scale) ||
    scale < 0 ||
    scale > precision
  )
    throw avroInvalid(
      w.names.where,
      at,
      `is a decimal with precision ${s.precision} and scale ${s.scale}`,
      "a decimal needs a precision of 1 or more and a scale from 0 to the precision",
    );
  if (precision > 38)
    throw avroInvalid(
      w.names.where,
      at,
      `is a decimal of precision ${precision}; rowforge generates decimals up to precision 38`,
    );
  if (size !== undefined && precision > Math.floor(Math.log10(2) * (8 * size - 1)))
    throw avroInvalid(
      w.names.where,
      at,
      `is a decimal of precision ${precision}, more digits than its ${size} fixed bytes hold`,
    );
  const whole = Math.min(10 ** (precision - scale) - 10 ** -scale, 100_000);
  return {
    name,
    type: `decimal(${precision},${scale})`,
    options: { min: 0, max: Number(whole.toFixed(scale)) },
  };
}

function arrayField(name: string, s: AvroComplex, w: Walk, at: string): RawField | undefined {
  if (s.items === undefined) throw avroInvalid(w.names.where, at, "is an array without items");
  const element = emptyWhenTooDeep(() => fieldOf("element", s.items!, w, `${at}[]`));
  if (element === undefined) return undefined;
  const options: Record<string, unknown> = { arrayMinLen: 0, arrayMaxLen: 5 };
  if (element.type === "struct") return { name, type: "array", options, fields: element.fields };
  const elementOptions = { ...((element.options as Record<string, unknown> | undefined) ?? {}) };
  if (elementOptions.enableNull !== undefined) {
    // A nullable element: rowforge's array elements are never null, which the union allows.
    delete elementOptions.enableNull;
    delete elementOptions.nullProb;
  }
  const type = String(element.type);
  if (type.startsWith("array") || type.startsWith("map")) {
    for (const k of ["arrayMinLen", "arrayMaxLen", "mapMinSize", "mapMaxSize"]) delete elementOptions[k];
    if (Object.keys(elementOptions).length > 0 || element.fields !== undefined)
      throw unsupportedNesting(
        w,
        at,
        "an array of arrays or maps whose elements have constraints (enums, records, fixed sizes)",
      );
    return { name, type: `array<${type}>`, options };
  }
  if (Array.isArray(elementOptions.oneOf)) {
    options.arrayOneOf = elementOptions.oneOf;
    delete elementOptions.oneOf;
  }
  return { name, type: `array<${type}>`, options: { ...elementOptions, ...options } };
}

function mapField(name: string, s: AvroComplex, w: Walk, at: string): RawField | undefined {
  if (s.values === undefined) throw avroInvalid(w.names.where, at, "is a map without values");
  const value = emptyWhenTooDeep(() => fieldOf("value", s.values!, w, `${at}{}`));
  if (value === undefined) return undefined;
  const options = { mapMinSize: 0, mapMaxSize: 5 };
  // Values of a plain type (no options, no fields): `map<string,T>`, which an array may hold too.
  if (value.options === undefined && value.fields === undefined)
    return { name, type: `map<string,${String(value.type)}>`, options };
  return { name, type: "map", options, fields: [{ name: "key", type: "string" }, value] };
}

function unsupportedNesting(w: Walk, at: string, what: string) {
  return avroInvalid(
    w.names.where,
    at,
    `is ${what}, which rowforge does not generate from a schema yet`,
    "list this field in the step with the values it should have (declared fields replace the schema's)",
  );
}
