import { RowforgeError } from "../../errors/index.ts";

/** An Avro schema as JSON: a type name, a union (array) or a complex type (object). */
export type AvroSchema = string | readonly AvroSchema[] | AvroComplex;

export interface AvroComplex {
  readonly type: AvroSchema;
  readonly name?: string;
  readonly namespace?: string;
  readonly fields?: readonly AvroFieldSchema[];
  readonly symbols?: readonly string[];
  readonly items?: AvroSchema;
  readonly values?: AvroSchema;
  readonly size?: number;
  readonly logicalType?: string;
  readonly precision?: number;
  readonly scale?: number;
  readonly default?: unknown;
  readonly [key: string]: unknown;
}

export interface AvroFieldSchema {
  readonly name: string;
  readonly type: AvroSchema;
  readonly default?: unknown;
  readonly doc?: string;
}

export const AVRO_PRIMITIVES = ["null", "boolean", "int", "long", "float", "double", "bytes", "string"];

const isObject = (v: unknown): v is AvroComplex => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Avro named types (records, enums, fixed) by full name, collected in document order: a later
 * type may refer to an earlier one by full name or by its short name inside the same namespace.
 */
export class AvroNames {
  private readonly byName = new Map<string, AvroComplex>();
  readonly where: string;
  constructor(where: string) {
    this.where = where;
  }

  /** The full name of a named type (`ns.Name`), its namespace given or inherited. */
  fullName(s: AvroComplex, namespace: string): string {
    const name = String(s.name ?? "");
    if (name.includes(".")) return name;
    const ns = typeof s.namespace === "string" ? s.namespace : namespace;
    return ns === "" ? name : `${ns}.${name}`;
  }

  /** The namespace inside a named type: its own full name's. */
  static namespaceOf(fullName: string): string {
    const k = fullName.lastIndexOf(".");
    return k < 0 ? "" : fullName.slice(0, k);
  }

  define(s: AvroComplex, namespace: string, at: string): string {
    if (typeof s.name !== "string" || s.name === "")
      throw avroInvalid(this.where, at, `is a ${String(s.type)} without a name`);
    const full = this.fullName(s, namespace);
    if (!this.byName.has(full)) this.byName.set(full, s);
    return full;
  }

  /** Defines every named type inside a schema (records' fields, arrays' items, maps' values, unions), in document order. */
  defineTree(s: unknown, namespace: string): void {
    if (Array.isArray(s)) {
      for (const x of s) this.defineTree(x, namespace);
      return;
    }
    if (!isObject(s)) return;
    const t = s.type;
    if (t === "record" || t === "error" || t === "enum" || t === "fixed") {
      if (typeof s.name !== "string" || s.name === "") return;
      const full = this.fullName(s, namespace);
      if (!this.byName.has(full)) this.byName.set(full, s);
      if (Array.isArray(s.fields))
        for (const f of s.fields)
          this.defineTree((f as AvroFieldSchema | undefined)?.type, AvroNames.namespaceOf(full));
      return;
    }
    if (t === "array") this.defineTree(s.items, namespace);
    else if (t === "map") this.defineTree(s.values, namespace);
    else if (typeof t === "object") this.defineTree(t, namespace);
  }

  /** A reference by name, resolved against the enclosing namespace first. */
  resolve(name: string, namespace: string, at: string): { schema: AvroComplex; fullName: string } {
    const candidates = name.includes(".") ? [name] : [namespace === "" ? name : `${namespace}.${name}`, name];
    for (const c of candidates) {
      const s = this.byName.get(c);
      if (s) return { schema: s, fullName: c };
    }
    const known = [...this.byName.keys()];
    throw avroInvalid(
      this.where,
      at,
      `refers to type "${name}", which is neither an Avro type nor a named type defined before it`,
      known.length > 0 ? `named types defined so far: ${known.join(", ")}` : undefined,
    );
  }
}

/** A schema node as an object, whatever way it was written (`"int"`, `{"type": "int"}`). */
export function complexOf(s: AvroSchema): AvroComplex | undefined {
  if (isObject(s)) return s;
  return undefined;
}

export function avroInvalid(where: string, at: string, what: string, hint?: string): RowforgeError {
  return new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${where}: ${at || "the schema"} ${what}`, {
    ...(hint ? { hint } : {}),
  });
}

/** Reads a `.avsc` document: a record (or a union / array of named types, of which `recordName` picks one). */
export function rootRecord(
  doc: unknown,
  names: AvroNames,
  recordName: string | undefined,
): { record: AvroComplex; namespace: string } {
  const candidates: { record: AvroComplex; namespace: string; full: string }[] = [];
  const visit = (s: unknown, namespace: string) => {
    if (Array.isArray(s)) for (const x of s) visit(x, namespace);
    else if (isObject(s) && s.type === "record") {
      const full = names.fullName(s, namespace);
      candidates.push({ record: s, namespace, full });
    }
  };
  visit(doc, "");
  if (candidates.length === 0)
    throw avroInvalid(
      names.where,
      "",
      "has no record type, so there are no fields to generate",
      "the schema of a step's rows is an Avro record",
    );
  if (recordName === undefined) {
    if (Array.isArray(doc) && candidates.length > 1) {
      // A file of several named types lists the ones the last depends on first: the last is the message's.
      return candidates[candidates.length - 1]!;
    }
    return candidates[0]!;
  }
  const found = candidates.find(
    (c) => c.full === recordName || c.full.endsWith(`.${recordName}`) || c.record.name === recordName,
  );
  if (!found)
    throw avroInvalid(
      names.where,
      "",
      `has no record named "${recordName}"`,
      `records in the file: ${candidates.map((c) => c.full).join(", ")}`,
    );
  return found;
}
