import type { MetadataForeignKey } from "../metadata-source.ts";
import type { ContractColumn, ContractRelation, ContractTable } from "./contract-table.ts";

/*
 * A contract's relationships (ODCS v3 `relationships`, datacontract.yaml `references`) between
 * the tables a step generates, as foreign keys of the steps they make.
 */

/** A table's foreign keys, and notes for the relationships not kept (one per column: the first wins). */
export function tableForeignKeys(
  t: ContractTable,
  tables: readonly ContractTable[],
  stepName: (t: ContractTable) => string,
): { foreignKeys: MetadataForeignKey[]; notes: string[] } {
  const foreignKeys: MetadataForeignKey[] = [];
  const notes: string[] = [];
  for (const rel of t.relations) {
    const fk = foreignKeyOf(rel, t, tables, stepName);
    if (typeof fk === "string") notes.push(fk);
    else if (fk.fields.some((f) => foreignKeys.some((k) => k.fields.includes(f))))
      notes.push(
        `${relationName(rel)}: its columns are in an earlier foreign key of the table, which is kept`,
      );
    else foreignKeys.push(fk);
  }
  return { foreignKeys, notes };
}

/**
 * The columns of each table, a referenced column taking the listed values of the column that
 * refers to it when it lists none itself: a child's values are its parent's, so the parent
 * holds only values the child allows (ODCS's example: a country code of three values that
 * refers to a receiver's free country code).
 */
export function narrowParents(
  tables: readonly ContractTable[],
  keys: ReadonlyMap<ContractTable, { foreignKeys: readonly MetadataForeignKey[] }>,
  stepName: (t: ContractTable) => string,
): Map<ContractTable, readonly ContractColumn[]> {
  const out = new Map(tables.map((t) => [t, [...t.columns]]));
  for (const child of tables)
    for (const fk of keys.get(child)!.foreignKeys) {
      const parent = tables.find((t) => stepName(t) === fk.parent)!;
      const columns = out.get(parent)!;
      fk.fields.forEach((f, k) => {
        const from = child.columns.find((c) => c.name === f);
        const at = columns.findIndex((c) => c.name === fk.parentFields[k]);
        const to = columns[at];
        if (from?.schema.enum === undefined || to === undefined || to.schema.enum !== undefined) return;
        const { maxLength: _, ...schema } = to.schema;
        columns[at] = { ...to, schema: { ...schema, enum: from.schema.enum } };
      });
    }
  return out;
}

/**
 * The foreign key a relationship states, between two tables the step generates: its columns
 * named with or without their table (`tbl.rcvr_id`, `rcvr_id`), the referenced ones with their
 * table's name or physical name (`receivers.id`). A table not generated or a column the
 * tables do not have is said as a note (the string) instead.
 */
function foreignKeyOf(
  rel: ContractRelation,
  t: ContractTable,
  tables: readonly ContractTable[],
  stepName: (t: ContractTable) => string,
): MetadataForeignKey | string {
  const own = (c: string) => {
    for (const n of [t.name, t.physicalName])
      if (n !== undefined && c.startsWith(`${n}.`)) return c.slice(n.length + 1);
    return c;
  };
  const fields = rel.from.map(own);
  const said = relationName(rel);
  const parents = rel.to.map((c) => {
    const parent = tables.find((x) =>
      [x.name, x.physicalName].some((n) => n !== undefined && c.startsWith(`${n}.`)),
    );
    const name = [parent?.name, parent?.physicalName].find((n) => n !== undefined && c.startsWith(`${n}.`));
    return parent && name !== undefined ? { parent, field: c.slice(name.length + 1) } : undefined;
  });
  const first = parents[0]?.parent;
  if (!first || parents.some((p) => p?.parent !== first))
    return `${said}: its table is not one this step generates, so the foreign key is not kept`;
  const missing = [
    ...fields.filter((f) => !hasColumn(t.columns, f)),
    ...parents.filter((p) => !hasColumn(first.columns, p!.field)).map((p) => p!.field),
  ];
  if (missing.length > 0)
    return `${said}: ${missing.join(", ")} is not a column, so the foreign key is not kept`;
  return { fields, parent: stepName(first), parentFields: parents.map((p) => p!.field) };
}

const relationName = (rel: ContractRelation): string =>
  `relationship ${rel.from.join(", ")} -> ${rel.to.join(", ")} (${rel.at})`;

/** Whether a (dotted) column path names a column of the table. */
function hasColumn(columns: readonly ContractColumn[], path: string): boolean {
  const [head, ...rest] = path.split(".");
  const c = columns.find((x) => x.name === head);
  return (
    c !== undefined &&
    (rest.length === 0 || (c.fields !== undefined && !c.array && hasColumn(c.fields, rest.join("."))))
  );
}
