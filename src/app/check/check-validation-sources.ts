import type { ResourceAccess } from "../../access/index.ts";
import type { SourceDocument } from "../../config/index.ts";
import type { Diagnostic } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ResolvedPlan } from "../../model/resolved-plan.ts";
import { unreachableSources } from "../validations/run-validations.ts";
import { documentOf, entryPath } from "./check-validations.ts";

/**
 * The data sources a plan's validations read that cannot be reached, as load-time errors
 * located at the validation entry (file:line:col): `run` and `check` stop on them before
 * anything is generated or read, rather than generating data they cannot validate.
 */
export async function checkValidationSources(
  plan: ResolvedPlan,
  documents: ReadonlyMap<string, SourceDocument>,
  access: ResourceAccess,
  connections?: ReadonlyMap<string, Connection>,
): Promise<Diagnostic[]> {
  if (plan.validations.length === 0 || !plan.config.flags.enableValidation) return [];
  const found = await unreachableSources(plan, access, connections);
  return found.map((u) => {
    const config = plan.validations.find((c) => c.name === u.config)!;
    const doc = documentOf(config, plan, documents);
    const path = doc ? entryPath(doc, config, u.dataSource, u.entry) : undefined;
    const location = doc && path ? doc.locate(path, "key") : doc?.file ? { file: doc.file } : {};
    return {
      severity: "error",
      code: u.error.code,
      message: `validation "${u.config}" of ${u.dataSource}${u.via ? ` (${u.via})` : ""} cannot read its data: ${u.error.message}`,
      location,
      hint: "start the server or fix the connection (host, port, login) the validations read; or set flags.enableValidation false to run without them",
    } satisfies Diagnostic;
  });
}
