import type { ResourceAccess } from "../access/index.ts";
import { readInlineFields } from "../config/index.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import { isReferenceStep } from "../model/boolean-option.ts";
import type { Field } from "../model/field.ts";
import type { ForeignKey } from "../model/foreign-key.ts";
import type { SinkOptions } from "../model/plan.ts";
import type { ResolvedPlan, ResolvedStep } from "../model/resolved-plan.ts";
import { stepIdOf } from "../model/step-id.ts";
import type { DataSourceValidation, Validation, ValidationConfig } from "../model/validation.ts";
import { hasSuiteEntries, withSuiteEntries } from "./great-expectations/suite-entries.ts";
import { generatesByName, labelFields } from "./labels/label-by-name.ts";
import { metadataDocuments } from "./metadata-documents.ts";
import { metadataSourceOf } from "./metadata-registry.ts";
import type { MetadataDocuments } from "./metadata-source.ts";

/** A step whose fields came from a metadata source: for `validate --show-fields` to print. */
export interface MetadataStepReport {
  /** `dataSource.step` of the resulting step. */
  readonly id: string;
  readonly step: string;
  /** The step as written, when the source made several of it (an OpenAPI document's operations). */
  readonly from: string;
  readonly source: string;
  readonly document: string;
  /** The resolved fields (declared ones included). */
  readonly fields: readonly Field[];
  /** Names of fields the step declared: they win over the source's field of the same name. */
  readonly declared: readonly string[];
  /** How many validations the source's rules (quality rules, expectations) gave the step. */
  readonly validations: number;
  /** The source's rules that are not run, each with the reason. */
  readonly skipped: readonly string[];
}

/** The validation configuration that holds what metadata sources state about the steps they fill. */
export const METADATA_VALIDATIONS = "metadata_validations";

export interface MetadataReading {
  readonly plan: ResolvedPlan;
  readonly steps: readonly MetadataStepReport[];
}

/**
 * The metadata stage, before the database schemas and compile: each step with a metadata
 * source (`metadataSourceType`) gets the fields the source describes, with Data Caterer's
 * merge rule (a field the step declares replaces the source's field of its name, other
 * declared fields are added after them); a source may turn one step into several (one per
 * OpenAPI operation, one per contract table), and the foreign keys it states between them
 * (a contract's relationships) join the plan's. The rules a source states (contract quality
 * rules, Great Expectations suites) become the plan's `metadata_validations`, read back from
 * where each step writes once the run has written it; validation file entries naming a suite
 * (`expectationsFile`) get its expectations. A kind rowforge does not read is refused naming
 * the ones it reads.
 */
export async function fillFromMetadata(
  plan: ResolvedPlan,
  options: MetadataFillOptions,
): Promise<MetadataReading> {
  const hasSource = (r: ResolvedStep) => {
    if (isReferenceStep(r)) return false;
    try {
      return metadataSourceOf(r) !== undefined;
    } catch {
      return true; // refused when filled
    }
  };
  const suites = hasSuiteEntries(plan.validations);
  if (!plan.steps.some(hasSource) && !suites) return { plan, steps: [] };
  const docs = options.docs ?? metadataDocuments(plan.sources, options.access);
  const validations = suites ? await withSuiteEntries(plan.validations, docs) : plan.validations;
  const reports: MetadataStepReport[] = [];
  const steps: ResolvedStep[] = [];
  const checks: Record<string, DataSourceValidation[]> = {};
  const foreignKeys: ForeignKey[] = [];
  for (const r of plan.steps) {
    if (!hasSource(r)) {
      steps.push(r);
      continue;
    }
    try {
      const made = await fillStep(r, docs, generatesByName(plan, r));
      steps.push(...made.map((m) => m.step));
      reports.push(...made.map((m) => m.report));
      for (const m of made) foreignKeys.push(...m.foreignKeys);
      for (const m of made) {
        if (m.validations.length === 0) continue;
        // Read back where the step writes: its own options (path, table) with the connection's.
        const entries = checks[r.dataSourceName] ?? [];
        entries.push({ options: m.step.step.options, validations: m.validations });
        checks[r.dataSourceName] = entries;
      }
    } catch (e) {
      if (!options.onError || !isRowforgeError(e)) throw e;
      options.onError(r, e);
      steps.push(r);
    }
  }
  const extra: ValidationConfig[] =
    Object.keys(checks).length > 0
      ? [{ name: METADATA_VALIDATIONS, description: "rules stated by metadata sources", dataSources: checks }]
      : [];
  return {
    plan: {
      ...plan,
      steps,
      validations: [...validations, ...extra],
      plan: {
        ...plan.plan,
        validations: [...plan.plan.validations, ...extra.map((v) => v.name)],
        sinkOptions: withForeignKeys(plan.plan.sinkOptions, foreignKeys),
      },
    },
    steps: reports,
  };
}

export interface MetadataFillOptions {
  /** What the documents may be (files under the server's data folders, allowed URLs, or anything for the CLI). */
  readonly access: ResourceAccess;
  readonly docs?: MetadataDocuments;
  /**
   * Called with each step whose source cannot be read (the step is kept as written) instead
   * of failing the whole stage: `validate` reports every step's problem at once.
   */
  readonly onError?: (step: ResolvedStep, error: RowforgeError) => void;
}

/**
 * The plan's foreign keys with those sources state (a contract's relationships); a source's
 * key whose child fields the plan already links is left to the plan's.
 */
function withForeignKeys(sink: SinkOptions, stated: readonly ForeignKey[]): SinkOptions {
  const linked = (ds: string, step: string, field: string) =>
    sink.foreignKeys.some((fk) =>
      fk.generate.some((g) => g.dataSource === ds && g.step === step && g.fields.includes(field)),
    );
  const added = stated.filter((fk) =>
    fk.generate.every((g) => !g.fields.some((f) => linked(g.dataSource, g.step, f))),
  );
  return added.length === 0 ? sink : { ...sink, foreignKeys: [...sink.foreignKeys, ...added] };
}

/**
 * The step (or steps) a source makes of one step, each with its report; the source's fields
 * that have only a type get values by their name (`byName`, src/metadata/labels).
 */
async function fillStep(
  r: ResolvedStep,
  docs: MetadataDocuments,
  byName: boolean,
): Promise<
  {
    step: ResolvedStep;
    report: MetadataStepReport;
    validations: readonly Validation[];
    foreignKeys: readonly ForeignKey[];
  }[]
> {
  const source = metadataSourceOf(r)!;
  const shapes = await source.read(r, docs);
  const location = source.locationOptions.map((k) => r.step.options[k]).find((v) => v !== undefined) ?? "";
  return shapes.map((shape) => {
    const read = readInlineFields({ fields: shape.fields }, r.format);
    const error = read.diagnostics.find((d) => d.severity === "error");
    if (error)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `step "${shape.name}": a field read from ${source.kind} ${location} cannot be generated: ${error.message}${error.location?.path ? ` (at ${error.location.path})` : ""}`,
      );
    const fields = mergeFields(byName ? labelFields(read.fields) : read.fields, r.step.fields);
    const options = { ...shape.options, ...r.step.options, ...shape.overrides };
    const step: ResolvedStep = {
      ...r,
      step: { ...r.step, name: shape.name, options, fields },
      fieldsFrom: source.kind,
    };
    const report: MetadataStepReport = {
      id: stepIdOf(step),
      step: shape.name,
      from: r.step.name,
      source: source.kind,
      document: location,
      fields,
      declared: r.step.fields.map((f) => f.name),
      validations: shape.validations?.length ?? 0,
      skipped: shape.skipped ?? [],
    };
    const foreignKeys = (shape.foreignKeys ?? []).map(
      (k): ForeignKey => ({
        source: { dataSource: r.dataSourceName, step: k.parent, fields: [...k.parentFields] },
        generate: [{ dataSource: r.dataSourceName, step: shape.name, fields: [...k.fields] }],
        delete: [],
      }),
    );
    return { step, report, validations: shape.validations ?? [], foreignKeys };
  });
}

/** Data Caterer's rule: declared fields override the source's of the same name and extend the rest. */
export function mergeFields(fromSource: readonly Field[], declared: readonly Field[]): Field[] {
  const byName = new Map(declared.map((f) => [f.name, f]));
  const merged = fromSource.map((f) => byName.get(f.name) ?? f);
  const names = new Set(fromSource.map((f) => f.name));
  return [...merged, ...declared.filter((f) => !names.has(f.name))];
}
