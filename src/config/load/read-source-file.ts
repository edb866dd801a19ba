import { readFile, stat } from "node:fs/promises";
import { extname } from "node:path";
import type { Diagnostic } from "../../errors/index.ts";
import type { Env } from "../env/substitute-env.ts";
import { parseHocon } from "../hocon/index.ts";
import { readYaml } from "../source/read-yaml.ts";
import type { SourceDocument } from "../source/source-document.ts";

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

/** Reads and parses a file; a missing, unreadable or oversized file is a diagnostic, never a throw. */
export async function readSourceFile(file: string, env: Env): Promise<SourceFileRead> {
  try {
    const info = await stat(file);
    if (!info.isFile()) {
      return {
        document: undefined,
        diagnostics: [
          { severity: "error", code: "RF_FILE_READ", message: `${file} is not a file`, location: { file } },
        ],
      };
    }
    if (info.size > MAX_SOURCE_BYTES) {
      return {
        document: undefined,
        diagnostics: [
          {
            severity: "error",
            code: "RF_FILE_TOO_LARGE",
            message: `${file} is ${info.size} bytes; plans, tasks and configuration files are limited to ${MAX_SOURCE_BYTES}`,
            location: { file },
          },
        ],
      };
    }
    return parseSourceText(await readFile(file, "utf8"), file, env);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code === "ENOENT" ? "RF_FILE_NOT_FOUND" : "RF_FILE_READ";
    const message =
      code === "RF_FILE_NOT_FOUND"
        ? `${file} does not exist`
        : `${file} cannot be read: ${(e as Error).message}`;
    return { document: undefined, diagnostics: [{ severity: "error", code, message, location: { file } }] };
  }
}
