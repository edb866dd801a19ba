import { extname } from "node:path";
import { type Diagnostic, isRowforgeError } from "../../errors/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { parseHocon } from "../hocon/index.ts";
import { readYaml } from "../source/read-yaml.ts";
import type { SourceDocument } from "../source/source-document.ts";
import { isPlanModule, planValueRead, readPlanModule } from "./read-plan-module.ts";
import { readRegularFile } from "./read-regular-file.ts";

export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
export const SOURCE_EXTENSIONS = [".yaml", ".yml", ".json", ".conf", ".hocon"];

export interface SourceFileRead {
  readonly document: SourceDocument | undefined;
  readonly diagnostics: Diagnostic[];
  /** The file holds data (NDJSON records), not a plan: it is skipped, not reported. */
  readonly dataFile?: boolean;
}

/** Two or more lines that are each one JSON object: an NDJSON data file (a run's output, a fixture). */
export function looksLikeNdjson(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length < 2) return false;
  for (const line of lines.slice(0, 3)) {
    const t = line.trim();
    if (!t.startsWith("{") || !t.endsWith("}")) return false;
    try {
      JSON.parse(t);
    } catch {
      return false;
    }
  }
  return true;
}

/** Parses text by its syntax: HOCON for .conf/.hocon, YAML (a superset of JSON) otherwise. */
export function parseSourceText(text: string, file: string | undefined, env: Env): SourceFileRead {
  const ext = file ? extname(file).toLowerCase() : "";
  if (ext === ".conf" || ext === ".hocon") {
    const r = parseHocon(text, { ...(file === undefined ? {} : { file }), env });
    const document: SourceDocument = {
      file,
      value: r.value,
      locate: (path) => ({ ...(file === undefined ? {} : { file }), ...r.locate(path.map(String)) }),
    };
    return {
      document: r.diagnostics.some((d) => d.severity === "error") ? undefined : document,
      diagnostics: r.diagnostics,
    };
  }
  if (ext === ".json" && looksLikeNdjson(text))
    return { document: undefined, diagnostics: [], dataFile: true };
  const r = readYaml(text, file);
  if (ext === ".json") {
    return {
      document: r.document,
      diagnostics: r.diagnostics.map((d) =>
        d.code === "RF_YAML_SYNTAX" ? { ...d, code: "RF_JSON_SYNTAX" } : d,
      ),
    };
  }
  return r;
}

/**
 * Reads and parses a file; a missing, special, unreadable or oversized file is a diagnostic, never a throw or a hang.
 * With `modules`, a plan module (plan.ts, plan.mjs) is imported and its default export read; a
 * plan given as a value (`values`, by the path it stands for: the library's definePlan objects)
 * is read as is.
 */
export async function readSourceFile(
  file: string,
  env: Env,
  plans: {
    readonly values?: ReadonlyMap<string, unknown> | undefined;
    readonly modules?: boolean | undefined;
  } = {},
): Promise<SourceFileRead> {
  if (plans.values?.has(file)) return planValueRead(plans.values.get(file), file);
  if (plans.modules && isPlanModule(file)) return readPlanModule(file);
  let text: string;
  try {
    text = (await readRegularFile(file, MAX_SOURCE_BYTES)).toString("utf8");
  } catch (e) {
    if (!isRowforgeError(e)) throw e;
    return {
      document: undefined,
      diagnostics: [{ severity: "error", code: e.code, message: e.message, location: { file } }],
    };
  }
  return parseSourceText(text, file, env);
}
