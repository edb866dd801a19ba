import { didYouMean, RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { Validation } from "../../model/validation.ts";
import type { SchemaScope } from "../json-schema/schema-types.ts";
import type { MetadataStepShape } from "../metadata-source.ts";
import { contractFields } from "./contract-fields.ts";
import { narrowParents, tableForeignKeys } from "./contract-relations.ts";
import type { ContractColumn, ContractTable } from "./contract-table.ts";
import { readRule } from "./quality-rule.ts";
import { ruleValidation } from "./quality-validation.ts";

/** Outputs that keep nested columns as structs when read back (others store them as JSON text). */
const NESTED_FORMATS = new Set(["json", "parquet", "orc"]);

/** The step option naming which of a contract's tables (models, schema objects) a step generates: a comma list. */
export const TABLE_OPTION = "dataContractSchema";

/**
 * The steps a contract's tables make of one step: the tables `dataContractSchema` names (all
 * of them when it names none, as Data Caterer reads them). One table keeps the step's name
 * and options; with several, each step is named after its table and writes beside the
 * others (`<path>/<table>` for files, the table's physical name for a database step without
 * `dbtable`, in the step's `schema` when it has one). Each step's fields come from the table's columns and its validations from the
 * quality rules of the table and its columns.
 */
export function contractSteps(
  r: ResolvedStep,
  tables: readonly ContractTable[],
  scope: SchemaScope,
): MetadataStepShape[] {
  if (tables.length === 0)
    throw new RowforgeError("RF_METADATA_SCHEMA_INVALID", `${scope.where} describes no table`, {
      hint: "a contract lists its tables under schema (ODCS v3), dataset (ODCS v2) or models (datacontract.yaml)",
    });
  const wanted = r.step.options[TABLE_OPTION]
    ?.split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const chosen = wanted?.length
    ? wanted.map((name) => {
        const t =
          tables.find((x) => x.name === name) ??
          tables.find((x) => x.name.toLowerCase() === name.toLowerCase());
        if (t) return t;
        const near = didYouMean(
          name,
          tables.map((x) => x.name),
        );
        throw new RowforgeError(
          "RF_METADATA_SCHEMA_INVALID",
          `${scope.where} has no table "${name}" (${TABLE_OPTION})${near ? `; ${near}` : ""}`,
          { hint: `its tables: ${tables.map((x) => x.name).join(", ")}` },
        );
      })
    : tables;
  // A table without columns (a placeholder, a table described elsewhere) makes no step: said
  // on the others, unless it is all there is or the step names it.
  const empty = chosen.filter((t) => t.columns.length === 0);
  const generated = chosen.filter((t) => t.columns.length > 0);
  if (generated.length === 0 || (wanted?.length && empty.length > 0))
    throw new RowforgeError(
      "RF_METADATA_SCHEMA_INVALID",
      `${scope.where}: table "${(empty[0] ?? chosen[0])!.name}" has no columns, so there are no fields to generate`,
      { hint: "give the table properties (columns), or select other tables with dataContractSchema" },
    );
  const emptyNotes = empty.map((t) => `table ${t.name}: it has no columns, so no step is generated for it`);
  const several = generated.length > 1;
  const stepName = (t: ContractTable) => (several ? t.name : r.step.name);
  const keys = new Map(generated.map((t) => [t, tableForeignKeys(t, generated, stepName)]));
  const narrowed = narrowParents(generated, keys, stepName);
  return generated.map((t) => {
    const fields = contractFields(
      narrowed.get(t)!,
      { ...scope, where: `${scope.where}, table ${t.name}` },
      `#/${t.name}`,
      true,
    );
    const validations: Validation[] = [];
    const { foreignKeys, notes } = keys.get(t)!;
    const skipped: string[] = [...emptyNotes, ...notes];
    const target = {
      table: t.name,
      ...(t.physicalName !== undefined ? { physicalName: t.physicalName } : {}),
    };
    const take = (o: ReturnType<typeof ruleValidation>) => {
      if ("validation" in o) validations.push(o.validation);
      else skipped.push(o.skipped);
    };
    for (const q of t.quality) take(ruleValidation(q, target));
    for (const [column, rules] of columnRules(t.columns))
      for (const q of rules) {
        if (column.includes(".") && !NESTED_FORMATS.has(r.format))
          skipped.push(
            `${ruleName(q)} (column ${column}, ${q.at}): a rule on a nested column, which ${r.format} stores as JSON text`,
          );
        else take(ruleValidation(q, { ...target, column }));
      }
    const options: Record<string, string> = {};
    if (several) {
      const path = r.step.options.path;
      if (path !== undefined) options.path = `${path.replace(/\/+$/, "")}/${t.name}`;
      else if (r.step.options.dbtable === undefined && r.step.options.table === undefined) {
        // A database step: the table's physical name, in the step's schema when it names one.
        if (r.step.options.schema !== undefined) options.table = t.physicalName ?? t.name;
        else options.dbtable = t.physicalName ?? t.name;
      }
    }
    return {
      name: stepName(t),
      fields,
      ...(Object.keys(options).length > 0 ? { overrides: options } : {}),
      validations,
      skipped,
      ...(foreignKeys.length > 0 ? { foreignKeys } : {}),
    };
  });
}

/** Each column's rules, nested columns under dotted names (`address.city`). */
function columnRules(columns: readonly ContractColumn[], prefix = ""): [string, ContractColumn["quality"]][] {
  return columns.flatMap((c) => [
    ...(c.quality.length > 0
      ? ([[`${prefix}${c.name}`, c.quality]] as [string, ContractColumn["quality"]][])
      : []),
    ...(c.fields && !c.array ? columnRules(c.fields, `${prefix}${c.name}.`) : []),
  ]);
}

const ruleName = (q: ContractColumn["quality"][number]): string => readRule(q.rule).named;
