/**
 * `rowforge run` end to end (process start included) for W1 in every format and for W2, each
 * compared with writing the same number of bytes with a plain fs.write loop in the same run.
 */
import { execFileSync } from "node:child_process";
import {
  closeSync,
  cpSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const CLI = here("../bin/rowforge.js");

export interface FormatResult {
  readonly workload: string;
  readonly format: string;
  readonly seconds: number;
  readonly bytes: number;
  readonly rows: number;
  readonly plainWriteSeconds: number;
  readonly target?: number;
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) n += statSync(join(e.parentPath, e.name)).size;
  }
  return n;
}

/** Writes `bytes` bytes in 1 MiB chunks with writeSync: how fast the disk takes the same output. */
function plainWrite(bytes: number, dir: string): number {
  const chunk = Buffer.alloc(1 << 20, 97);
  const file = join(dir, "plain.bin");
  const started = performance.now();
  const fd = openSync(file, "w");
  for (let left = bytes; left > 0; left -= chunk.length)
    writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  closeSync(fd);
  const seconds = (performance.now() - started) / 1000;
  rmSync(file);
  return seconds;
}

function planVariant(source: string, format: string, extraOptions: string): string {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-bench-plan-"));
  cpSync(source, dir, { recursive: true });
  const taskDir = join(dir, "task");
  for (const f of readdirSync(taskDir)) {
    const p = join(taskDir, f);
    let text = readFileSync(p, "utf8").replace(/type: "json"\n/, `type: "${format}"\n`);
    if (extraOptions) text = text.replace(/options:\n(\s+)path:/, `options:\n$1${extraOptions}\n$1path:`);
    writeFileSync(p, text);
  }
  return join(dir, "plan.yaml");
}

export function runFormatBenchmarks(): FormatResult[] {
  const out: FormatResult[] = [];
  const cases = [
    { workload: "w1", format: "json", options: "", target: 2.5 },
    { workload: "w1", format: "csv", options: "", target: undefined },
    { workload: "w1", format: "parquet", options: 'compression: "zstd"', target: 4 },
    { workload: "w1", format: "orc", options: 'compression: "zstd"', target: 4 },
    { workload: "w2", format: "json", options: "", target: 2 },
  ];
  for (const c of cases) {
    const plan = planVariant(here(`./plans/${c.workload}`), c.format, c.options);
    const outDir = mkdtempSync(join(tmpdir(), "rowforge-bench-out-"));
    const args = [CLI, "run", plan, "--output-root", outDir, "--quiet", "--now", "2026-11-01T00:00:00Z"];
    const started = performance.now();
    let stdout: string;
    try {
      stdout = execFileSync(process.execPath, args, { encoding: "utf8" });
    } catch (e) {
      console.log(`${c.workload} ${c.format}: failed: ${(e as { stderr?: string }).stderr ?? String(e)}`);
      continue;
    }
    const seconds = (performance.now() - started) / 1000;
    const bytes = folderBytes(outDir);
    const rows = Number(/([\d,]+) records/.exec(stdout)?.[1]?.replace(/,/g, "") ?? 0);
    const plainWriteSeconds = plainWrite(bytes, outDir);
    rmSync(outDir, { recursive: true, force: true });
    out.push({
      workload: c.workload,
      format: c.format,
      seconds,
      bytes,
      rows,
      plainWriteSeconds,
      ...(c.target ? { target: c.target } : {}),
    });
  }
  return out;
}
