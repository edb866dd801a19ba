import { extname } from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic } from "../../errors/index.ts";
import { plainDocument, type SourceDocument } from "../source/source-document.ts";

/** What reading a plan module gives (read-source-file's SourceFileRead, which dispatches here). */
interface PlanModuleRead {
  readonly document: SourceDocument | undefined;
  readonly diagnostics: Diagnostic[];
}

/** Files whose default export is a plan (`rowforge run plan.ts`), imported instead of parsed. */
export const PLAN_MODULE_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

export const isPlanModule = (file: string): boolean =>
  PLAN_MODULE_EXTENSIONS.includes(extname(file).toLowerCase());

const problem = (file: string, message: string): PlanModuleRead => ({
  document: undefined,
  diagnostics: [{ severity: "error", code: "RF_PLAN_MODULE_INVALID", message, location: { file } }],
});

/**
 * A plan value as the loader reads a parsed YAML or JSON document: plain objects, arrays,
 * strings, numbers, booleans and nulls (undefined keys dropped, dates as ISO text), so a plan
 * written in code loads exactly as its YAML equivalent.
 */
export function planValueRead(value: unknown, file: string): PlanModuleRead {
  let plain: unknown;
  try {
    plain = JSON.parse(JSON.stringify(value) ?? "null");
  } catch (e) {
    return problem(file, `the plan cannot be read as data: ${(e as Error).message}`);
  }
  if (typeof plain !== "object" || plain === null || Array.isArray(plain))
    return problem(file, "the plan is not an object (name, dataSources, ...)");
  return { document: plainDocument(plain, file), diagnostics: [] };
}

/**
 * Imports a plan module and reads its default export as a plan. TypeScript modules need a
 * Node that strips types (process.features.typescript), and Node never strips them under
 * node_modules: both are said with a code, not as Node's own error.
 */
export async function readPlanModule(file: string): Promise<PlanModuleRead> {
  const ext = extname(file).toLowerCase();
  if ((ext === ".ts" || ext === ".mts") && !process.features.typescript)
    return problem(
      file,
      `this Node (${process.version}) does not strip TypeScript types, so ${file} cannot be run; use Node 22.18 or later, or write the plan as .mjs`,
    );
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING")
      return problem(
        file,
        `Node does not strip TypeScript types under node_modules, so ${file} cannot be run; move it out of node_modules or write it as .mjs`,
      );
    return problem(file, `importing the plan module failed: ${(e as Error).message ?? String(e)}`);
  }
  if (module.default === undefined)
    return problem(file, "the module has no default export; end it with `export default definePlan({...})`");
  return planValueRead(module.default, file);
}
