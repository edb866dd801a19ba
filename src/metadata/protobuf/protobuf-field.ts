import type protobuf from "protobufjs";
import type { RawField } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import { type ProtoType, protobufjs } from "../../formats/protobuf/proto-root.ts";
import { ANY_TYPE_URL_PREFIX } from "../../formats/protobuf/proto-well-known.ts";

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

/**
 * How often a message may appear inside itself (`descriptor.proto`'s `DescriptorProto` holding
 * nested `DescriptorProto`s): deeper, its fields that hold it again are left unset, which proto3
 * allows. (`Struct`/`Value`/`ListValue` are their JSON forms: wellKnownField.)
 */
export const PROTO_RECURSION_DEPTH = 2;

const fullNameOf = (t: protobuf.ReflectionObject) => t.fullName.replace(/^\./, "");

/**
 * The fields of a Protobuf message: scalars their rowforge types, enums strings with `oneOf` their
 * value names, nested messages structs, `repeated` arrays (of structs for messages), maps `map`
 * fields whose `key` and `value` fields say their values (messages, enums, bounded numbers),
 * well-known types their proto3 JSON forms (wellKnownField), wrapper types nullable scalars,
 * proto3 `optional` nullable fields with some nulls. A `oneof` adds a field named after it, left out of the output,
 * whose value names the member each message sets (`oneOfFields`: the other members are null).
 * A message inside itself is expanded PROTO_RECURSION_DEPTH times, then left unset; a proto2
 * `required` field that would hold it again has no finite value and is refused.
 */
export function messageFields(type: ProtoType, where: string, expanding: readonly string[] = []): RawField[] {
  const inside = [...expanding, fullNameOf(type)];
  const made = new Map<protobuf.Field, RawField>();
  for (const f of type.fieldsArray) {
    const field = tooDeep(f, inside, where) ? undefined : fieldOf(f, where, inside);
    if (field) made.set(f, field);
  }
  const out: RawField[] = [];
  const members = new Set<protobuf.Field>();
  for (const oneof of type.oneofsArray) {
    if (isSynthetic(oneof)) continue;
    for (const f of oneof.fieldsArray) members.add(f);
    const names = oneof.fieldsArray.filter((f) => made.has(f)).map((f) => f.name);
    if (names.length > 0)
      out.push({
        name: oneof.name,
        type: "string",
        nullable: false,
        options: { oneOf: names, oneOfFields: true, omit: true },
      });
  }
  for (const [f, field] of made) {
    // Scalars, repeated fields and maps always have a value; a message field may be unset.
    const message =
      !f.repeated && !(f instanceof protobufjs().MapField) && f.resolvedType instanceof protobufjs().Type;
    out.push(field.nullable === undefined ? { ...field, nullable: message || members.has(f) } : field);
  }
  return out;
}

/**
 * Whether a field would hold a message already expanded PROTO_RECURSION_DEPTH times on the way
 * here (it is then left unset); a proto2 `required` one is refused, naming the chain.
 */
function tooDeep(f: protobuf.Field, inside: readonly string[], where: string): boolean {
  const r = f.resolvedType;
  if (!(r instanceof protobufjs().Type)) return false;
  const name = fullNameOf(r);
  if (inside.filter((n) => n === name).length < PROTO_RECURSION_DEPTH) return false;
  if (f.required)
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where}: field ${fullNameOf(f)} is required and holds message ${name} inside itself (${[...inside.slice(inside.indexOf(name)), name].join(" -> ")}): a message that must always contain itself has no finite value`,
      { hint: "list the step's fields, or generate from a message without the cycle" },
    );
  return true;
}

/**
 * The most elements of a repeated field or map: 5 in the message itself, fewer in the messages
 * inside it, so a row of deeply nested lists (descriptor.proto's) stays a few kilobytes.
 */
const collectionMax = (expanding: readonly string[]): number => Math.max(1, 5 >> (expanding.length - 1));

/** proto3 `optional x = 1;` is a oneof of one field named `_x`. */
const isSynthetic = (o: protobuf.OneOf): boolean =>
  o.fieldsArray.length === 1 && o.name.startsWith("_") && o.name === `_${o.fieldsArray[0]!.name}`;

/** The field of a message's field; undefined for a message without fields (`google.protobuf.Empty`): left unset. */
function fieldOf(f: protobuf.Field, where: string, expanding: readonly string[]): RawField | undefined {
  const value = protoValue(f, where, expanding);
  if (value === undefined) return undefined;
  if (f instanceof protobufjs().MapField) {
    const key = scalarField("key", f.keyType);
    const options = { mapMinSize: 0, mapMaxSize: collectionMax(expanding) };
    return { name: f.name, type: "map", options, fields: [key, { ...value, name: "value" }] };
  }
  if (f.repeated) {
    const options: Record<string, unknown> = { arrayMinLen: 0, arrayMaxLen: collectionMax(expanding) };
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

function protoValue(f: protobuf.Field, where: string, expanding: readonly string[]): RawField | undefined {
  const r = f.resolvedType;
  if (r instanceof protobufjs().Enum) {
    const names = Object.keys(r.values);
    return { name: f.name, type: "string", options: { oneOf: names } };
  }
  if (r instanceof protobufjs().Type) {
    const full = fullNameOf(r);
    const wellKnown = wellKnownField(full, f.name, expanding);
    if (wellKnown) return wellKnown;
    const wrapped = WRAPPERS[full];
    if (wrapped) return scalarField(f.name, wrapped);
    const fields = messageFields(r, where, expanding);
    return fields.length === 0 ? undefined : { name: f.name, type: "struct", fields };
  }
  return scalarField(f.name, f.type);
}

/**
 * Google's well-known types whose proto3 JSON form is not their message, as fields whose values
 * are that form (the Protobuf writer encodes the message from them: proto-well-known.ts):
 * Timestamp a timestamp, Duration text like "84931.038s", FieldMask comma-separated
 * lowerCamelCase paths, Value a string, ListValue a list of strings, Struct a map of strings,
 * Any a packed StringValue (`{"@type": ..., "value": ...}`).
 */
function wellKnownField(full: string, name: string, expanding: readonly string[]): RawField | undefined {
  const size = collectionMax(expanding);
  switch (full) {
    case "google.protobuf.Timestamp":
      return { name, type: "timestamp" };
    case "google.protobuf.Duration":
      return { name, type: "string", options: { regex: "[1-9][0-9]{0,4}(\\.[0-9]{3})?s" } };
    case "google.protobuf.FieldMask":
      return { name, type: "string", options: { regex: `${MASK_PATH}(,${MASK_PATH}){0,2}` } };
    case "google.protobuf.Value":
      return { name, type: "string", nullable: false };
    case "google.protobuf.ListValue":
      return { name, type: "array<string>", options: { arrayMinLen: 0, arrayMaxLen: size } };
    case "google.protobuf.Struct":
      return {
        name,
        type: "map",
        options: { mapMinSize: 0, mapMaxSize: size },
        fields: [
          { name: "key", type: "string" },
          { name: "value", type: "string" },
        ],
      };
    case "google.protobuf.Any":
      return {
        name,
        type: "struct",
        fields: [
          {
            name: "@type",
            type: "string",
            options: { static: `${ANY_TYPE_URL_PREFIX}google.protobuf.StringValue` },
          },
          { name: "value", type: "string" },
        ],
      };
    default:
      return undefined;
  }
}

/** A FieldMask path in its JSON form: lowerCamelCase names, maybe of a field inside a field. */
const MASK_PATH = "[a-z]{3,8}([A-Z][a-z]{2,6})?(\\.[a-z]{3,8})?";

function scalarField(name: string, type: string): RawField {
  const s = SCALARS[type] ?? { type: "string" };
  return s.options ? { name, type: s.type, options: { ...s.options } } : { name, type: s.type };
}
