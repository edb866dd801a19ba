import type { ProjectSchemas } from "../app/check/check-project.ts";
import { renderTable } from "./render-table.ts";

/**
 * What `validate` read from the databases, per step: the table, each column with its database
 * type, constraints and how it is generated, and the table's foreign keys and CHECK constraints
 * with what became of each.
 */
export function renderSchemas(schemas: ProjectSchemas["schemas"], width?: number): string {
  let out = "";
  for (const plan of schemas) {
    for (const s of plan.steps) {
      out += `\nplan ${plan.plan}, step ${s.step}: ${s.format} table ${s.table.name} on ${s.table.server}, read from the database (${s.added.length} column(s) added${s.declared.length > 0 ? `, ${s.declared.length} declared` : ""}${s.omitted.length > 0 ? `, ${s.omitted.length} left to the database` : ""})\n`;
      out += renderTable(
        s.columns.map((c) => ({
          column: c.column,
          "database type": c.dbType,
          constraints: c.constraints,
          "generated as": c.generated,
        })),
        { maxColumn: 90, ...(width !== undefined ? { width } : {}) },
      );
      for (const l of s.foreignKeys) {
        out += `foreign key ${l.fk.name}: (${l.fk.columns.join(", ")}) -> ${l.fk.referencesName} (${l.fk.referencedColumns.join(", ")}): ${l.note}\n`;
      }
      for (const c of s.checks) out += `check ${c.name}: ${c.clause}: ${c.note}\n`;
    }
  }
  return out;
}
