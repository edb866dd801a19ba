import { ByteSink } from "../arrow-values/byte-sink.ts";
import { writeBytes, writeLong } from "./avro-binary.ts";
import { AVRO_PRIMITIVES, type AvroComplex, AvroNames, type AvroSchema } from "./avro-schema.ts";
import { type AvroWriterScope, isNullBranch } from "./avro-writer-scope.ts";

const encoder = new TextEncoder();

/** The bytes of an empty array or map, or of null for a union with null; undefined for other types. */
export function emptyBytes(
  schema: AvroSchema,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): Uint8Array | undefined {
  if (Array.isArray(schema)) {
    const k = schema.findIndex(isNullBranch);
    if (k < 0) return undefined;
    const out = new ByteSink(8);
    writeLong(out, k);
    return out.buf.slice(0, out.pos);
  }
  if (typeof schema === "string" && !AVRO_PRIMITIVES.includes(schema)) {
    const r = scope.names.resolve(schema, namespace, at);
    return emptyBytes(r.schema, scope, AvroNames.namespaceOf(r.fullName), at);
  }
  const t = typeof schema === "object" && schema !== null ? (schema as AvroComplex).type : undefined;
  // An array or a map of no entries: one block count of 0.
  return t === "array" || t === "map" ? new Uint8Array([0]) : undefined;
}

/** The Avro binary of a field's JSON default (a union's default is of its first branch). */
export function defaultBytes(
  schema: AvroSchema,
  value: unknown,
  scope: AvroWriterScope,
  namespace: string,
  at: string,
): Uint8Array {
  const out = new ByteSink(64);
  const write = (s: AvroSchema, v: unknown, ns: string): unknown => {
    if (Array.isArray(s)) {
      writeLong(out, 0);
      write(s[0]!, v, ns);
      return undefined;
    }
    if (typeof s === "string" && !AVRO_PRIMITIVES.includes(s)) {
      const r = scope.names.resolve(s, ns, at);
      write(r.schema, v, AvroNames.namespaceOf(r.fullName));
      return undefined;
    }
    const c: AvroComplex = typeof s === "string" ? { type: s } : (s as AvroComplex);
    const t = typeof c.type === "string" ? c.type : undefined;
    if (t === undefined) return write(c.type, v, ns);
    switch (t) {
      case "null":
        return undefined;
      case "boolean":
        return out.byte(v ? 1 : 0);
      case "int":
      case "long":
        return writeLong(out, Number(v));
      case "float":
      case "double": {
        const b = new Uint8Array(t === "float" ? 4 : 8);
        const view = new DataView(b.buffer);
        if (t === "float") view.setFloat32(0, Number(v), true);
        else view.setFloat64(0, Number(v), true);
        return out.bytes(b);
      }
      case "string":
        return writeBytes(out, encoder.encode(String(v)));
      case "bytes":
        return writeBytes(
          out,
          Uint8Array.from(String(v), (ch) => ch.charCodeAt(0) & 255),
        );
      case "fixed":
        return out.bytes(Uint8Array.from(String(v), (ch) => ch.charCodeAt(0) & 255));
      case "enum":
        return writeLong(out, Math.max(0, ((c.symbols ?? []) as string[]).indexOf(String(v))));
      case "array": {
        const list = Array.isArray(v) ? v : [];
        if (list.length > 0) {
          writeLong(out, list.length);
          for (const x of list) write(c.items as AvroSchema, x, ns);
        }
        return out.byte(0);
      }
      case "map": {
        const entries = Object.entries((v ?? {}) as Record<string, unknown>);
        if (entries.length > 0) {
          writeLong(out, entries.length);
          for (const [k, x] of entries) {
            writeBytes(out, encoder.encode(k));
            write(c.values as AvroSchema, x, ns);
          }
        }
        return out.byte(0);
      }
      case "record":
      case "error": {
        const full = scope.names.fullName(c, ns);
        const obj = (v ?? {}) as Record<string, unknown>;
        for (const f of c.fields ?? [])
          write(f.type, f.name in obj ? obj[f.name] : f.default, AvroNames.namespaceOf(full));
        return undefined;
      }
      default: {
        const r = scope.names.resolve(t, ns, at);
        return write(r.schema, v, AvroNames.namespaceOf(r.fullName));
      }
    }
  };
  write(schema, value, namespace);
  return out.buf.slice(0, out.pos);
}
