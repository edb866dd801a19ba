import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ReaderProcess } from "../reader-process.ts";

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

function requirePython(): void {
  if (!existsSync(PYTHON)) {
    throw new Error(`pyarrow is needed for this test: run scripts/setup-python.sh (no ${PYTHON})`);
  }
}

/** Reads an ORC file with pyarrow; fails (never skips) when the virtual environment is missing. */
export function readWithPyarrow(path: string): PyarrowRead {
  requirePython();
  const r = spawnSync(PYTHON, [join(here, "read-orc.py"), path], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`pyarrow could not read ${path}:\n${r.stderr}`);
  return JSON.parse(r.stdout) as PyarrowRead;
}

/** pyarrow reading many ORC files in one interpreter (a test file's; close it in `after`). */
export interface PyarrowReader {
  read(path: string): Promise<PyarrowRead>;
  close(): Promise<void>;
}

/** Starts one pyarrow reader; fails (never skips) when the virtual environment is missing. */
export function pyarrowReader(): PyarrowReader {
  requirePython();
  const p = ReaderProcess.start(PYTHON, [join(here, "read-orc.py"), "--serve"], "pyarrow (read-orc.py)");
  return {
    read: async (path) => JSON.parse(await p.request([path])) as PyarrowRead,
    close: () => p.close(),
  };
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

/** Runs `java -jar orc-tools …` once; returns stdout. */
export function runJava(args: readonly string[]): string {
  const r = spawnSync("java", args, { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0)
    throw new Error(`java ${args.join(" ")} failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

const JAVA_READER = join(here, "orc-java-reader.java");

/**
 * The Java reader (orc-java-reader.java) compiled against `jar`, kept in .tools under a name
 * keyed by its source and the jar, so runs after the first start it without compiling (the
 * source launcher compiles on every start: seconds of CPU). Two test processes compiling at once
 * each compile into a folder of their own; the first rename wins, the other is dropped.
 */
function compiledJavaReader(jar: string): string {
  const source = readFileSync(JAVA_READER);
  const key = createHash("sha256").update(source).update(jar).digest("hex").slice(0, 16);
  const dir = join(TOOLS_DIR, `orc-java-reader-${key}`);
  if (existsSync(join(dir, "OrcJavaReader.class"))) return dir;
  const made = mkdtempSync(join(TOOLS_DIR, ".orc-java-reader-"));
  const r = spawnSync("javac", ["-nowarn", "-cp", jar, "-d", made, JAVA_READER], { encoding: "utf8" });
  if (r.status !== 0) {
    rmSync(made, { recursive: true, force: true });
    throw new Error(
      `javac could not compile ${JAVA_READER} (${r.error?.message ?? r.status}; a JDK is needed: scripts/setup-orc-tools.sh):\n${r.stderr}`,
    );
  }
  try {
    renameSync(made, dir);
  } catch (e) {
    rmSync(made, { recursive: true, force: true });
    if (!existsSync(join(dir, "OrcJavaReader.class"))) throw e;
  }
  return dir;
}

/**
 * One JVM with the ORC tools for a test file (close it in `after`): `run(args)` answers the
 * tools' own commands (`meta -j FILE`, `data FILE`) and orc-java-reader.java's `seek` and
 * `between`, each with what it prints. Times are read in UTC.
 */
export interface OrcJava {
  run(args: readonly string[]): Promise<string>;
  close(): Promise<void>;
}

export function orcJava(): OrcJava {
  const jar = orcToolsJar();
  const classes = compiledJavaReader(jar);
  const p = ReaderProcess.start(
    "java",
    // The JIT's first tier and the serial collector: half the CPU for reads this small.
    [
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-Duser.timezone=UTC",
      "-cp",
      `${classes}:${jar}`,
      "OrcJavaReader",
    ],
    "the ORC Java tools (orc-java-reader.java)",
  );
  return { run: (args) => p.request(args), close: () => p.close() };
}
