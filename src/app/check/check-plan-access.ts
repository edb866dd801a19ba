import type { ResourceAccess } from "../../access/index.ts";
import { findConnector } from "../../connectors/registry.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { METADATA_LOCATION_OPTIONS } from "../../metadata/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { loadQualityEngine } from "../../quality/index.ts";

/** The refusals of the access rules; any other problem is left to the check that owns it. */
const REFUSALS = new Set(["RF_PATH_NOT_ALLOWED", "RF_URL_NOT_ALLOWED"]);

/**
 * Checks every file and URL a plan names against the access rules before anything runs, with
 * no I/O but the file system's (real paths): its steps' outputs, schemas and endpoints
 * (Connector.checkAccess), the documents of its metadata sources, the data its validations
 * read back, their schema files, suites and wait conditions, and its report folder. Throws the
 * first refusal (RF_PATH_NOT_ALLOWED, RF_URL_NOT_ALLOWED), so a server answers a 4xx at once;
 * what is read later (a `$ref`, an import) is held to the same rules when it is read.
 */
export async function checkPlanAccess(
  plan: ResolvedPlan,
  access: ResourceAccess,
  connections?: ReadonlyMap<string, Connection>,
): Promise<void> {
  const checks: (() => Promise<unknown> | unknown)[] = [];
  const location = (value: unknown, where: string) => {
    if (typeof value !== "string" || value.trim() === "") return;
    checks.push(() =>
      /^https?:\/\//i.test(value.trim()) ? access.url(value, where) : access.readable(value, where),
    );
  };
  for (const r of plan.steps) {
    const where = `step "${r.step.name}"`;
    const connector = await findConnector(r.format);
    if (connector?.checkAccess) checks.push(() => connector.checkAccess!(r, access, "write"));
    for (const k of METADATA_LOCATION_OPTIONS) location(r.step.options[k], `${where}: ${k}`);
  }
  // The quality engine knows what validations read: loaded only for a plan that has some.
  const quality = plan.validations.length > 0 ? await loadQualityEngine() : undefined;
  for (const source of quality?.validationSources(plan, connections) ?? []) {
    const connector = await findConnector(source.step.format);
    if (connector?.checkAccess) checks.push(() => connector.checkAccess!(source.step, access, "read"));
  }
  if (quality)
    for (const config of plan.validations)
      for (const [ds, entries] of Object.entries(config.dataSources))
        entries.forEach((e, i) => {
          const where = `validation "${config.name}" of ${ds}, entry ${i}`;
          location(e.options.expectationsFile, `${where}: expectationsFile`);
          if (e.waitCondition?.kind === "fileExists")
            location(e.waitCondition.options.path, `${where}: wait path`);
          if (e.waitCondition?.kind === "webhook")
            location(e.waitCondition.options.url, `${where}: wait url`);
          for (const file of e.validations.flatMap(quality.schemaFiles))
            location(file, `${where}: schemaFile`);
        });
  const reports = plan.config.folders.generatedReportsFolderPath;
  if (reports !== undefined)
    checks.push(() => access.writable(reports, "configuration folder.generatedReportsFolderPath"));
  for (const check of checks) {
    try {
      await check();
    } catch (e) {
      if (isRowforgeError(e) && REFUSALS.has(e.code)) throw e;
    }
  }
}
