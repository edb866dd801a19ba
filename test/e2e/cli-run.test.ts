import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

const contents = (dir: string): string =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(json|csv)$/.test(f))
    .sort()
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("");

test("rowforge run writes the bundled example and prints the summary table", () => {
  const out = fixtureDir({});
  const r = runCli([
    "run",
    "config/plans/accounts/plan.yaml",
    "--output-root",
    out,
    "--now",
    "2026-11-01T00:00:00Z",
  ]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /step\s+format\s+records\s+seconds\s+rows\/s\s+output/);
  assert.match(r.stdout, /accounts\s+json\s+1,000 /);
  assert.match(r.stdout, /done: plan accounts_example, seed 42/);
  assert.match(
    r.stderr,
    /accounts: done 100% 1,000\/1,000 \d+(\.\d)?[kM]?\/s \d+\.\ds\n/,
    "plain progress lines when not on a terminal: records, rate and elapsed time",
  );
});

test("the same seed gives the same bytes with any number of workers", () => {
  const plan = fixtureDir({
    "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml": `name: t
steps:
  - name: s
    type: csv
    options: {path: out/s, partitions: 3}
    count: {records: 30000}
    fields:
      - {name: id, options: {regex: "ID[0-9]{7}", isUnique: true}}
      - {name: name, options: {expression: "#{Name.name}"}}
      - {name: n, type: int, options: {sql: "length(name) * 2"}}
`,
  });
  const runs = ["0", "1", "2"].map((workers) => {
    const out = fixtureDir({});
    const r = runCli([
      "run",
      join(plan, "plan.yaml"),
      "--seed",
      "99",
      "--workers",
      workers,
      "--output-root",
      out,
      "--batch-size",
      "7000",
      "-q",
      "--now",
      "2026-11-01T00:00:00Z",
    ]);
    assert.equal(r.status, 0, r.stderr);
    return contents(out);
  });
  assert.ok(runs[0]!.length > 100_000);
  assert.equal(runs[1], runs[0]);
  assert.equal(runs[2], runs[0]);
});

test("a random seed is chosen, reported, and repeats the output when passed back", () => {
  const out1 = fixtureDir({});
  const first = runCli([
    "run",
    "config/plans/accounts/plan.yaml",
    "--output-root",
    out1,
    "-q",
    "--json",
    "--now",
    "2026-11-01T00:00:00Z",
  ]);
  const seed = (JSON.parse(first.stdout) as { seed: string }).seed;
  assert.equal(seed, "42", "the plan's own seed is used when it has one");
  const plan = fixtureDir({
    "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml":
      "name: t\nsteps: [{name: s, options: {path: out/s}, count: {records: 10}, fields: [{name: a}]}]\n",
  });
  const a = runCli(["run", join(plan, "plan.yaml"), "--output-root", fixtureDir({}), "-q", "--json"]);
  const result = JSON.parse(a.stdout) as { seed: string; seedChosen: boolean };
  assert.equal(result.seedChosen, true);
  const o1 = fixtureDir({});
  const o2 = fixtureDir({});
  runCli([
    "run",
    join(plan, "plan.yaml"),
    "--output-root",
    o1,
    "-q",
    "--seed",
    result.seed,
    "--now",
    "2026-01-01T00:00:00Z",
  ]);
  runCli([
    "run",
    join(plan, "plan.yaml"),
    "--output-root",
    o2,
    "-q",
    "--seed",
    result.seed,
    "--now",
    "2026-01-01T00:00:00Z",
  ]);
  assert.equal(contents(o1), contents(o2));
});

test("exit 2 for invalid input, 1 for a failed run", () => {
  const bad = fixtureDir({ "plan.yaml": "name: p\ntasks: [{name: missing, dataSourceName: d}]\n" });
  const invalid = runCli(["run", join(bad, "plan.yaml")]);
  assert.equal(invalid.status, 2);
  assert.match(invalid.stderr, /RF_TASK_NOT_FOUND/);
  const dir = fixtureDir({
    "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml":
      "name: t\nsteps: [{name: s, options: {path: blocker/out}, count: {records: 10}, fields: [{name: a}]}]\n",
  });
  writeFileSync(join(dir, "blocker"), "a file in the way");
  const failed = runCli(["run", join(dir, "plan.yaml"), "-q"], { cwd: dir });
  assert.equal(failed.status, 1);
  assert.match(failed.stdout, /FAILED/);
  assert.match(failed.stderr, /RF_RUN_FAILED: step "s": .*cannot write to/);
  const badSeed = runCli(["run", join(dir, "plan.yaml"), "--workers", "lots"]);
  assert.equal(badSeed.status, 2);
  assert.match(badSeed.stderr, /error RF_CLI_FLAG_INVALID: --workers must be a whole number/);
});

test("a command-line run is recorded in the home (history and report) and can be deleted again", () => {
  const out = fixtureDir({});
  const home = join(out, "home");
  const run = runCli([
    "run",
    "config/plans/accounts/plan.yaml",
    "--output-root",
    out,
    "--home",
    home,
    "-q",
    "--now",
    "2026-11-01T00:00:00Z",
  ]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /report: .*index\.html/);
  const del = runCli([
    "run",
    "config/plans/accounts/plan.yaml",
    "--output-root",
    out,
    "--home",
    home,
    "-q",
    "--mode",
    "delete",
  ]);
  assert.equal(del.status, 0, del.stderr);
  assert.match(del.stdout, /4,487 records deleted/);
  // The report moved under the output root with the data (generatedReportsFolderPath); it stays.
  assert.ok(readdirSync(join(out, "out", "example", "report")).length >= 1);
  const data = readdirSync(join(out, "out", "example")).filter((f) => f !== "report");
  assert.equal(
    data.map((f) => contents(join(out, "out", "example", f))).join(""),
    "",
    "every data file the run wrote is gone",
  );
  const history = JSON.parse(runCli(["history", "--home", home, "--json"]).stdout) as {
    mode: string;
    status: string;
    runBy: string;
  }[];
  assert.deepEqual(
    history.map((h) => [h.mode, h.status, h.runBy]),
    [
      ["delete", "success", "cli"],
      ["generate", "success", "cli"],
    ],
  );
});

test("rowforge run refuses a transformation outside the transformations folder with exit 2, before writing anything", () => {
  const dir = fixtureDir({
    "plan.yaml": "name: p\ntasks: [{name: t, dataSourceName: d}]\n",
    "task/t.yaml": `name: t
steps:
  - name: s
    type: json
    options: {path: out/s}
    count: {records: 5}
    transformation: {className: CLASS, mode: whole-file}
    fields: [{name: id, options: {regex: "ID[0-9]{3}"}}]
`,
    "elsewhere/evil.mjs": `import { writeFileSync } from "node:fs";\nwriteFileSync(new URL("./ran.txt", import.meta.url), "ran");\nexport function transform(c) { return c; }\n`,
    "transformations/ok.mjs": "export function transform(c) { return c; }\n",
  });
  mkdirSync(join(dir, "transformations", "node_modules", "x"), { recursive: true });
  symlinkSync(
    join(dir, "elsewhere", "evil.mjs"),
    join(dir, "transformations", "node_modules", "x", "index.js"),
  );
  symlinkSync(join(dir, "elsewhere", "evil.mjs"), join(dir, "transformations", "link.mjs"));
  const task = readFileSync(join(dir, "task", "t.yaml"), "utf8");
  const cases: [string, RegExp][] = [
    ["../elsewhere/evil.mjs", /outside the transformations folder/],
    ["link.mjs", /outside the transformations folder/],
    ["node_modules/x/index.js", /outside the transformations folder|under node_modules/],
  ];
  for (const [className, why] of cases) {
    writeFileSync(join(dir, "task", "t.yaml"), task.replace("CLASS", JSON.stringify(className)));
    const out = fixtureDir({});
    const r = runCli(
      [
        "run",
        join(dir, "plan.yaml"),
        "--output-root",
        out,
        "--transformations",
        join(dir, "transformations"),
      ],
      { env: { ROWFORGE_HOME: join(dir, "home") } },
    );
    assert.equal(r.status, 2, `${className}: ${r.stderr}`);
    assert.match(r.stderr, /error RF_TRANSFORMATION_REFUSED/, className);
    assert.match(r.stderr, why, className);
    assert.equal(readdirSync(out).length, 0, "nothing written");
  }
  assert.equal(existsSync(join(dir, "elsewhere", "ran.txt")), false, "the refused module never ran");
  writeFileSync(join(dir, "task", "t.yaml"), task.replace("CLASS", "ok"));
  const ok = runCli(["run", join(dir, "plan.yaml"), "--output-root", fixtureDir({}), "--quiet"], {
    env: { ROWFORGE_TRANSFORMATIONS: join(dir, "transformations"), ROWFORGE_HOME: join(dir, "home") },
  });
  assert.equal(ok.status, 0, ok.stderr);
});
