import protobuf from "protobufjs";

const WRAPPERS = new Set(
  ["Double", "Float", "Int64", "UInt64", "Int32", "UInt32", "Bool", "String", "Bytes"].map(
    (n) => `.google.protobuf.${n}Value`,
  ),
);

function structValue(v: unknown): unknown {
  if (v === null) return { nullValue: 0 };
  if (typeof v === "number") return { numberValue: v };
  if (typeof v === "string") return { stringValue: v };
  if (typeof v === "boolean") return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(structValue) } };
  return { structValue: struct(v) };
}
const struct = (v: unknown): unknown => {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new Error("a Struct must be a JSON object");
  return { fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structValue(x)])) };
};

/** A well-known type's proto3 JSON form as the plain object protobufjs's fromObject takes; throws when the form is wrong. */
function wellKnown(name: string, v: unknown): unknown {
  if (name === ".google.protobuf.Timestamp") {
    if (typeof v !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/.test(v))
      throw new Error(`a Timestamp must be an RFC 3339 string, not ${JSON.stringify(v)}`);
    const ms = Date.parse(v);
    if (!Number.isFinite(ms)) throw new Error(`${v} is not a time`);
    const nanos = Number((/\.(\d+)/.exec(v)?.[1] ?? "0").padEnd(9, "0"));
    return { seconds: Math.floor(ms / 1000), nanos };
  }
  if (name === ".google.protobuf.Duration") {
    const m = typeof v === "string" ? /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(v) : null;
    if (!m) throw new Error(`a Duration must be a string like "1.5s", not ${JSON.stringify(v)}`);
    const sign = m[1] === "-" ? -1 : 1;
    return { seconds: sign * Number(m[2]), nanos: sign * Number((m[3] ?? "0").padEnd(9, "0")) };
  }
  if (WRAPPERS.has(name)) return { value: v };
  if (name === ".google.protobuf.Struct") return struct(v);
  if (name === ".google.protobuf.Value") return structValue(v);
  if (name === ".google.protobuf.ListValue") {
    if (!Array.isArray(v)) throw new Error("a ListValue must be a JSON array");
    return { values: v.map(structValue) };
  }
  if (name === ".google.protobuf.FieldMask") {
    if (typeof v !== "string") throw new Error("a FieldMask must be a string");
    // The JSON form's paths are lowerCamelCase; the message's are snake_case.
    const paths = v === "" ? [] : v.split(",");
    return { paths: paths.map((p) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) };
  }
  return undefined;
}

/**
 * The field each key named, by message type: every row names the same keys, and finding a JSON
 * name turns each field's name into camelCase (a regex per field per key of every row).
 */
const fieldsByKey = new WeakMap<protobuf.Type, Map<string, protobuf.Field | undefined>>();

/**
 * The field of a message a JSON key names: its name, or its JSON name (lowerCamelCase), or,
 * for protobufjs's built-in copies of the well-known types (whose names are the JSON names),
 * the proto name in snake_case.
 */
export function fieldOfKey(type: protobuf.Type, k: string): protobuf.Field | undefined {
  const keys = fieldsByKey.get(type) ?? new Map<string, protobuf.Field | undefined>();
  fieldsByKey.set(type, keys);
  if (keys.has(k)) return keys.get(k);
  const field =
    type.fields[k] ??
    type.fieldsArray.find((f) => protobuf.util.camelCase(f.name) === k) ??
    type.fields[protobuf.util.camelCase(k)];
  keys.set(k, field);
  return field;
}

/** protobufjs's built-in well-known types, for a packed type the document does not import. */
let common: protobuf.Root | undefined;
const commonRoot = (): protobuf.Root => {
  if (!common) {
    const names = ["any", "duration", "empty", "field_mask", "struct", "timestamp", "wrappers"];
    common = new protobuf.Root();
    for (const n of names) common.addJSON(protobuf.common.get(`google/protobuf/${n}.proto`)!.nested!);
    common.resolveAll();
  }
  return common;
};

/**
 * An Any in its JSON form (`{"@type": url, ...}`: the packed message's fields, or `value` holding
 * a well-known type's JSON form) as the plain object protobufjs's fromObject takes: the packed
 * message encoded. Throws when the packed type is unknown or its JSON is wrong.
 */
function any(root: protobuf.Root, v: unknown): unknown {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new Error("an Any must be a JSON object");
  const { "@type": url, ...rest } = v as Record<string, unknown>;
  if (typeof url !== "string") throw new Error('an Any must name its type in "@type"');
  const name = url.slice(url.lastIndexOf("/") + 1);
  let packed: protobuf.Type;
  try {
    packed = root.lookupType(name);
  } catch {
    packed = commonRoot().lookupType(name);
  }
  const object = wellKnown(`.${name}`, rest.value) ?? fromProto3Json(packed, rest);
  const problem = packed.verify(packed.fromObject(object as object));
  if (problem) throw new Error(`the Any's ${name}: ${problem}`);
  return { type_url: url, value: packed.encode(packed.fromObject(object as object)).finish() };
}

/**
 * A row of JSON output read by the proto3 JSON mapping into the plain object protobufjs's
 * fromObject takes: well-known types from their JSON forms (Timestamp and Duration strings,
 * wrappers as their value, Struct/Value/ListValue as JSON, FieldMask as a string, Any with its
 * "@type"), keys as the fields' names. Throws when a value is not in its type's JSON form.
 */
export function fromProto3Json(type: protobuf.Type, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const field = fieldOfKey(type, k);
    const sub = field?.resolvedType;
    if (!field || !(sub instanceof protobuf.Type) || v === null) {
      out[field?.name ?? k] = v;
      continue;
    }
    const one = (x: unknown) =>
      sub.fullName === ".google.protobuf.Any"
        ? any(type.root as protobuf.Root, x)
        : (wellKnown(sub.fullName, x) ?? fromProto3Json(sub, x));
    out[field.name] = field.map
      ? Object.fromEntries(Object.entries(v as object).map(([mk, mv]) => [mk, one(mv)]))
      : field.repeated
        ? (v as unknown[]).map(one)
        : one(v);
  }
  return out;
}
