/**
 * The dbldatagen baseline: bench/dbldatagen_w1.py on PySpark local[2] in the project's .venv
 * (scripts/setup-bench-python.sh installs it; `npm run bench` runs that first). Never fails the
 * bench: when PySpark, dbldatagen or Java cannot be had, it says why.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runChild } from "./child-run.ts";
import { countDistinct } from "./distinct-counts.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PYTHON = here("../.venv/bin/python");

export type DbldatagenResult =
  | {
      readonly available: true;
      readonly rows: number;
      /** Spawn of the Python process to the end of Spark's write, seconds. */
      readonly seconds: number;
      /** Spawn to the Spark session being ready (Python, JVM and Spark start), seconds. */
      readonly startSeconds: number;
      /** Spawn to the exit of the Python process (after spark.stop()), seconds. */
      readonly processSeconds: number;
      readonly versions: string;
      /** Distinct values per text column of what it wrote, when asked. */
      readonly distinct?: { readonly rows: number; readonly columns: Readonly<Record<string, number>> };
    }
  | { readonly available: false; readonly reason: string };

const lastLine = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .pop() ?? "";

function unavailable(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} missing: run bash scripts/setup-python.sh`;
  try {
    execFileSync("java", ["-version"], { stdio: "pipe" });
  } catch {
    return "java (17+) not found: run bash scripts/setup-bench-python.sh as root";
  }
  return undefined;
}

function versions(): string | { reason: string } {
  try {
    return execFileSync(
      PYTHON,
      [
        "-c",
        "import pyspark, dbldatagen; print('pyspark', pyspark.__version__, 'dbldatagen', dbldatagen.__version__)",
      ],
      { encoding: "utf8", stdio: "pipe" },
    ).trim();
  } catch (e) {
    const stderr = (e as { stderr?: string }).stderr ?? String(e);
    return { reason: `${lastLine(stderr)} (run bash scripts/setup-bench-python.sh)` };
  }
}

export async function runDbldatagen(rows: number, count = false): Promise<DbldatagenResult> {
  const missing = unavailable();
  if (missing) return { available: false, reason: missing };
  const v = versions();
  if (typeof v !== "string") return { available: false, reason: v.reason };
  const out = mkdtempSync(join(tmpdir(), "rowforge-bench-dbldatagen-"));
  try {
    const r = await runChild(PYTHON, [here("./dbldatagen_w1.py"), String(rows), join(out, "w1")], {
      argsWithSpawnTime: (t) => [String(t)],
    });
    const report = lastLine(r.stdout);
    if (r.code !== 0 || !report.startsWith("{")) {
      const err = r.stderr
        .split("\n")
        .filter((l) => /Error|Exception/.test(l))
        .pop();
      return { available: false, reason: `the run failed (exit ${r.code}): ${err ?? lastLine(r.stderr)}` };
    }
    const m = JSON.parse(report) as { rows: number; sessionReadyMs: number; writtenMs: number };
    return {
      available: true,
      rows: m.rows,
      seconds: m.writtenMs / 1000,
      startSeconds: m.sessionReadyMs / 1000,
      processSeconds: r.seconds,
      versions: v,
      ...(count ? { distinct: await countDistinct(join(out, "w1")) } : {}),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
