import type { Command } from "commander";
import { openAccess } from "../../access/index.ts";
import { checkProjectReadingSchemas, type ProjectSchemas } from "../../app/check/check-project.ts";
import { loadProject } from "../../config/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_INVALID, EXIT_OK } from "../exit-codes.ts";
import { formatDiagnostic, sortDiagnostics } from "../format-diagnostics.ts";
import { cliLoadOptions } from "../load-options.ts";
import { fieldLines, renderMetadataFields } from "../metadata-fields-report.ts";
import { renderSchemas } from "../schema-report.ts";
import { transformationsFolder } from "../transformations-folder.ts";

interface ValidateFlags {
  config?: string;
  strict?: boolean;
  lenient?: boolean;
  quiet?: boolean;
  json?: boolean;
  showFields?: boolean;
  transformations?: string;
  home?: string;
}

export function registerValidate(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("validate")
    .argument("<paths...>", "files or folders (searched recursively for .yaml, .yml, .json, .conf)")
    .option(
      "-c, --config <file>",
      "application configuration (HOCON, YAML or JSON); default: $APPLICATION_CONFIG_PATH or ./application.conf",
    )
    .option("--strict", "treat unknown keys as errors")
    .option(
      "--transformations <dir>",
      "the folder `run` loads transformations from, each checked to load (env ROWFORGE_TRANSFORMATIONS; default <home>/transformations)",
    )
    .option(
      "--home <dir>",
      "the home whose transformations folder is checked (env ROWFORGE_HOME; default ~/.rowforge)",
    )
    .option("--lenient", "unknown keys inside field options are warnings, not errors (as `run --lenient`)")
    .option("-q, --quiet", "print errors only, not warnings")
    .option("--json", "print the problems as JSON")
    .option(
      "--show-fields",
      "list every field of steps whose fields come from a metadata source (JSON Schema, OpenAPI)",
    )
    .action(async (paths: string[], flags: ValidateFlags) => {
      const load = await loadProject(paths, {
        ...cliLoadOptions(flags, io),
        strict: flags.strict ?? false,
        lenientOptions: flags.lenient ?? false,
      });
      // A dry run of `run`: every enabled step is compiled as `run` compiles it, database steps
      // without fields with the columns read from their tables.
      const dry = await checkProjectReadingSchemas(load, openAccess(io.cwd), {
        transformations: transformationsFolder(io, flags),
      });
      const diagnostics = [...load.diagnostics, ...dry.diagnostics];
      const shown = sortDiagnostics(diagnostics).filter((d) => !flags.quiet || d.severity === "error");
      const errors = diagnostics.filter((d) => d.severity === "error").length;
      const warnings = diagnostics.length - errors;
      if (flags.json) {
        io.out(
          `${JSON.stringify({ files: load.files, plans: load.plans.map((p) => p.plan.name), errors, warnings, diagnostics: shown, schemas: jsonSchemas(dry.schemas), metadata: jsonMetadata(dry.metadata) }, null, 2)}\n`,
        );
      } else {
        for (const d of shown) io.err(`${formatDiagnostic(d, { cwd: io.cwd, color: io.color })}\n`);
        const read = renderSchemas(dry.schemas);
        if (read) io.out(`${read}\n`);
        const fromMetadata = renderMetadataFields(dry.metadata, flags.showFields ?? false);
        if (fromMetadata) io.out(`${fromMetadata}\n`);
        const kinds = new Map<string, number>();
        for (const f of load.files) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
        const summary = [...kinds].map(([k, n]) => `${n} ${k}`).join(", ");
        io.out(
          `checked ${load.files.length} file(s)${summary ? ` (${summary})` : ""}${load.configPath ? ` with configuration ${load.configPath}` : ""}: ${errors} error(s), ${warnings} warning(s)\n`,
        );
      }
      setExit(errors > 0 ? EXIT_INVALID : EXIT_OK);
    });
}

/** What was read from the databases, as `validate --json` gives it (no server object references). */
function jsonSchemas(schemas: ProjectSchemas["schemas"]) {
  return schemas.flatMap((p) =>
    p.steps.map((s) => ({
      plan: p.plan,
      step: s.id,
      table: s.table.name,
      server: s.table.server,
      columns: s.columns,
      primaryKey: s.table.primaryKey,
      foreignKeys: s.foreignKeys.map((l) => ({
        name: l.fk.name,
        columns: l.fk.columns,
        references: l.fk.referencesName,
        referencedColumns: l.fk.referencedColumns,
        applied: l.applied,
        note: l.note,
      })),
      checks: s.checks,
    })),
  );
}

/** Steps whose fields came from a metadata source, as `validate --json` gives them. */
function jsonMetadata(metadata: ProjectSchemas["metadata"]) {
  return metadata.flatMap((p) =>
    p.steps.map((s) => ({
      plan: p.plan,
      step: s.id,
      from: s.from,
      source: s.source,
      document: s.document,
      fields: fieldLines(s.fields, s.declared),
      validations: s.validations,
      skipped: s.skipped,
    })),
  );
}
