/**
 * A table (an ODCS dataset table or schema object, a datacontract.yaml model) as the contract
 * readers hand it to the step builder: columns with their value constraints, and the quality
 * rules the contract states on the table and on its columns.
 */
export interface ContractTable {
  readonly name: string;
  /** The table's name in the store (`physicalName`), when the contract gives one. */
  readonly physicalName?: string;
  readonly columns: readonly ContractColumn[];
  /** Table-level quality rules, as written. */
  readonly quality: readonly QualityRule[];
  /** Foreign keys the contract states from this table's columns (ODCS relationships, datacontract references). */
  readonly relations: readonly ContractRelation[];
}

/** A foreign key: columns of a table whose values are the values of columns of another table. */
export interface ContractRelation {
  /** This table's columns (dotted paths for nested ones). */
  readonly from: readonly string[];
  /** The referenced table and its columns, as the contract writes them (`receivers.id`). */
  readonly to: readonly string[];
  /** Where the contract states it (`schema[0].relationships[0]`). */
  readonly at: string;
}

export interface ContractColumn {
  readonly name: string;
  /**
   * The JSON Schema keywords of the column's values (type, format, pattern, enum, lengths,
   * bounds, items): generated through the JSON Schema field mapping.
   */
  readonly schema: Readonly<Record<string, unknown>>;
  /** The rowforge type a physical type asks for where JSON Schema has no word for it (decimal(10,2), long, timestamp). */
  readonly type?: string;
  readonly required: boolean;
  readonly unique: boolean;
  /** The columns of an object column, or of the objects an array column holds (`array` true). */
  readonly fields?: readonly ContractColumn[];
  readonly array?: boolean;
  /** A map column's keys and values (ODCS v3.2 `map: {key, value}`, datacontract.yaml `keys`/`values`). */
  readonly map?: { readonly key: ContractColumn; readonly value: ContractColumn };
  /** Array bounds of an array of objects. */
  readonly minItems?: number;
  readonly maxItems?: number;
  /** Column-level quality rules, as written. */
  readonly quality: readonly QualityRule[];
}

/** A quality rule as the contract writes it, with where it is (`schema[0].properties[2].quality[0]`). */
export interface QualityRule {
  readonly rule: Readonly<Record<string, unknown>>;
  readonly at: string;
}

export type Obj = Readonly<Record<string, unknown>>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
export const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
