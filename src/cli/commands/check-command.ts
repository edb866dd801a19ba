import { resolve } from "node:path";
import type { Command } from "commander";
import { hasSuiteEntries, withSuiteEntries } from "../../app/metadata/great-expectations/suite-entries.ts";
import { metadataDocuments } from "../../app/metadata/metadata-documents.ts";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import { runValidations } from "../../app/validate/run-validations.ts";
import { validationsPlan } from "../../app/validate/validations-plan.ts";
import { loadProject } from "../../config/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_INVALID, EXIT_OK, EXIT_VALIDATION_FAILED } from "../exit-codes.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { validationTable } from "../validation-table.ts";

interface CheckFlags {
  config?: string;
  json?: boolean;
}

/**
 * `rowforge check <plan or validation files...>`: runs validations alone against the data as
 * it is now, generating nothing. A plan's enabled validations (its validation files, or the
 * step validations of a unified file) run; validation files given directly run as they are.
 */
export function registerCheck(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("check")
    .description(
      "run the validations of a plan or of validation files against existing data (generates nothing)",
    )
    .argument("<paths...>", "a plan, a unified plan or validation files (or folders of them)")
    .option("-c, --config <file>", "application configuration (connections of the validations' data sources)")
    .option("--json", "print the results as JSON")
    .action(async (paths: string[], flags: CheckFlags) => {
      const load = await loadProject(paths, {
        outputKinds: OUTPUT_KINDS,
        ...(flags.config ? { configPath: flags.config } : {}),
        cwd: io.cwd,
        env: io.env,
      });
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
      const withSuites = hasSuiteEntries(found.validations)
        ? {
            ...found,
            validations: await withSuiteEntries(found.validations, metadataDocuments(found.sources, io.cwd)),
          }
        : found;
      const plan = withSuites;
      const results = await runValidations(plan, { connections: load.connections });
      const metrics = plan.validations.flatMap((c) =>
        Object.values(c.dataSources).flatMap((es) =>
          es.flatMap((e) => e.validations.filter((v) => v.kind === "metric")),
        ),
      ).length;
      if (metrics > 0)
        io.err(
          `note: ${metrics} metric validation(s) measure a run's deliveries and are checked by rowforge run, not here\n`,
        );
      if (flags.json) io.out(`${JSON.stringify({ plan: plan.plan.name, validations: results }, null, 2)}\n`);
      else io.out(validationTable(results));
      setExit(results.every((r) => r.success) ? EXIT_OK : EXIT_VALIDATION_FAILED);
    });
}
