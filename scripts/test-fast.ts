/**
 * `npm run test:fast` (after the type check and lint): the edit loop's tests, with no external
 * tool. It runs the unit tests in src/ and the in-process suites in test/ (golden, api, docs,
 * engine, structure), and leaves out every test file that needs pyarrow, the ORC Java tools, a
 * `rowforge` subprocess or server, a tmpfs mount, a database server (test/support/servers.ts) or the shared example corpus — found by what
 * the file imports from test/support, so a new tool-needing test is left out by the same rule.
 * `npm test` runs everything.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The in-process suites under test/ (e2e, formats read-back, store full-disk, connectors and conformance need tools). */
const FAST_TEST_FOLDERS = ["test/golden", "test/api", "test/docs", "test/engine", "test/structure"];
/** test/support modules that drive an external tool: a test importing one is not fast. */
const TOOL_SUPPORT =
  /\/support\/(pyarrow|orc\/orc-readers|start-serve|small-tmpfs|shared-corpus|servers)\.ts["']|\{[^}]*\brunCli\b[^}]*\}\s*from\s*["'][^"']*\/support\/run-cli\.ts["']/;

const testsUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => join(dir, f));

/** The test files `test:fast` runs, sorted; the others need a tool. */
export function fastTestFiles(): { fast: string[]; slow: string[] } {
  const all = ["src", ...FAST_TEST_FOLDERS].flatMap(testsUnder).sort();
  const fast: string[] = [];
  const slow: string[] = [];
  for (const f of all) (TOOL_SUPPORT.test(readFileSync(join(ROOT, f), "utf8")) ? slow : fast).push(f);
  return { fast, slow };
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === "") {
  const { fast, slow } = fastTestFiles();
  console.log(`test:fast: ${fast.length} test files (left out, they need a tool: ${slow.join(", ")})`);
  const r = spawnSync(
    process.execPath,
    ["--test", "--test-reporter=spec", ...process.argv.slice(2), ...fast],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
  process.exit(r.status ?? 1);
}
