import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { openAccess } from "../../access/index.ts";
import { checkValidationSources } from "../../app/check/check-validation-sources.ts";
import { lastRunReports } from "../../app/validations/last-run-reports.ts";
import { runValidations, type ValidationRunOptions } from "../../app/validations/run-validations.ts";
import { loadProject } from "../../config/index.ts";
import { hasSuiteEntries, metadataDocuments, withSuiteEntries } from "../../metadata/index.ts";
import { validationsPlan } from "../../quality/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_INVALID, EXIT_OK, EXIT_VALIDATION_FAILED } from "../exit-codes.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { cliLoadOptions } from "../load-options.ts";
import { validationTable } from "../validation-table.ts";

interface CheckFlags {
  config?: string;
  json?: boolean;
  home?: string;
}

/**
 * `rowforge check <plan or validation files...>`: runs validations alone against the data as
 * it is now, generating nothing. A plan's enabled validations (its validation files, or the
 * step validations of a unified file) run; validation files given directly run as they are.
 */
export function registerCheck(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("check")
    .argument("<paths...>", "a plan, a unified plan or validation files (or folders of them)")
    .option("-c, --config <file>", "application configuration (connections of the validations' data sources)")
    .option("--json", "print the results as JSON")
    .option(
      "--home <dir>",
      "rowforge home whose run history metric validations measure: the plan's last run (env ROWFORGE_HOME; default ~/.rowforge when it exists)",
    )
    .action(async (paths: string[], flags: CheckFlags) => {
      const load = await loadProject(paths, cliLoadOptions(flags, io));
      const errors = load.diagnostics.filter((d) => d.severity === "error");
      for (const d of sortDiagnostics(load.diagnostics))
        io.err(`${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`);
      if (errors.length > 0) {
        setExit(EXIT_INVALID);
        return;
      }
      const given = new Set(paths.map((p) => resolve(io.cwd, p)));
      const plans = load.plans.filter((p) => p.validations.length > 0);
      const found =
        plans[0] ??
        validationsPlan(
          [...load.validations.values()],
          load.config,
          load.files.filter((f) => given.has(f.path)).map((f) => f.path),
        );
      if (found.validations.length === 0) {
        io.err("rowforge: no validations found in the files given\n");
        setExit(EXIT_INVALID);
        return;
      }
      // Entries naming a Great Expectations suite get its expectations first.
      const plan = hasSuiteEntries(found.validations)
        ? {
            ...found,
            validations: await withSuiteEntries(
              found.validations,
              metadataDocuments(found.sources, openAccess(io.cwd)),
            ),
          }
        : found;
      // A server the validations read that cannot be reached is an error up front (exit 2), as for run.
      const unreachable = await checkValidationSources(
        plan,
        load.documents,
        openAccess(io.cwd),
        load.connections,
      );
      if (unreachable.length > 0) {
        for (const d of sortDiagnostics(unreachable))
          io.err(`${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`);
        setExit(EXIT_INVALID);
        return;
      }
      // Metric validations measure a run: the last one of the plan recorded in the home's history.
      const metricSources = plan.validations.flatMap((c) =>
        Object.entries(c.dataSources).flatMap(([ds, es]) =>
          es.some((e) => e.validations.some((v) => v.kind === "metric")) ? [ds] : [],
        ),
      );
      let metrics: Partial<ValidationRunOptions> = {};
      if (metricSources.length > 0) {
        const defaultHome = join(homedir(), ".rowforge");
        const home =
          flags.home || io.env.ROWFORGE_HOME || (existsSync(defaultHome) ? defaultHome : undefined);
        const last = await lastRunReports(
          home === undefined ? undefined : resolve(io.cwd, home),
          plans[0] ? plan.plan.name : undefined,
          metricSources,
        );
        if ("missing" in last) {
          metrics = { stepReportsMissing: last.missing };
          io.err(`note: metric validations cannot be checked: ${last.missing}\n`);
        } else {
          metrics = { stepReports: last.reports, stepReportsOf: `run ${last.runId} (${last.createdTs})` };
          io.err(
            `note: metric validations measure the last recorded run, ${last.runId} of ${last.createdTs}\n`,
          );
        }
      }
      const results = await runValidations(plan, {
        access: openAccess(io.cwd),
        connections: load.connections,
        ...metrics,
      });
      if (flags.json) io.out(`${JSON.stringify({ plan: plan.plan.name, validations: results }, null, 2)}\n`);
      else io.out(validationTable(results));
      setExit(results.every((r) => r.success) ? EXIT_OK : EXIT_VALIDATION_FAILED);
    });
}
