import { ajvFor, firstError } from "./ajv-for.ts";
import type { GeneratedStep } from "./generate-document.ts";
import { count, jsonRows, type RowTally, tally } from "./json-rows.ts";
import { readDocument } from "./validate-json-schema-rows.ts";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown) =>
  typeof v === "number"
    ? v
    : typeof v === "string" && v !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/** A column's JSON type by its logical or declared type (ODCS logicalType, datacontract.yaml type). */
function jsonType(t: string): string | undefined {
  const s = t.toLowerCase().replace(/\(.*$/, "").trim();
  if (
    [
      "string",
      "text",
      "varchar",
      "char",
      "uuid",
      "date",
      "timestamp",
      "timestamp_tz",
      "timestamp_ntz",
      "datetime",
      "time",
      "bytes",
    ].includes(s)
  )
    return "string";
  if (["integer", "int", "long", "bigint", "smallint", "tinyint"].includes(s)) return "integer";
  if (["number", "decimal", "numeric", "double", "float", "real"].includes(s)) return "number";
  if (s === "boolean" || s === "bool") return "boolean";
  if (["object", "record", "struct"].includes(s)) return "object";
  if (s === "array") return "array";
  return undefined;
}

/** The JSON Schema of one column, from what the contract states of it. */
function columnSchema(c: Obj, odcs: boolean): Obj {
  const opts = odcs && isObject(c.logicalTypeOptions) ? c.logicalTypeOptions : c;
  const type = jsonType(String((odcs ? c.logicalType : c.type) ?? c.physicalType ?? "string"));
  const s: Obj = type ? { type } : {};
  if (type === "string") {
    if (typeof opts.pattern === "string") s.pattern = opts.pattern;
    if (num(opts.minLength) !== undefined) s.minLength = num(opts.minLength);
    if (num(opts.maxLength) !== undefined) s.maxLength = num(opts.maxLength);
    if (opts.format === "email" || opts.format === "uuid") s.format = opts.format;
  }
  if (type === "integer" || type === "number")
    for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])
      if (num(opts[k]) !== undefined) s[k] = num(opts[k]);
  const values = Array.isArray(c.enum) ? c.enum : Array.isArray(opts.enum) ? opts.enum : undefined;
  if (values) s.enum = values.map((v) => (isObject(v) && "value" in v ? v.value : v));
  const nested = odcs ? c.properties : c.fields;
  if (type === "object" && nested !== undefined) Object.assign(s, objectSchema(nested, odcs));
  const items = c.items;
  if (type === "array" && isObject(items)) s.items = columnSchema(items, odcs);
  return s;
}

const isRequired = (c: Obj) =>
  c.required === true || c.primaryKey === true || c.primary === true || c.isNullable === false;

function objectSchema(columns: unknown, odcs: boolean): Obj {
  const list: [string, Obj][] = Array.isArray(columns)
    ? columns.filter(isObject).map((c) => [String(c.name), c])
    : isObject(columns)
      ? Object.entries(columns).filter((e): e is [string, Obj] => isObject(e[1]))
      : [];
  const properties: Obj = {};
  const required: string[] = [];
  for (const [name, c] of list) {
    const s = columnSchema(c, odcs);
    if (isRequired(c)) required.push(name);
    else if (typeof s.type === "string") s.type = [s.type, "null"];
    if (!isRequired(c) && Array.isArray(s.enum)) s.enum = [...(s.enum as unknown[]), null];
    properties[name] = s;
  }
  return { type: "object", properties, required };
}

/** The tables of a contract: ODCS v3 `schema`, v2 `dataset`, datacontract.yaml `models`; each with its columns' JSON Schema and unique columns. */
function tables(doc: Obj): Map<string, { schema: Obj; unique: string[] }> {
  const out = new Map<string, { schema: Obj; unique: string[] }>();
  const odcs = doc.apiVersion !== undefined || doc.kind === "DataContract";
  const add = (name: string, columns: unknown, asOdcs: boolean) => {
    const list = Array.isArray(columns)
      ? columns.filter(isObject)
      : isObject(columns)
        ? Object.entries(columns).map(([n, c]) => ({ name: n, ...(c as Obj) }))
        : [];
    // A table without columns makes no step (rowforge skips it with a note).
    if (list.length === 0) return;
    const unique = list
      .filter(
        (c) =>
          c.unique === true ||
          c.isUnique === true ||
          (c.primaryKey === true && list.filter((x) => x.primaryKey === true).length === 1),
      )
      .map((c) => String(c.name));
    out.set(name, { schema: objectSchema(columns, asOdcs), unique });
  };
  if (Array.isArray(doc.schema))
    for (const t of doc.schema.filter(isObject)) add(String(t.name), t.properties, true);
  else if (Array.isArray(doc.dataset))
    for (const t of doc.dataset.filter(isObject)) add(String(t.table ?? t.name), t.columns, odcs);
  if (isObject(doc.models))
    for (const [n, m] of Object.entries(doc.models)) if (isObject(m)) add(n, m.fields, false);
  return out;
}

/**
 * Each table's rows checked against what the contract itself states of its columns (types,
 * required, enums, patterns, lengths, bounds) by ajv, and its unique columns for repeats.
 */
export async function validateContractRows(path: string, steps: readonly GeneratedStep[]): Promise<RowTally> {
  const all = tables(readDocument(path));
  const ajv = ajvFor("draft-07");
  const t = tally();
  for (const g of steps) {
    const table = all.get(g.step.step.name) ?? (all.size === 1 ? [...all.values()][0] : undefined);
    if (!table)
      throw new Error(`step ${g.step.step.name} is no table of ${path} (${[...all.keys()].join(", ")})`);
    const validate = ajv.compile(table.schema);
    const seen = new Map(table.unique.map((c) => [c, new Set<string>()]));
    for (const row of await jsonRows(g)) {
      let problem = validate(row) ? undefined : firstError(validate);
      for (const [c, values] of seen) {
        const key = JSON.stringify(row[c]);
        if (row[c] !== undefined && row[c] !== null && values.has(key)) problem ??= `${c} repeats ${key}`;
        values.add(key);
      }
      count(t, problem, row);
    }
  }
  return t;
}
