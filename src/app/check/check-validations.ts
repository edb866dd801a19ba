import { isObject, type SourceDocument } from "../../config/index.ts";
import { type CompiledPlan, loadSqlCompiler, type SqlCompiler } from "../../engine/index.ts";
import {
  type Diagnostic,
  isRowforgeError,
  type PathSegment,
  type SourceLocation,
} from "../../errors/index.ts";
import { METADATA_VALIDATIONS } from "../../metadata/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { stepIdOf } from "../../model/step-id.ts";
import type { DataSourceValidation, Validation, ValidationConfig } from "../../model/validation.ts";
import {
  DEFAULT_CHECK_LIMITS,
  loadQualityEngine,
  type QualityEngine,
  type ReadField,
} from "../../quality/index.ts";
import { locateStep } from "./locate-step.ts";

/** The keys of a validation that name fields or hold SQL, in the order a problem is looked for in them. */
const PROBLEM_KEYS = ["preFilterExpr", "expr", "aggExpr", "aggField", "groupByFields", "field"] as const;

/**
 * Checks a plan's validations before anything is generated, located in the file that holds
 * them: validations of data the plan writes are compiled against the fields its steps write
 * (unknown fields with "did you mean", expressions that do not parse or type-check); others
 * (existing data read by `check`) have their expressions parsed. Kinds not run yet are warnings.
 * The quality engine that compiles them loads only for a plan that has validations.
 */
export async function checkValidations(
  plan: ResolvedPlan,
  documents: ReadonlyMap<string, SourceDocument>,
  compiled: CompiledPlan | undefined,
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  if (plan.validations.length === 0) return out;
  const quality = await loadQualityEngine();
  const { parseSql } = await loadSqlCompiler();
  for (const config of plan.validations) {
    const doc = documentOf(config, plan, documents);
    for (const [dsName, entries] of Object.entries(config.dataSources)) {
      entries.forEach((entry, i) => {
        const base = doc ? entryPath(doc, config, dsName, i) : undefined;
        const fields = writtenFields(quality, plan, compiled, dsName, entry);
        // Rules a metadata source stated (contract quality rules, expectations) are located at their step.
        const fromSource =
          config.name === METADATA_VALIDATIONS ? sourceStep(plan, documents, dsName, entry) : undefined;
        entry.validations.forEach((v, j) => {
          const path = base ? [...base, "validations", j] : undefined;
          for (const d of checkOne(quality, parseSql, v, fields)) {
            const key = PROBLEM_KEYS.find((k) => {
              const value = v[k];
              return typeof value === "string"
                ? d.message.includes(`"${value}`) || d.message.includes(value)
                : Array.isArray(value) && value.some((x) => d.message.includes(`"${x}"`));
            });
            const location =
              doc && path
                ? doc.locate(key ? [...path, key] : path, key ? "value" : "key")
                : doc?.file
                  ? { file: doc.file }
                  : {};
            if (fromSource)
              out.push({
                ...d,
                message: `step "${fromSource.step}": a rule of its metadata source: ${d.message}`,
                location: fromSource.location,
              });
            else
              out.push({ ...d, message: `validation "${config.name}" of ${dsName}: ${d.message}`, location });
          }
        });
      });
    }
  }
  return out;
}

function checkOne(
  quality: QualityEngine,
  parseSql: SqlCompiler["parseSql"],
  v: Validation,
  fields: readonly ReadField[] | undefined,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const note = (e: unknown) => {
    if (!isRowforgeError(e)) throw e;
    problems.push({
      severity: e.code === "RF_VALIDATION_NOT_SUPPORTED" ? "warning" : "error",
      code: e.code,
      message: e.message,
      ...(e.hint ? { hint: e.hint } : {}),
    });
  };
  // Upstream validations join data read at run time, metric ones read the run's reports: their SQL must parse.
  if (fields && v.kind !== "upstream" && v.kind !== "metric") {
    try {
      quality.compileValidation(v, fields, DEFAULT_CHECK_LIMITS);
    } catch (e) {
      note(e);
    }
    return problems;
  }
  const texts = [
    v.expr,
    v.preFilterExpr,
    v.aggExpr && quality.aggExprText(v.aggExpr, v.aggType ?? "count", v.aggField),
    ...(v.joinFields?.length === 1 && v.joinFields[0]!.startsWith("expr:")
      ? [v.joinFields[0]!.slice(5)]
      : []),
  ];
  for (const t of texts) {
    if (t === undefined || t === "") continue;
    try {
      parseSql(t);
    } catch (e) {
      note(e);
    }
  }
  for (const c of v.checks) {
    try {
      quality.fieldCheckPlan(v.field ?? "", "x", c);
    } catch (e) {
      note(e);
    }
  }
  for (const n of v.nested) problems.push(...checkOne(quality, parseSql, n, undefined));
  return problems;
}

/** The step whose metadata source stated an entry's rules, and where the step is written. */
function sourceStep(
  plan: ResolvedPlan,
  documents: ReadonlyMap<string, SourceDocument>,
  dsName: string,
  entry: DataSourceValidation,
): { step: string; location: SourceLocation } | undefined {
  const step =
    plan.steps.find((s) => s.step.options === entry.options) ??
    plan.steps.find((s) => s.dataSourceName === dsName && s.step.options.path === entry.options.path);
  if (!step) return undefined;
  for (const doc of documents.values()) {
    const at = locateStep(doc, step.step.name);
    if (at.path !== undefined) return { step: step.step.name, location: at };
  }
  const file = plan.sources[0];
  return { step: step.step.name, location: file ? { file } : {} };
}

/** The fields a step of the plan writes to where the entry reads (same data source, same path), if one does. */
function writtenFields(
  quality: QualityEngine,
  plan: ResolvedPlan,
  compiled: CompiledPlan | undefined,
  dsName: string,
  entry: DataSourceValidation,
): readonly ReadField[] | undefined {
  if (!compiled) return undefined;
  const read = quality.readStepOf(plan, dsName, entry);
  const step = plan.steps.find(
    (s) =>
      s.dataSourceName === dsName &&
      s.step.options.path !== undefined &&
      s.step.options.path === read.step.options.path,
  );
  return step ? compiled.step(stepIdOf(step))?.output : undefined;
}

/** The parsed file a validation configuration came from: the plan itself for step validations of a unified file. */
export function documentOf(
  config: ValidationConfig,
  plan: ResolvedPlan,
  documents: ReadonlyMap<string, SourceDocument>,
): SourceDocument | undefined {
  if (config.name === "unified_validations")
    return plan.sources[0] ? documents.get(plan.sources[0]) : undefined;
  for (const doc of documents.values()) {
    const v = doc.value;
    if (isObject(v) && v.name === config.name && isObject(v.dataSources)) return doc;
  }
  return undefined;
}

/** Where entry i of a data source's validations is written in the document. */
export function entryPath(
  doc: SourceDocument,
  config: ValidationConfig,
  dsName: string,
  i: number,
): PathSegment[] | undefined {
  if (config.name !== "unified_validations") return ["dataSources", dsName, i];
  // A unified file's entries are its steps with validations, in order, under the data source of that name.
  const list = isObject(doc.value) && Array.isArray(doc.value.dataSources) ? doc.value.dataSources : [];
  let seen = 0;
  for (let d = 0; d < list.length; d++) {
    const ds = list[d];
    if (!isObject(ds) || ds.name !== dsName || !Array.isArray(ds.steps)) continue;
    for (let s = 0; s < ds.steps.length; s++) {
      const step = ds.steps[s];
      if (!isObject(step) || step.validations === undefined) continue;
      if (seen++ === i) return ["dataSources", d, "steps", s];
    }
  }
  return undefined;
}
