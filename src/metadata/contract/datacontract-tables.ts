import { RowforgeError } from "../../errors/index.ts";
import { contractColumn } from "./contract-column.ts";
import type { ContractColumn, ContractTable, Obj, QualityRule } from "./contract-table.ts";
import { isObj, list, str } from "./contract-table.ts";

/**
 * The models of a datacontract.yaml (datacontract.com specification): `models:` by name, each
 * with `fields:` by name (type, required, unique, primaryKey, pattern, enum, min/maxLength,
 * minimum/maximum, format, precision/scale, nested `fields`, `items`, `$ref` to
 * `definitions`) and `quality:` lists on models and fields. A specification-level `quality`
 * block (SodaCL, Monte Carlo) is another engine's and is skipped.
 */
export function dataContractTables(
  doc: unknown,
  where: string,
): { tables: ContractTable[]; skipped: string[] } {
  const root = isObj(doc) ? doc : {};
  if (!isObj(root.models))
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${where} is not a datacontract.yaml: it has no models`,
      {
        hint: "point dataContractFile at a data contract with models, or use metadataSourceType openDataContractStandard for an ODCS file",
      },
    );
  const resolve = (f: Obj, at: string): Obj => {
    let out = f;
    const seen: string[] = [];
    while (typeof out.$ref === "string") {
      const ref = out.$ref;
      if (seen.includes(ref))
        throw new RowforgeError(
          "RF_METADATA_SCHEMA_INVALID",
          `${where}: ${at} refers to itself through ${[...seen, ref].join(" -> ")}`,
        );
      seen.push(ref);
      const target = ref.startsWith("#/")
        ? ref
            .slice(2)
            .split("/")
            .reduce<unknown>((n, k) => (isObj(n) ? n[k] : undefined), root)
        : undefined;
      if (!isObj(target))
        throw new RowforgeError(
          "RF_METADATA_SCHEMA_INVALID",
          `${where}: ${at} refers to ${ref}, which is not a definition in the document`,
          { hint: "only references inside the contract (#/definitions/...) are read" },
        );
      const { $ref: _, ...own } = out;
      out = { ...target, ...own };
    }
    return out;
  };
  const column = (name: string, raw: unknown, at: string, keys = 0): ContractColumn => {
    const f = resolve(isObj(raw) ? raw : {}, at);
    const type = str(f.type);
    const precision = typeof f.precision === "number" ? f.precision : undefined;
    const physical =
      type !== undefined && /^(decimal|numeric)$/i.test(type) && precision !== undefined
        ? `decimal(${precision},${typeof f.scale === "number" ? f.scale : 0})`
        : undefined;
    const items = isObj(f.items) ? resolve(f.items, `${at}.items`) : undefined;
    const map =
      type?.toLowerCase() === "map"
        ? {
            key: column(
              "key",
              { type: "string", ...(isObj(f.keys) ? f.keys : {}), required: true },
              `${at}.keys`,
            ),
            value: column("value", { ...(isObj(f.values) ? f.values : {}), required: true }, `${at}.values`),
          }
        : undefined;
    const nested = isObj(f.fields)
      ? { fields: fieldsOf(f.fields, at), array: false }
      : items && isObj(items.fields)
        ? { fields: fieldsOf(items.fields, `${at}.items`), array: true }
        : undefined;
    return contractColumn({
      name,
      logical: type,
      physical,
      required: f.required === true || f.primaryKey === true || f.primary === true,
      // A column of a primary key of several columns repeats on its own.
      unique: f.unique === true || ((f.primaryKey === true || f.primary === true) && keys === 1),
      constraints: [f],
      ...(map ? { map } : {}),
      ...(nested ? { nested } : {}),
      ...(items && !nested ? { items: column("element", { ...items, required: true }, `${at}.items`) } : {}),
      quality: rules(f.quality, at),
    });
  };
  const fieldsOf = (fields: Obj, at: string) => {
    const keys = Object.values(fields).filter(
      (f) => isObj(f) && (f.primaryKey === true || f.primary === true),
    ).length;
    return Object.entries(fields).map(([name, f]) => column(name, f, `${at}.fields.${name}`, keys));
  };
  const tables = Object.entries(root.models).map(([name, m]): ContractTable => {
    const model = isObj(m) ? m : {};
    const at = `models.${name}`;
    return {
      name,
      columns: isObj(model.fields) ? fieldsOf(model.fields, at) : [],
      quality: rules(model.quality, at),
      relations: isObj(model.fields) ? references(model.fields, "", `${at}.fields`) : [],
    };
  });
  const skipped = isObj(root.quality)
    ? [
        `quality (${str(root.quality.type) ?? "specification"}): another engine's check block, which rowforge does not run`,
      ]
    : [];
  return { tables, skipped };
}

/** A field's `references: <model>.<field>` (nested fields' too, under dotted names): foreign keys. */
function references(fields: Obj, prefix: string, at: string): ContractTable["relations"] {
  return Object.entries(fields).flatMap(([name, f]) => {
    if (!isObj(f)) return [];
    const own =
      typeof f.references === "string"
        ? [{ from: [`${prefix}${name}`], to: [f.references], at: `${at}.${name}.references` }]
        : [];
    return [
      ...own,
      ...(isObj(f.fields) ? references(f.fields, `${prefix}${name}.`, `${at}.${name}.fields`) : []),
    ];
  });
}

const rules = (v: unknown, at: string): QualityRule[] =>
  list(v).flatMap((rule, i) => (isObj(rule) ? [{ rule, at: `${at}.quality[${i}]` }] : []));
