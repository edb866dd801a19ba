import { RowforgeError } from "../../errors/index.ts";
import { contractColumn } from "./contract-column.ts";
import type { ContractColumn, ContractTable, Obj, QualityRule } from "./contract-table.ts";
import { isObj, list, str } from "./contract-table.ts";

/**
 * The tables of an Open Data Contract Standard document: v3 (`apiVersion: v3.x`, `schema:`
 * objects with `properties`: logicalType/physicalType, required, unique, primaryKey,
 * logicalTypeOptions, nested properties and items, quality) or v2 (`dataset:` tables with
 * `columns`: logicalType/physicalType, isNullable, isUnique, isPrimaryKey, quality).
 */
export function odcsTables(doc: unknown, where: string): ContractTable[] {
  const root = isObj(doc) ? doc : {};
  if (Array.isArray(root.schema)) return root.schema.filter(isObj).map((t, i) => v3Table(t, `schema[${i}]`));
  if (Array.isArray(root.dataset))
    return root.dataset.filter(isObj).map((t, i) => v2Table(t, `dataset[${i}]`));
  throw new RowforgeError(
    "RF_METADATA_SCHEMA_INVALID",
    `${where} is not an Open Data Contract Standard document: it has neither schema (v3) nor dataset (v2) tables`,
    {
      hint: "point dataContractFile at an ODCS contract, or use metadataSourceType dataContractCli for a datacontract.yaml",
    },
  );
}

const rules = (v: unknown, at: string): QualityRule[] =>
  list(v).flatMap((rule, i) => (isObj(rule) ? [{ rule, at: `${at}.quality[${i}]` }] : []));

function v3Table(t: Obj, at: string): ContractTable {
  const physicalName = str(t.physicalName);
  const props = list(t.properties).filter(isObj);
  // A column of a primary key of several columns repeats on its own.
  const keys = props.filter((p) => p.primaryKey === true).length;
  return {
    name: str(t.name) ?? physicalName ?? at,
    ...(physicalName !== undefined ? { physicalName } : {}),
    columns: props.map((p, i) => v3Column(p, `${at}.properties[${i}]`, keys)),
    quality: rules(t.quality, at),
    relations: [
      ...relations(t.relationships, [], `${at}.relationships`),
      ...propertyRelations(props, "", `${at}.properties`),
    ],
  };
}

/** Column names of a relationship's from or to: one (`tbl.col`) or a list of them. */
const names = (v: unknown): string[] =>
  typeof v === "string" ? [v] : list(v).filter((x): x is string => typeof x === "string");

/**
 * ODCS v3 `relationships` (foreign keys; `type` foreignKey, the default): at the table level
 * with `from` and `to`, at a property with `to` alone (`from` is the property).
 */
function relations(v: unknown, from: readonly string[], at: string): ContractTable["relations"] {
  return list(v).flatMap((r, i) => {
    if (!isObj(r) || (r.type !== undefined && r.type !== "foreignKey")) return [];
    const source = from.length > 0 ? from : names(r.from);
    const to = names(r.to);
    return source.length > 0 && source.length === to.length ? [{ from: source, to, at: `${at}[${i}]` }] : [];
  });
}

function propertyRelations(props: readonly Obj[], prefix: string, at: string): ContractTable["relations"] {
  return props.flatMap((p, i) => {
    const name = `${prefix}${str(p.name) ?? ""}`;
    return [
      ...relations(p.relationships, [name], `${at}[${i}].relationships`),
      ...propertyRelations(list(p.properties).filter(isObj), `${name}.`, `${at}[${i}].properties`),
    ];
  });
}

function v3Column(p: Obj, at: string, keys = 0): ContractColumn {
  const options = isObj(p.logicalTypeOptions) ? p.logicalTypeOptions : {};
  const items = isObj(p.items) ? p.items : undefined;
  const nestedOf = (o: Obj, a: string) =>
    list(o.properties)
      .filter(isObj)
      .map((x, i) => v3Column(x, `${a}.properties[${i}]`));
  const objectItems = items && Array.isArray(items.properties);
  const nested = Array.isArray(p.properties)
    ? { fields: nestedOf(p, at), array: false }
    : objectItems
      ? { fields: nestedOf(items, `${at}.items`), array: true }
      : undefined;
  const map = mapOf(p, at);
  return contractColumn({
    name: str(p.name) ?? at,
    logical: str(p.logicalType),
    physical: str(p.physicalType),
    ...(map ? { map } : {}),
    required: p.required === true || p.primaryKey === true,
    unique: p.unique === true || (p.primaryKey === true && keys === 1),
    constraints: [p, options],
    ...(nested ? { nested } : {}),
    ...(items && !objectItems
      ? { items: v3Column({ name: "element", ...items, required: true }, `${at}.items`) }
      : {}),
    quality: rules(p.quality, at),
  });
}

/**
 * A map column's key and value: ODCS v3.2 `map: {key, value}` (each a property: a logical type,
 * an object with properties...), else the types of a physical `MAP<K, V>`; undefined for others.
 */
function mapOf(p: Obj, at: string): { key: ContractColumn; value: ContractColumn } | undefined {
  const entry = (name: string, spec: Obj, a: string) => v3Column({ ...spec, name, required: true }, a);
  if (isObj(p.map))
    return {
      key: entry("key", isObj(p.map.key) ? p.map.key : {}, `${at}.map.key`),
      value: entry("value", isObj(p.map.value) ? p.map.value : {}, `${at}.map.value`),
    };
  const physical = /^\s*map\s*<\s*([^,]+?)\s*,\s*(.+?)\s*>\s*$/i.exec(str(p.physicalType) ?? "");
  if (physical)
    return {
      key: entry("key", { physicalType: physical[1] }, `${at}.physicalType`),
      value: entry("value", { physicalType: physical[2] }, `${at}.physicalType`),
    };
  return str(p.logicalType)?.toLowerCase() === "map"
    ? { key: entry("key", {}, at), value: entry("value", {}, at) }
    : undefined;
}

function v2Table(t: Obj, at: string): ContractTable {
  const physicalName = str(t.physicalName);
  const columns = list(t.columns).filter(isObj);
  const keys = columns.filter((c) => c.isPrimaryKey === true).length;
  return {
    name: str(t.table) ?? str(t.name) ?? physicalName ?? at,
    ...(physicalName !== undefined ? { physicalName } : {}),
    columns: columns.map((c, i) => v2Column(c, `${at}.columns[${i}]`, keys)),
    quality: rules(t.quality, at),
    relations: [],
  };
}

function v2Column(c: Obj, at: string, keys: number): ContractColumn {
  const nested = Array.isArray(c.columns)
    ? {
        fields: list(c.columns)
          .filter(isObj)
          .map((x, i) => v2Column(x, `${at}.columns[${i}]`, 0)),
        array: false,
      }
    : undefined;
  return contractColumn({
    name: str(c.column) ?? str(c.name) ?? at,
    logical: str(c.logicalType),
    physical: str(c.physicalType),
    required: c.isNullable === false || c.isPrimaryKey === true,
    unique: c.isUnique === true || (c.isPrimaryKey === true && keys === 1),
    constraints: [c, ...(isObj(c.logicalTypeOptions) ? [c.logicalTypeOptions] : [])],
    ...(nested ? { nested } : {}),
    quality: rules(c.quality, at),
  });
}
