import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (test/support/orc → ../../..). */
export const REPO_ROOT = resolve(here, "../../..");
const PYTHON = join(REPO_ROOT, ".venv/bin/python");
const TOOLS_DIR = join(REPO_ROOT, ".tools");

/** What the pyarrow reader script prints for a file. */
export interface PyarrowRead {
  readonly rows: number;
  readonly stripes: number;
  readonly stripe_rows: number[];
  readonly compression: string;
  readonly compression_size: number;
  readonly file_version: string;
  readonly writer: string;
  readonly writer_version: string;
  readonly software_version: string;
  readonly row_index_stride: number;
  readonly schema: [string, string][];
  readonly columns: Record<string, unknown[]>;
}

/** Reads an ORC file with pyarrow; fails (never skips) when the virtual environment is missing. */
export function readWithPyarrow(path: string): PyarrowRead {
  if (!existsSync(PYTHON)) {
    throw new Error(`pyarrow is needed for this test: run scripts/setup-python.sh (no ${PYTHON})`);
  }
  const r = spawnSync(PYTHON, [join(here, "read-orc.py"), path], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`pyarrow could not read ${path}:\n${r.stderr}`);
  return JSON.parse(r.stdout) as PyarrowRead;
}

/** The ORC tools jar; fails (never skips) when java or the jar is missing. */
export function orcToolsJar(): string {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error(
      "the Apache ORC Java tools are needed for this test, and java is not available: run scripts/setup-orc-tools.sh (it installs a JDK and fetches the ORC tools jar into .tools/)",
    );
  }
  const jar = existsSync(TOOLS_DIR)
    ? readdirSync(TOOLS_DIR).find((f) => /^orc-tools-.*-uber\.jar$/.test(f))
    : undefined;
  if (!jar)
    throw new Error(
      `the Apache ORC Java tools are needed for this test, and no orc-tools-*-uber.jar is in ${TOOLS_DIR}: run scripts/setup-orc-tools.sh`,
    );
  return join(TOOLS_DIR, jar);
}

/** Runs `java -jar orc-tools meta|data …` (or a Java source file with the jar on the class path); returns stdout. */
export function runJava(args: readonly string[]): string {
  const r = spawnSync("java", args, { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0)
    throw new Error(`java ${args.join(" ")} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}
