import type { ResourceAccess } from "../../access/index.ts";
import type { RunConfiguration } from "../../model/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { StepReport } from "../../model/step-report.ts";
import type { ValidationResult } from "../../quality/index.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { writeReport } from "../reports/write-report.ts";

/** Where a run's report goes and what it shows of the plan (kept with a running run, so a run that dies still gets one). */
export interface ReportPlace {
  readonly folder: string;
  readonly planDescription: string;
  readonly configuration: RunConfiguration;
}

/**
 * A plan's report place: its generatedReportsFolderPath (an output of the plan, held to the
 * access rules: its checked path) or `reportsRoot`; undefined when the configuration asks for
 * no reports, names no folder and there is no `reportsRoot` (a run without a home), or its
 * folder is refused (a report never fails its run).
 */
export async function reportPlace(
  plan: ResolvedPlan,
  reportsRoot: string | undefined,
  access: ResourceAccess,
): Promise<ReportPlace | undefined> {
  if (!plan.config.flags.enableSaveReports) return undefined;
  const configured = plan.config.folders.generatedReportsFolderPath;
  const folder =
    configured === undefined
      ? reportsRoot
      : await access
          .writable(configured, "configuration folder.generatedReportsFolderPath")
          .catch(() => undefined);
  return folder === undefined
    ? undefined
    : { folder, planDescription: plan.plan.description, configuration: plan.config };
}

/**
 * Writes a finished run's report at its place (none: no report); returns the report folder, or
 * undefined when there is none. A report that cannot be written never fails the run.
 */
export async function reportRun(
  place: ReportPlace | undefined,
  r: ExecutionRecord,
  seed: string,
  generatorVersion: number,
  validations?: readonly ValidationResult[],
): Promise<string | undefined> {
  if (!place) return undefined;
  try {
    return await writeReport(place.folder, {
      runId: r.id,
      planName: r.planName,
      planDescription: place.planDescription,
      mode: r.mode,
      status: r.status,
      failedReason: r.failedReason,
      createdTs: r.createdTs,
      finishedTs: r.updatedTs,
      timeTaken: r.timeTaken,
      seed,
      ...(r.nowMicros !== undefined ? { now: new Date(r.nowMicros / 1000).toISOString() } : {}),
      generatorVersion,
      steps: r.generationSummary as StepReport[],
      ...(validations ? { validations } : {}),
      configuration: place.configuration,
    });
  } catch {
    return undefined;
  }
}
