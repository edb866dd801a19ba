/**
 * `npm run test:unit`: every test file of src/ and test/, with the shared servers started once
 * for the whole run (test/support/global-servers.ts). Files run several at a time
 * (ROWFORGE_TEST_CONCURRENCY, default 3: most wait on servers, browsers and subprocesses, not on
 * the CPU), except the files that measure time — rates held each second, a step outrunning
 * its thread's turn — which say so in a line `// rowforge-test: alone (<why>)` and run one at a
 * time after the others, on a machine no other test file loads. The files start longest first,
 * by the times in test/file-times.tsv, so a slow file does not start last and run on by itself
 * while the other slots stand idle; `ROWFORGE_TEST_TIMES=record` writes that table anew from the
 * run's own times. The unit tests beside the code (src/, workers/, scripts/) run meanwhile in
 * this process, one file after another (isolation "none"): a process per file cost about 2 s of
 * start and imports each, more than most of them take. Arguments, when given, are the files or
 * folders to run the tests of. At the end the slowest files are listed with their time.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { pipeline } from "node:stream/promises";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { fileURLToPath } from "node:url";
import { globalSetup, globalTeardown } from "../test/support/global-servers.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TIMES_FILE = join(ROOT, "test", "file-times.tsv");
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

/** `file\tms` lines as a map; lines that are not such pairs are passed over. */
function parseTimes(text: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const line of text.split("\n")) {
    const [file, ms] = line.split("\t");
    if (file && ms !== undefined && Number.isFinite(Number(ms))) times.set(file, Number(ms));
  }
  return times;
}

/**
 * `files` in the order to start them: the longest first by `times`; a file with no time yet (a
 * new one) counts as the median, and files of equal time keep their order.
 */
export function longestFirst(files: readonly string[], times: ReadonlyMap<string, number>): string[] {
  const known = files.map((f) => times.get(f)).filter((ms) => ms !== undefined);
  const sorted = [...known].sort((x, y) => x - y);
  const median = sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
  const timeOf = (f: string): number => times.get(f) ?? median;
  return files
    .map((file, at) => ({ file, at, ms: timeOf(file) }))
    .sort((x, y) => y.ms - x.ms || x.at - y.at)
    .map((x) => x.file);
}

/**
 * The times of `measured` by test file: a test is timed where it is written, so the time of
 * tests a shared suite defines (a `.suite.ts` the test files import) goes to the test files that
 * name that module, shared equally.
 */
function byTestFile(
  measured: ReadonlyMap<string, number>,
  testFiles: readonly string[],
): Map<string, number> {
  const isTestFile = new Set(testFiles);
  const times = new Map<string, number>();
  const add = (f: string, ms: number) => times.set(f, (times.get(f) ?? 0) + Math.round(ms));
  for (const [file, ms] of measured) {
    if (isTestFile.has(file)) {
      add(file, ms);
      continue;
    }
    const name = basename(file);
    const importers = testFiles.filter((t) => readFileSync(join(ROOT, t), "utf8").includes(name));
    for (const t of importers) add(t, ms / importers.length);
  }
  return times;
}

function readTimes(): Map<string, number> {
  try {
    return parseTimes(readFileSync(TIMES_FILE, "utf8"));
  } catch {
    return new Map();
  }
}

interface TestEvent {
  readonly data: {
    readonly nesting?: number;
    readonly file?: string;
    readonly details?: { duration_ms?: number };
  };
}

/**
 * Runs `files` through node:test's `run`, `concurrency` at a time, in the order given (the
 * `node --test` command sorts its files by name), printing the spec reporter's lines. Resolves
 * with whether every test passed and each file's time: that of its top-level tests.
 */
async function runFiles(
  files: readonly string[],
  concurrency: number,
  isolation: "process" | "none" = "process",
): Promise<{ passed: boolean; times: Map<string, number> }> {
  const times = new Map<string, number>();
  let passed = true;
  if (files.length === 0) return { passed, times };
  const stream = run({ files: files.map((f) => join(ROOT, f)), concurrency, cwd: ROOT, isolation });
  const count = (failed: boolean) => (event: TestEvent["data"]) => {
    if (event.nesting !== 0 || event.file === undefined) return;
    if (failed) passed = false;
    const file = relative(ROOT, event.file);
    times.set(file, (times.get(file) ?? 0) + Math.round(event.details?.duration_ms ?? 0));
  };
  stream.on("test:pass", count(false));
  stream.on("test:fail", count(true));
  await pipeline(stream.compose(spec), process.stdout, { end: false });
  return { passed, times };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const concurrency = Math.max(1, Number(process.env.ROWFORGE_TEST_CONCURRENCY ?? 3) || 1);
  const chosen = (f: string): boolean =>
    process.argv.length <= 2 ||
    process.argv.slice(2).some((a) => f === a || f.startsWith(`${a.replace(/\/$/, "")}/`));
  const files = testFiles();
  const alone = files.alone.filter(chosen);
  const isUnit = (f: string): boolean => !f.startsWith("test/");
  const units = files.together.filter((f) => chosen(f) && isUnit(f));
  const together = longestFirst(
    files.together.filter((f) => chosen(f) && !isUnit(f)),
    readTimes(),
  );
  const t0 = performance.now();
  await globalSetup();
  let passed = false;
  const phases: string[] = [];
  const measured = new Map<string, number>();
  try {
    const a = performance.now();
    const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(0)} s`;
    const [first, unit] = await Promise.all([
      runFiles(together, concurrency).finally(() =>
        phases.push(`${together.length} files ${concurrency} at a time: ${since(a)}`),
      ),
      runFiles(units, 1, "none").finally(() =>
        phases.push(`${units.length} unit files in this process: ${since(a)}`),
      ),
    ]);
    const b = performance.now();
    const second = alone.length === 0 ? { passed: true, times: new Map() } : await runFiles(alone, 1);
    phases.push(`${alone.length} files alone: ${((performance.now() - b) / 1000).toFixed(0)} s`);
    passed = first.passed && unit.passed && second.passed;
    for (const [f, ms] of [...first.times, ...unit.times, ...second.times]) measured.set(f, ms);
  } finally {
    await globalTeardown();
  }
  const all = [...files.together, ...files.alone];
  const perFile = byTestFile(measured, all);
  if (process.env.ROWFORGE_TEST_TIMES === "record") {
    // A run of some files keeps the others' times; files that are gone leave the table.
    const table = new Map([...readTimes()].filter(([f]) => all.includes(f)));
    for (const [f, ms] of perFile) table.set(f, ms);
    const lines = [...table].sort(([x], [y]) => (x < y ? -1 : 1)).map(([f, ms]) => `${f}\t${ms}\n`);
    writeFileSync(TIMES_FILE, lines.join(""));
  }
  const slowest = [...perFile]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 15)
    .map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
  console.log(
    `\ntest run: ${((performance.now() - t0) / 1000).toFixed(0)} s (${phases.join("; ")}); slowest files (their tests' time):\n${slowest.join("\n")}`,
  );
  process.exit(passed ? 0 : 1);
}
