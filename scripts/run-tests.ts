/**
 * `npm run test:unit`: every test file of src/ and test/, with the shared servers started once
 * for the whole run (test/support/global-servers.ts). Files run several at a time
 * (ROWFORGE_TEST_CONCURRENCY, default 3: most wait on servers, browsers and subprocesses, not on
 * the CPU), except the files that measure time — rates held each second, a step outrunning
 * its thread's turn — which say so in a line `// rowforge-test: alone (<why>)` and run one at a
 * time after the others, on a machine no other test file loads. Extra arguments go to
 * `node --test`. At the end the slowest files are listed with their time.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { globalSetup, globalTeardown } from "../test/support/global-servers.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ALONE = /^\/\/ rowforge-test: alone\b/m;

const testsUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => join(dir, f))
    .sort();

/** The test files, parted into those that may share the machine and those that run alone. */
export function testFiles(): { together: string[]; alone: string[] } {
  const together: string[] = [];
  const alone: string[] = [];
  for (const f of [...testsUnder("src"), ...testsUnder("test")])
    (ALONE.test(readFileSync(join(ROOT, f), "utf8")) ? alone : together).push(f);
  return { together, alone };
}

/** Runs `node --test` over `files`, `concurrency` at a time; resolves with its exit code. */
function nodeTest(files: readonly string[], concurrency: number, timesFile: string): Promise<number> {
  const args = [
    "--test",
    `--test-concurrency=${concurrency}`,
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    `--test-reporter=${join(ROOT, "scripts", "file-times-reporter.ts")}`,
    `--test-reporter-destination=${timesFile}`,
    ...process.argv.slice(2),
    ...files,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const concurrency = Math.max(1, Number(process.env.ROWFORGE_TEST_CONCURRENCY ?? 3) || 1);
  const { together, alone } = testFiles();
  const times = mkdtempSync(join(tmpdir(), "rowforge-test-times-"));
  const t0 = performance.now();
  await globalSetup();
  let code = 1;
  const phases: string[] = [];
  try {
    const a = performance.now();
    const first = await nodeTest(together, concurrency, join(times, "together.tsv"));
    phases.push(
      `${together.length} files ${concurrency} at a time: ${((performance.now() - a) / 1000).toFixed(0)} s`,
    );
    const b = performance.now();
    const second = alone.length === 0 ? 0 : await nodeTest(alone, 1, join(times, "alone.tsv"));
    phases.push(`${alone.length} files alone: ${((performance.now() - b) / 1000).toFixed(0)} s`);
    code = first !== 0 ? first : second;
  } finally {
    await globalTeardown();
  }
  const rows = ["together.tsv", "alone.tsv"].flatMap((f) => {
    try {
      return readFileSync(join(times, f), "utf8").split("\n").filter(Boolean);
    } catch {
      return [];
    }
  });
  rmSync(times, { recursive: true, force: true });
  const slowest = rows
    .map((r) => r.split("\t"))
    .sort((x, y) => Number(y[1]) - Number(x[1]))
    .slice(0, 15)
    .map(([file, ms]) => `  ${(Number(ms) / 1000).toFixed(1).padStart(6)} s  ${file}`);
  console.log(
    `\ntest run: ${((performance.now() - t0) / 1000).toFixed(0)} s (${phases.join("; ")}); slowest files (their tests' time):\n${slowest.join("\n")}`,
  );
  process.exit(code);
}
