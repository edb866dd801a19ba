import type { RecordBatch } from "apache-arrow";
import type { ResourceAccess } from "../access/index.ts";
import type { ReadBack, ReadBackRequest } from "../connectors/connector.ts";
import { isRowforgeError, RowforgeError } from "../errors/index.ts";
import type { Connection } from "../model/connection.ts";
import type { ResolvedPlan, ResolvedStep } from "../model/resolved-plan.ts";
import type { StepReport } from "../model/step-report.ts";
import type { DataSourceValidation, Validation, ValidationConfig } from "../model/validation.ts";
import { fieldsOf } from "./arrow-values.ts";
import { BatchRows, type ReadField } from "./batch-rows.ts";
import { type Check, type CheckLimits, DEFAULT_CHECK_LIMITS } from "./check.ts";
import { allNeeds } from "./column-needs.ts";
import { compileValidation } from "./compile-validation.ts";
import { withinThreshold } from "./error-threshold.ts";
import { withSchemaFiles } from "./json-schema-check.ts";
import { evaluateMetric } from "./metric-check.ts";
import { sourceHasRow } from "./read-source.ts";
import type { RowSource } from "./row-source.ts";
import { loadUpstream, type UpstreamTable } from "./upstream-table.ts";
import type { ValidationResult } from "./validation-result.ts";
import { type DataExists, waitFor } from "./wait-for.ts";

export interface ValidationRunOptions {
  /** Where the data is read from (app/: through the connectors). */
  readonly rows: RowSource;
  /** What the files and URLs the validations name (data read back, schema files, waits) may be. */
  readonly access: ResourceAccess;
  /** Connections by name (application.conf, the server's store), for data sources the plan's steps do not name. */
  readonly connections?: ReadonlyMap<string, Connection>;
  readonly limits?: Partial<CheckLimits>;
  readonly batchRows?: number;
  readonly signal?: AbortSignal;
  /** The run's step reports, for metric validations (`check`: the last recorded run's). */
  readonly stepReports?: readonly StepReport[];
  /** Which run the step reports are of, for the results' source (default: the run's). */
  readonly stepReportsOf?: string;
  /**
   * Why there are no step reports, when metric validations should have had some (`check` found
   * no recorded run): each metric validation then fails with RF_VALIDATION_NO_RUN saying so.
   * Without it and without reports, metric validations are left out.
   */
  readonly stepReportsMissing?: string;
}

/**
 * Runs the validations of a plan against the data as it is now (after a generate run, or on
 * its own for `rowforge check`): each data source entry is waited for, read back once through
 * its connector as Arrow batches, and every validation of the entry is checked on the same
 * pass. A validation that cannot run (data missing, a field that does not exist) is a failed
 * result carrying its error; the other entries still run.
 */
export async function runValidations(
  plan: ResolvedPlan,
  options: ValidationRunOptions,
): Promise<ValidationResult[]> {
  const limits: CheckLimits = {
    ...DEFAULT_CHECK_LIMITS,
    sampleRecords: plan.config.validation?.numSampleErrorRecords ?? DEFAULT_CHECK_LIMITS.sampleRecords,
    ...spillBudgetsFromEnv(process.env),
    ...options.limits,
  };
  const out: ValidationResult[] = [];
  for (const config of plan.validations) {
    for (const [dsName, entries] of Object.entries(config.dataSources)) {
      for (const entry of entries)
        out.push(...(await runEntry(plan, config, dsName, entry, limits, options)));
    }
  }
  return out;
}

/**
 * The in-memory budgets of validations from the environment: `ROWFORGE_VALIDATION_MAX_GROUPS` (a
 * whole number of at least 1; a group-by past it spills to disk),
 * `ROWFORGE_VALIDATION_MAX_VALUES` (the same for the values of a median or quantiles) and
 * `ROWFORGE_SPILL_DIR` (where spill files go). Other values are ignored.
 */
export function spillBudgetsFromEnv(env: NodeJS.ProcessEnv): Partial<CheckLimits> {
  const max = Number(env.ROWFORGE_VALIDATION_MAX_GROUPS);
  const maxValues = Number(env.ROWFORGE_VALIDATION_MAX_VALUES);
  const dir = env.ROWFORGE_SPILL_DIR?.trim();
  return {
    ...(Number.isInteger(max) && max >= 1 ? { maxGroups: max } : {}),
    ...(Number.isInteger(maxValues) && maxValues >= 1 ? { maxValues } : {}),
    ...(dir ? { spillDir: dir } : {}),
  };
}

/** The step a validation entry reads: the data source's connection (or step) options overridden by the entry's own. */
export function readStepOf(
  plan: ResolvedPlan,
  dsName: string,
  entry: Pick<DataSourceValidation, "options">,
  connections?: ReadonlyMap<string, Connection>,
  taskName?: string,
): ResolvedStep {
  const planStep =
    (taskName !== undefined ? plan.steps.find((s) => s.taskName === taskName) : undefined) ??
    plan.steps.find((s) => s.dataSourceName === dsName);
  const connection = planStep?.connection ?? connections?.get(dsName);
  const options = {
    ...(connection?.options ?? {}),
    ...(taskName !== undefined && planStep?.taskName === taskName ? planStep.step.options : {}),
    ...entry.options,
  };
  const format = (
    options.format ??
    (connection?.type && connection.type !== "jdbc" ? connection.type : undefined) ??
    planStep?.format ??
    dsName
  )
    .trim()
    .toLowerCase();
  return {
    taskName: planStep?.taskName ?? `${dsName}_task`,
    dataSourceName: dsName,
    step: { name: dsName, type: format, options, count: {}, fields: [], enabled: true },
    format,
    connection,
    referenceMode: true,
    dataGeneration: false,
    allCombinations: false,
  };
}

/** How a validation reads its sources: through the run's access, stopped by its signal, spooling under its scratch folder. */
const readingOf = (
  options: ValidationRunOptions,
  limits: CheckLimits,
): Omit<ReadBackRequest, "batchRows"> => ({
  access: options.access,
  ...(options.signal ? { signal: options.signal } : {}),
  ...(limits.spillDir ? { scratchDir: limits.spillDir } : {}),
});

async function runEntry(
  plan: ResolvedPlan,
  config: ValidationConfig,
  dsName: string,
  entry: DataSourceValidation,
  limits: CheckLimits,
  options: ValidationRunOptions,
): Promise<ValidationResult[]> {
  const started = performance.now();
  const step = readStepOf(plan, dsName, entry, options.connections);
  const reading = readingOf(options, limits);
  const base = {
    name: config.name,
    dataSource: dsName,
    source: `${step.format} ${step.step.options.path ?? ""}`.trim(),
  };
  const failedAll = (e: unknown, vs: readonly Validation[] = entry.validations): ValidationResult[] => {
    if (!isRowforgeError(e)) throw e;
    return vs.map((v) => ({
      ...base,
      description: v.description ?? v.expr ?? v.field ?? v.kind,
      kind: v.kind,
      success: false,
      records: 0,
      failed: 0,
      unit: "rows",
      ...(v.errorThreshold !== undefined ? { errorThreshold: v.errorThreshold } : {}),
      sample: [],
      seconds: (performance.now() - started) / 1000,
      error: { code: e.code, message: e.message },
    }));
  };
  try {
    const dataExists: DataExists = (name, opts, expr) =>
      sourceHasRow(
        options.rows,
        readStepOf(plan, name, { options: opts }, options.connections),
        expr,
        limits.nowMicros,
        reading,
      );
    if (entry.waitCondition) await waitFor(entry.waitCondition, dataExists, options.access, options.signal);
  } catch (e) {
    return failedAll(e);
  }
  // Metric validations read the run's step reports, the others the data itself.
  const results: ValidationResult[] = entry.validations
    .filter((v) => v.kind === "metric")
    .flatMap((v) => metricResults(v, base, dsName, options, started, failedAll));
  const onData = entry.validations.filter((v) => v.kind !== "metric");
  if (onData.length === 0) return results;
  let read: ReadBack;
  try {
    read = await options.rows.open(step, { ...reading, batchRows: options.batchRows ?? 32_768 });
  } catch (e) {
    return [...results, ...failedAll(e, onData)];
  }
  // Upstream tables spilled to disk are removed once their entry is done (also on failure).
  const tables: UpstreamTable[] = [];
  try {
    const fields = fieldsOf(read);
    const sized = read.rows !== undefined ? { ...limits, expectedRows: read.rows } : limits;
    let running: Running[] = [];
    const compiled: {
      validation: Validation;
      withFiles: Validation;
      upstreams: Map<Validation, UpstreamTable>;
    }[] = [];
    for (const v of onData) {
      try {
        const upstreams = await loadUpstreams(plan, v, limits, options);
        for (const t of upstreams.values()) tables.push(t);
        // Schema files are read (through the access rules) before the validation compiles.
        const withFiles = await withSchemaFiles(v, options.access);
        for (const check of compileValidation(withFiles, fields, sized, upstreams))
          running.push({ check, validation: v });
        compiled.push({ validation: v, withFiles, upstreams });
      } catch (e) {
        results.push(...failedAll(e, [v]));
      }
    }
    try {
      // Only the columns the checks read, when the source can skip the others (Parquet).
      const needs = read.batchesOf ? allNeeds(running.map((r) => r.check.reads)) : undefined;
      let whole = needs === undefined;
      if (needs !== undefined && !(await checkAll(read.batchesOf!(needs), fields, running, true))) {
        // A check sampled a failing record, which batches of only some columns cannot give whole:
        // the checks start again on the whole records.
        for (const r of running) r.check.dispose?.();
        running = compiled.flatMap((c) =>
          compileValidation(c.withFiles, fields, sized, c.upstreams).map((check) => ({
            check,
            validation: c.validation,
          })),
        );
        whole = true;
      }
      if (whole) await checkAll(read.batches, fields, running, false);
    } catch (e) {
      await read.close();
      for (const r of running) r.check.dispose?.();
      return [
        ...results,
        ...failedAll(
          e,
          running.map((r) => r.validation),
        ),
      ];
    }
    const seconds = (performance.now() - started) / 1000;
    for (const { check } of running) {
      const o = check.finish();
      results.push({
        ...base,
        source: read.source,
        description: check.description,
        kind: check.kind,
        success: o.success ?? withinThreshold(o.failed, o.records, check.errorThreshold),
        records: o.records,
        failed: o.failed,
        unit: o.unit,
        ...(check.errorThreshold !== undefined ? { errorThreshold: check.errorThreshold } : {}),
        sample: o.sample,
        seconds,
        ...(o.note ? { note: o.note } : {}),
        ...(o.details ? { details: o.details } : {}),
      });
    }
    return results;
  } finally {
    for (const t of tables) t.spill?.dispose();
  }
}

interface Running {
  readonly check: Check;
  readonly validation: Validation;
}

/**
 * Feeds every batch to every check; with `partial` (batches of only some columns) it stops, and
 * says false, at the first batch a check took a whole record from (a failing record's sample).
 */
async function checkAll(
  batches: AsyncIterable<RecordBatch>,
  fields: readonly ReadField[],
  running: readonly Running[],
  partial: boolean,
): Promise<boolean> {
  let index = new Uint32Array(0);
  for await (const batch of batches) {
    const rows = BatchRows.ofArrow(fields, batch);
    if (index.length < rows.length) index = Uint32Array.from({ length: rows.length }, (_, i) => i);
    for (const r of running) r.check.consume(rows, index, rows.length);
    if (partial && rows.recorded) return false;
  }
  return true;
}

/** The upstream tables a validation joins with (nested upstreams too), each read into memory once. */
async function loadUpstreams(
  plan: ResolvedPlan,
  v: Validation,
  limits: CheckLimits,
  options: ValidationRunOptions,
): Promise<Map<Validation, UpstreamTable>> {
  const out = new Map<Validation, UpstreamTable>();
  const visit = async (x: Validation): Promise<void> => {
    if (x.kind === "upstream" && x.upstreamDataSource !== undefined) {
      const step = readStepOf(
        plan,
        x.upstreamDataSource,
        { options: x.upstreamReadOptions ?? {} },
        options.connections,
        x.upstreamTaskName,
      );
      const byFields =
        (x.joinFields ?? []).length > 0 && !(x.joinFields ?? []).some((f) => f.startsWith("expr:"));
      out.set(
        x,
        await loadUpstream(
          options.rows,
          x.upstreamDataSource,
          step,
          limits.maxGroups,
          readingOf(options, limits),
          byFields ? { joinFields: x.joinFields ?? [], dir: limits.spillDir } : undefined,
        ),
      );
    }
    for (const n of x.nested) await visit(n);
  };
  try {
    await visit(v);
  } catch (e) {
    for (const t of out.values()) t.spill?.dispose();
    throw e;
  }
  return out;
}

/** A metric validation's results: one per check, from the steps of its data source (all steps when none has its name). */
function metricResults(
  v: Validation,
  base: { name: string; dataSource: string; source: string },
  dsName: string,
  options: ValidationRunOptions,
  started: number,
  failedAll: (e: unknown, vs: readonly Validation[]) => ValidationResult[],
): ValidationResult[] {
  const reports = options.stepReports;
  try {
    if (!reports) {
      if (options.stepReportsMissing === undefined) return [];
      throw new RowforgeError("RF_VALIDATION_NO_RUN", options.stepReportsMissing);
    }
    const own = reports.filter((r) => r.dataSource === dsName);
    return evaluateMetric(v, own.length > 0 ? own : reports).map((m) => ({
      ...base,
      source: options.stepReportsOf ?? "the run's step reports",
      description: v.description ?? m.description,
      kind: "metric",
      success: m.ok,
      records: 1,
      failed: m.ok ? 0 : 1,
      unit: "aggregate",
      sample: m.ok ? [] : [{ [v.metric ?? "metric"]: m.value }],
      seconds: (performance.now() - started) / 1000,
    }));
  } catch (e) {
    return failedAll(e, [v]);
  }
}
