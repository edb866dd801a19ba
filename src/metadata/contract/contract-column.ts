import { type ContractColumn, isObj, type Obj, type QualityRule } from "./contract-table.ts";
import { columnType } from "./contract-types.ts";
import { ruleConstraints } from "./quality-constraints.ts";

/** JSON Schema keywords a contract may state on a column (ODCS v3 in logicalTypeOptions, datacontract.yaml on the field). */
const CONSTRAINTS = [
  "pattern",
  "enum",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "const",
];
/** String formats the JSON Schema mapping generates (a date pattern like yyyy-MM-dd is not one of them). */
const FORMATS = new Set([
  "email",
  "uuid",
  "uri",
  "url",
  "ipv4",
  "ipv6",
  "hostname",
  "date",
  "date-time",
  "time",
]);

/** A column as a reader sees it, before its type names and constraints are read. */
export interface ColumnSpec {
  readonly name: string;
  readonly logical: string | undefined;
  readonly physical: string | undefined;
  readonly required: boolean;
  readonly unique: boolean;
  /** Where its constraint keywords are (one or more objects, later ones win). */
  readonly constraints: readonly Obj[];
  /** Columns of an object column, or of an array column's object items. */
  readonly nested?: { readonly fields: readonly ContractColumn[]; readonly array: boolean };
  /** The scalar items of an array column. */
  readonly items?: ContractColumn;
  /** A map column's keys and values. */
  readonly map?: { readonly key: ContractColumn; readonly value: ContractColumn };
  readonly quality: readonly QualityRule[];
}

/**
 * The column a reader's spec stands for: type names read (contract-types.ts), constraint
 * keywords gathered into its JSON Schema, and the column's quality rules that say what every
 * value must be (no nulls, no duplicates, valid values, a pattern) applied to what is
 * generated, so the data meets the contract's own checks.
 */
export function contractColumn(spec: ColumnSpec): ContractColumn {
  const t = columnType(spec.logical, spec.physical);
  const given: Record<string, unknown> = {};
  for (const source of spec.constraints)
    for (const k of CONSTRAINTS) if (source[k] !== undefined && source[k] !== null) given[k] = source[k];
  for (const source of spec.constraints) {
    // ODCS v2 and some v3 contracts list the allowed values as validValues.
    if (Array.isArray(source.validValues) && given.enum === undefined) given.enum = source.validValues;
    const f = source.format;
    if (
      typeof f === "string" &&
      FORMATS.has(f.toLowerCase()) &&
      t.shape === undefined &&
      t.type === undefined
    )
      given.format = f.toLowerCase();
  }
  // ODCS v3.2 lists enum items as {value, label, description}: the values are what is generated.
  if (Array.isArray(given.enum)) given.enum = given.enum.map((e) => (isObj(e) && "value" in e ? e.value : e));
  // A vector's dimension (ODCS v3.2 logicalTypeOptions.dimensions): its exact length.
  const dimensions = spec.constraints.map((c) => c.dimensions).find((d) => typeof d === "number" && d > 0);
  if (typeof dimensions === "number" && t.schema.items !== undefined) {
    given.minItems = dimensions;
    given.maxItems = dimensions;
  }
  const fromRules = ruleConstraints(spec.quality);
  if (fromRules.enum && given.enum === undefined) given.enum = fromRules.enum;
  if (fromRules.pattern && given.pattern === undefined) given.pattern = fromRules.pattern;
  const bounded = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].some(
    (k) => given[k] !== undefined,
  );
  const base: Record<string, unknown> = { ...t.schema };
  if (bounded && t.type !== undefined && !t.type.startsWith("decimal")) {
    delete base.minimum;
    delete base.maximum;
  }
  if (bounded && t.type?.startsWith("decimal")) {
    // The precision's bound stays an upper limit.
    if (given.minimum !== undefined || given.exclusiveMinimum !== undefined) delete base.minimum;
    if (given.maximum !== undefined || given.exclusiveMaximum !== undefined) delete base.maximum;
  }
  // A string's pattern and enum say more than its declared length.
  if (given.pattern !== undefined || given.enum !== undefined) delete base.maxLength;
  const schema: Record<string, unknown> = { ...base, ...given };
  if (spec.items && t.shape === "array") schema.items = spec.items.schema;
  const required = spec.required || fromRules.required === true;
  const unique = spec.unique || fromRules.unique === true;
  const out: ContractColumn = {
    name: spec.name,
    schema,
    required,
    unique,
    quality: spec.quality,
    ...(t.type !== undefined && t.shape === undefined ? { type: t.type } : {}),
  };
  if (spec.map) return { ...out, map: spec.map };
  if (spec.nested && spec.nested.fields.length > 0) {
    const n = spec.nested;
    return {
      ...out,
      fields: n.fields,
      array: n.array,
      ...(typeof given.minItems === "number" ? { minItems: given.minItems } : {}),
      ...(typeof given.maxItems === "number" ? { maxItems: given.maxItems } : {}),
    };
  }
  return out;
}
