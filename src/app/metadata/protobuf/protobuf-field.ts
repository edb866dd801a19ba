import type { RawField } from "../../../config/index.ts";
import { RowforgeError } from "../../../errors/index.ts";
import { type ProtoType, protobuf } from "../../../formats/protobuf/proto-root.ts";

/** Protobuf scalar types → rowforge types (unsigned ones never below 0). */
const SCALARS: Readonly<Record<string, { type: string; options?: Record<string, unknown> }>> = {
  double: { type: "double" },
  float: { type: "float" },
  int32: { type: "int" },
  sint32: { type: "int" },
  sfixed32: { type: "int" },
  uint32: { type: "long", options: { min: 0, max: 100_000 } },
  fixed32: { type: "long", options: { min: 0, max: 100_000 } },
  int64: { type: "long" },
  sint64: { type: "long" },
  sfixed64: { type: "long" },
  uint64: { type: "long", options: { min: 0, max: 100_000 } },
  fixed64: { type: "long", options: { min: 0, max: 100_000 } },
  bool: { type: "boolean" },
  string: { type: "string" },
  bytes: { type: "binary" },
};

/** Google's wrapper messages: a scalar that may be absent. */
const WRAPPERS: Readonly<Record<string, string>> = {
  "google.protobuf.DoubleValue": "double",
  "google.protobuf.FloatValue": "float",
  "google.protobuf.Int64Value": "int64",
  "google.protobuf.UInt64Value": "uint64",
  "google.protobuf.Int32Value": "int32",
  "google.protobuf.UInt32Value": "uint32",
  "google.protobuf.BoolValue": "bool",
  "google.protobuf.StringValue": "string",
  "google.protobuf.BytesValue": "bytes",
};

const fullNameOf = (t: protobuf.ReflectionObject) => t.fullName.replace(/^\./, "");

/**
 * The fields of a Protobuf message: scalars their rowforge types, enums strings with `oneOf`
 * their value names, nested messages structs, `repeated` arrays (of structs for messages), maps
 * `map<K,V>`, `google.protobuf.Timestamp` a timestamp, wrapper types nullable scalars, proto3
 * `optional` nullable fields with some nulls. A `oneof` adds a field named after it whose value
 * is the member set in each message (its members are generated, and only that one is sent).
 * A message that contains itself is refused.
 */
export function messageFields(type: ProtoType, where: string, expanding: readonly string[] = []): RawField[] {
  const name = fullNameOf(type);
  if (expanding.includes(name))
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: message ${name} contains itself (${[...expanding.slice(expanding.indexOf(name)), name].join(" -> ")}): a recursive message has no finite value to generate`,
      { hint: "list the step's fields, or generate from a message without the cycle" },
    );
  const inside = [...expanding, name];
  const out: RawField[] = [];
  for (const oneof of type.oneofsArray) {
    if (isSynthetic(oneof)) continue;
    out.push({
      name: oneof.name,
      type: "string",
      nullable: false,
      options: { oneOf: oneof.fieldsArray.map((f) => f.name) },
    });
  }
  for (const f of type.fieldsArray) {
    const field = fieldOf(f, where, inside);
    // Scalars, repeated fields and maps always have a value; a message field may be unset.
    const message =
      !f.repeated && !(f instanceof protobuf.MapField) && f.resolvedType instanceof protobuf.Type;
    out.push(field.nullable === undefined ? { ...field, nullable: message } : field);
  }
  return out;
}

/** proto3 `optional x = 1;` is a oneof of one field named `_x`. */
const isSynthetic = (o: protobuf.OneOf): boolean =>
  o.fieldsArray.length === 1 && o.name.startsWith("_") && o.name === `_${o.fieldsArray[0]!.name}`;

function fieldOf(f: protobuf.Field, where: string, expanding: readonly string[]): RawField {
  const at = `${where}: field ${fullNameOf(f)}`;
  if (f instanceof protobuf.MapField) {
    const key = SCALARS[f.keyType];
    const value = protoValue(f, where, expanding);
    if (value.type === "struct" || value.options !== undefined || key === undefined)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${at} is a map whose values are messages, enums or bounded numbers, which rowforge does not generate from a schema yet`,
        {
          hint: "list this field in the step with the values it should have (declared fields replace the schema's)",
        },
      );
    const keyType = key.type === "boolean" ? "string" : key.type;
    return {
      name: f.name,
      type: `map<${keyType === "binary" ? "string" : keyType},${String(value.type)}>`,
      options: { mapMinSize: 0, mapMaxSize: 5 },
    };
  }
  const value = protoValue(f, where, expanding);
  if (f.repeated) {
    const options: Record<string, unknown> = { arrayMinLen: 0, arrayMaxLen: 5 };
    if (value.type === "struct") return { name: f.name, type: "array", options, fields: value.fields };
    const elementOptions = { ...((value.options as Record<string, unknown> | undefined) ?? {}) };
    delete elementOptions.enableNull;
    if (Array.isArray(elementOptions.oneOf)) {
      options.arrayOneOf = elementOptions.oneOf;
      delete elementOptions.oneOf;
    }
    return { name: f.name, type: `array<${String(value.type)}>`, options: { ...elementOptions, ...options } };
  }
  const optional = f.partOf !== null && f.partOf !== undefined && isSynthetic(f.partOf);
  const wrapper = f.resolvedType !== null && WRAPPERS[fullNameOf(f.resolvedType)] !== undefined;
  if (optional || wrapper)
    return {
      ...value,
      nullable: true,
      options: { ...((value.options as object | undefined) ?? {}), enableNull: true },
    };
  return value;
}

function protoValue(f: protobuf.Field, where: string, expanding: readonly string[]): RawField {
  const r = f.resolvedType;
  if (r instanceof protobuf.Enum) {
    const names = Object.keys(r.values);
    return { name: f.name, type: "string", options: { oneOf: names } };
  }
  if (r instanceof protobuf.Type) {
    const full = fullNameOf(r);
    if (full === "google.protobuf.Timestamp") return { name: f.name, type: "timestamp" };
    const wrapped = WRAPPERS[full];
    if (wrapped) return scalarField(f.name, wrapped);
    return { name: f.name, type: "struct", fields: messageFields(r, where, expanding) };
  }
  return scalarField(f.name, f.type);
}

function scalarField(name: string, type: string): RawField {
  const s = SCALARS[type] ?? { type: "string" };
  return s.options ? { name, type: s.type, options: { ...s.options } } : { name, type: s.type };
}
