import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { openStore } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

const TASK = [
  "name: t",
  "steps:",
  "  - name: s",
  "    options: {path: /data/s}",
  "    count: {records: 3}",
  "    fields: [{name: id, options: {regex: 'A[0-9]{4}'}}, {name: d, type: date, options: {min: today-3d, max: today}}]",
  "",
].join("\n");

test("items 9 and 14: --output-root moves the report too, and the summary and report give the reference time beside the seed", () => {
  const dir = fixtureDir({
    "application.conf": 'folders { generatedReportsFolderPath = "/var/reports" }\n',
    "task.yaml": TASK,
  });
  const out = fixtureDir({});
  const noHome = fixtureDir({});
  const args = [
    "run",
    join(dir, "task.yaml"),
    "--output-root",
    out,
    "--seed",
    "5",
    "--now",
    "2026-03-04T05:06:07Z",
  ];
  const r = runCli([...args, "--workers", "0"], { cwd: dir, env: { HOME: noHome, ROWFORGE_HOME: "" } });
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /done: plan t, seed 5, now 2026-03-04T05:06:07\.000Z \(repeat with --seed 5 --now 2026-03-04T05:06:07\.000Z\)/,
  );
  const report = /report: (.*index\.html)/.exec(r.stdout)?.[1] ?? "";
  assert.ok(report.startsWith(join(out, "var", "reports")), `report under the output root: ${report}`);
  assert.ok(existsSync(report));
  assert.match(readFileSync(report, "utf8"), /Reference time.*2026-03-04T05:06:07\.000Z/);
  const results = JSON.parse(readFileSync(join(report, "..", "results.json"), "utf8")) as { now: string };
  assert.equal(results.now, "2026-03-04T05:06:07.000Z");
  // The seed and reference time printed repeat the data byte for byte.
  const first = readFileSync(
    join(out, "data", "s", readdirSync(join(out, "data", "s")).find((f) => f.endsWith(".json"))!),
  );
  const out2 = fixtureDir({});
  const again = runCli(
    [
      "run",
      join(dir, "task.yaml"),
      "--output-root",
      out2,
      "--seed",
      "5",
      "--now",
      "2026-03-04T05:06:07.000Z",
      "--workers",
      "0",
    ],
    {
      cwd: dir,
      env: { HOME: noHome, ROWFORGE_HOME: "" },
    },
  );
  assert.equal(again.status, 0, again.stderr);
  const second = readFileSync(
    join(out2, "data", "s", readdirSync(join(out2, "data", "s")).find((f) => f.endsWith(".json"))!),
  );
  assert.deepEqual(second, first);
});

test("item 13: history lists the runs of a home that another process holds, with plan and mode", async () => {
  const home = fixtureDir({});
  const dir = fixtureDir({ "task.yaml": TASK });
  const out = fixtureDir({});
  const r = runCli([
    "run",
    join(dir, "task.yaml"),
    "--output-root",
    out,
    "--home",
    home,
    "--workers",
    "0",
    "-q",
  ]);
  assert.equal(r.status, 0, r.stderr);
  // This process now holds the home, as a server would.
  const store = await openStore(home);
  try {
    const h = runCli(["history", "--home", home]);
    assert.equal(h.status, 0, h.stderr);
    assert.match(h.stderr, /held by a running rowforge process; listing a snapshot/);
    assert.match(h.stdout, /\bt\s+generate\s+success\b/);
    const json = runCli(["history", "--home", home, "--json"]);
    const records = JSON.parse(json.stdout) as { planName: string; mode: string }[];
    assert.deepEqual(
      records.map((x) => [x.planName, x.mode]),
      [["t", "generate"]],
    );
  } finally {
    await store.close();
  }
});
