import type { ResourceAccess } from "../../access/index.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import type { ExecutionRecord } from "../../store/index.ts";
import { writeReport } from "../reports/write-report.ts";
import type { ValidationResult } from "../validate/validation-result.ts";
import type { StepReport } from "./step-report.ts";

/**
 * Writes a finished run's report when the plan's configuration asks for reports, under its
 * generatedReportsFolderPath (an output of the plan, held to the access rules) or `reportsRoot`;
 * returns the report folder, or undefined when there is none. A report that cannot be written
 * never fails the run.
 */
export async function reportRun(
  plan: ResolvedPlan,
  r: ExecutionRecord,
  seed: string,
  generatorVersion: number,
  reportsRoot: string,
  access: ResourceAccess,
  validations?: readonly ValidationResult[],
): Promise<string | undefined> {
  if (!plan.config.flags.enableSaveReports) return undefined;
  try {
    const configured = plan.config.folders.generatedReportsFolderPath;
    const root =
      configured === undefined
        ? reportsRoot
        : await access.writable(configured, "configuration folder.generatedReportsFolderPath");
    return await writeReport(root, {
      runId: r.id,
      planName: r.planName,
      planDescription: plan.plan.description,
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
      configuration: plan.config,
    });
  } catch {
    return undefined;
  }
}
