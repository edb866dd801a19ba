import { tableToIPC } from "apache-arrow";
import { referenceEmpty, referenceMaxRows } from "../../connectors/reference/reference-errors.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step.ts";

/**
 * Reads, through each step's connector, the existing rows of every reference step
 * (enableReferenceMode) that is the foreign-key parent of a generated step: the key fields of
 * all its foreign keys, as Arrow IPC bytes by step id (PlanCompileOptions.references). A
 * reference step no generated step points at is not read. Errors: the connector's (missing
 * file, unreachable server, unknown column), RF_REFERENCE_EMPTY, RF_REFERENCE_TOO_LARGE.
 */
export async function loadReferences(plan: ResolvedPlan): Promise<Record<string, Uint8Array>> {
  const byId = new Map<string, ResolvedStep>();
  for (const s of plan.steps) if (!byId.has(stepIdOf(s))) byId.set(stepIdOf(s), s);
  const wanted = new Map<string, string[]>();
  for (const fk of plan.plan.sinkOptions.foreignKeys) {
    const id = `${fk.source.dataSource}.${fk.source.step}`;
    const parent = byId.get(id);
    if (!parent || !isReferenceStep(parent)) continue;
    const generatedChild = fk.generate.some((g) => {
      const child = byId.get(`${g.dataSource}.${g.step}`);
      return child !== undefined && !isReferenceStep(child);
    });
    if (!generatedChild) continue;
    const fields = wanted.get(id) ?? [];
    for (const f of fk.source.fields) if (!fields.includes(f)) fields.push(f);
    wanted.set(id, fields);
  }
  const out: Record<string, Uint8Array> = {};
  for (const [id, fields] of wanted) {
    const step = byId.get(id)!;
    const connector = connectorFor(step, "reading reference data from");
    if (!connector.readReference) {
      throw new RowforgeError(
        "RF_FORMAT_UNKNOWN",
        `reference step "${step.step.name}" (enableReferenceMode) is ${step.format} data, which rowforge cannot read yet`,
        {
          hint: "reference data can be read from csv, json and parquet files and from postgres and mysql tables",
        },
      );
    }
    const table = await connector.readReference(step, { fields, maxRows: referenceMaxRows(step) });
    if (table.numRows === 0) throw referenceEmpty(step, step.format, fields);
    out[id] = tableToIPC(table, "stream");
  }
  return out;
}
