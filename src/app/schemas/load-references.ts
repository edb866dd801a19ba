import { tableToIPC } from "apache-arrow";
import type { ResourceAccess } from "../../access/index.ts";
import { referenceEmpty, referenceMaxRows } from "../../connectors/reference/reference-errors.ts";
import { connectorFor } from "../../connectors/registry.ts";
import { RowforgeError } from "../../errors/index.ts";
import { isReferenceStep } from "../../model/boolean-option.ts";
import type { ResolvedPlan, ResolvedStep } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";

/**
 * Reads, through each step's connector, the existing rows of every reference step
 * (enableReferenceMode) that is the foreign-key parent of a generated step: the key fields of
 * all its foreign keys, as Arrow IPC bytes by step id (PlanCompileOptions.references). A
 * reference step no generated step points at is not read; with `only` (step ids: the steps
 * generated or sampled), only the reference parents those steps need, through their foreign
 * keys' parents and theirs, are read. Errors: the connector's (missing
 * file, unreachable server, unknown column), RF_REFERENCE_EMPTY, RF_REFERENCE_TOO_LARGE.
 */
export async function loadReferences(
  plan: ResolvedPlan,
  access: ResourceAccess,
  only?: Iterable<string>,
): Promise<Record<string, Uint8Array>> {
  const byId = new Map<string, ResolvedStep>();
  for (const s of plan.steps) if (!byId.has(stepIdOf(s))) byId.set(stepIdOf(s), s);
  const chosen = only === undefined ? undefined : new Set(only);
  const needed = chosen === undefined ? undefined : ancestorsOf(plan, chosen);
  const wanted = new Map<string, string[]>();
  for (const fk of plan.plan.sinkOptions.foreignKeys) {
    const id = `${fk.source.dataSource}.${fk.source.step}`;
    const parent = byId.get(id);
    if (!parent || !isReferenceStep(parent) || (needed && !needed.has(id))) continue;
    const generatedChild = fk.generate.some((g) => {
      const childId = `${g.dataSource}.${g.step}`;
      const child = byId.get(childId);
      return (
        child !== undefined && !isReferenceStep(child) && (!needed || needed.has(childId) || chosen!.has(id))
      );
    });
    if (!generatedChild) continue;
    const fields = wanted.get(id) ?? [];
    for (const f of fk.source.fields) if (!fields.includes(f)) fields.push(f);
    wanted.set(id, fields);
  }
  const out: Record<string, Uint8Array> = {};
  for (const [id, fields] of wanted) {
    const step = byId.get(id)!;
    const connector = await connectorFor(step, "reading reference data from");
    if (!connector.readReference) {
      throw new RowforgeError(
        "RF_FORMAT_UNKNOWN",
        `reference step "${step.step.name}" (enableReferenceMode) is ${step.format} data, which rowforge cannot read yet`,
        {
          hint: "reference data can be read from csv, json, parquet and orc files and from postgres and mysql tables",
        },
      );
    }
    const table = await connector.readReference(step, { fields, maxRows: referenceMaxRows(step), access });
    if (table.numRows === 0) throw referenceEmpty(step, step.format, fields);
    out[id] = tableToIPC(table, "stream");
  }
  return out;
}

/** The steps and every foreign-key parent they reach, transitively (ids `dataSource.step`). */
function ancestorsOf(plan: ResolvedPlan, steps: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const fk of plan.plan.sinkOptions.foreignKeys)
      if (fk.generate.some((g) => `${g.dataSource}.${g.step}` === id))
        visit(`${fk.source.dataSource}.${fk.source.step}`);
  };
  for (const id of steps) visit(id);
  return out;
}
