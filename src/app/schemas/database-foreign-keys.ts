import type { ForeignKeyDescription, TableDescription } from "../../connectors/table-description.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";

/** One foreign key the database declares on a step's table, and what the plan makes of it. */
export interface ForeignKeyLink {
  readonly child: ResolvedStep;
  readonly fk: ForeignKeyDescription;
  /** The plan's step writing the referenced table, if any. */
  readonly parent: ResolvedStep | undefined;
  /** It becomes a plan foreign key: the parent is written first and every child key exists in it. */
  readonly applied: boolean;
  /** Its columns are left out so the database stores NULL (the parent is not written by the plan). */
  readonly leaveNull: boolean;
  /** What became of it, for `validate`. */
  readonly note: string;
}

const sameStep = (r: ResolvedStep, dataSource: string, step: string) =>
  r.dataSourceName === dataSource && r.step.name === step;

const hasField = (r: ResolvedStep, column: string) =>
  r.step.fields.some((f) => f.name.toLowerCase() === column.toLowerCase());

/**
 * The database's foreign keys of the steps whose fields are read (`filled`), matched to the
 * plan's steps by table: applied when the referenced table is another step of the plan, unless
 * the plan declares foreign keys into the child step (the plan says otherwise). A foreign key
 * to a table the plan does not write, or to its own table, whose columns are all nullable, is
 * left NULL.
 */
export function databaseForeignKeys(
  plan: ResolvedPlan,
  described: ReadonlyMap<ResolvedStep, TableDescription>,
  filled: ReadonlySet<ResolvedStep>,
): ForeignKeyLink[] {
  const links: ForeignKeyLink[] = [];
  for (const child of filled) {
    const table = described.get(child)!;
    const planSays = plan.plan.sinkOptions.foreignKeys.some((fk) =>
      fk.generate.some((g) => sameStep(child, g.dataSource, g.step)),
    );
    const nullable = (fk: ForeignKeyDescription) =>
      fk.columns.every(
        (c) => table.columns.find((col) => col.name === c)?.nullable === true && !hasField(child, c),
      );
    for (const fk of table.foreignKeys) {
      const parent = [...described].find(([, t]) => t.id === fk.references)?.[0];
      const base = { child, fk, parent };
      if (planSays) {
        links.push({
          ...base,
          applied: false,
          leaveNull: false,
          note: "not added: the plan declares the foreign keys of this step",
        });
      } else if (parent === undefined || parent === child) {
        const leaveNull = nullable(fk);
        const why =
          parent === child
            ? "it points at its own table"
            : `${fk.referencesName} is not written by this plan`;
        links.push({
          ...base,
          applied: false,
          leaveNull,
          note: `not added: ${why}; ${leaveNull ? "its columns are left NULL" : "its values must already exist there"}`,
        });
      } else if (!fk.referencedColumns.every((c) => hasField(parent, c) || filled.has(parent))) {
        links.push({
          ...base,
          applied: false,
          leaveNull: false,
          note: `not added: step "${parent.step.name}" has no field for ${fk.referencedColumns.join(", ")}`,
        });
      } else {
        links.push({
          ...base,
          applied: true,
          leaveNull: false,
          note: `added: step "${parent.step.name}" is written first and every key exists in it`,
        });
      }
    }
  }
  return links;
}
