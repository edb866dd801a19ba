import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { sampleExecution } from "../../../test/support/store/store-samples.ts";
import { defaultRunConfiguration } from "../../model/run-configuration.ts";
import { type ExecutionRecord, openStore } from "../../store/index.ts";
import { recoverLeftRuns } from "./recover-runs.ts";
import { type JournalEntry, journalFinishedRun } from "./run-journal.ts";

const NOW = "2026-12-02T10:00:00.000Z";

/** A journal of run `runId` left by a process that is gone, with the files it names made. */
function leftBehind(dir: string, runId: string, report: boolean): JournalEntry {
  const out = join(dir, "out");
  mkdirSync(join(out, `_temporary-${runId}`, "sub"), { recursive: true });
  writeFileSync(join(out, `_temporary-${runId}`, "sub", "part-00000.json"), "{}\n");
  writeFileSync(join(out, ".rowforge-lock"), JSON.stringify({ runId, pid: 1, host: hostname() }));
  mkdirSync(join(dir, "spill", `rowforge-run-${runId}`), { recursive: true });
  const entry: JournalEntry = {
    runId,
    planName: "p",
    mode: "generate",
    runBy: "cli",
    createdTs: "2026-12-02T09:59:00.000Z",
    pid: spawnSync(process.execPath, ["-e", "0"]).pid!,
    host: hostname(),
    seconds: 42.5,
    leftovers: [
      { path: join(out, `_temporary-${runId}`), kind: "temporary" },
      { path: join(out, ".rowforge-lock"), kind: "lock" },
      { path: join(dir, "spill", `rowforge-run-${runId}`), kind: "temporary" },
      // A journal names nothing else, but one that did would not have it removed.
      { path: join(out, "users-file.txt"), kind: "temporary" },
    ],
    steps: [
      {
        name: "a",
        task: "ta",
        dataSource: "da",
        format: "json",
        records: 5,
        bytes: 50,
        seconds: 1,
        rowsPerSecond: 5,
        success: true,
        outputs: [],
      },
    ],
    current: { name: "b", task: "tb", dataSource: "db", format: "json", done: 70, total: 100, startedAt: 40 },
    ...(report
      ? {
          report: {
            folder: join(dir, "reports"),
            planDescription: "",
            configuration: defaultRunConfiguration(),
          },
        }
      : {}),
  };
  writeFileSync(join(out, "users-file.txt"), "mine");
  mkdirSync(join(dir, "running"), { recursive: true });
  writeFileSync(join(dir, "running", `${runId}.json`), JSON.stringify(entry));
  return entry;
}

test("a run whose process died is recorded failed (interrupted) with its time, steps and report, and what it left is removed", async () => {
  const dir = fixtureDir({});
  const store = await openStore(join(dir, "home"));
  try {
    const runId = "0b7c1c3e-0000-4000-8000-00000000000a";
    leftBehind(dir, runId, true);
    const n = await recoverLeftRuns(join(dir, "running"), store.executions, () => NOW);
    assert.equal(n, 1);
    const r = (await store.executions.get(runId)) as ExecutionRecord;
    assert.deepEqual(
      [r.status, r.failedReason, r.timeTaken, r.runBy, r.updatedTs],
      ["failed", "interrupted", "42.50s", "cli", NOW],
    );
    assert.deepEqual(
      (r.generationSummary as { name: string; records: number; success: boolean }[]).map((s) => [
        s.name,
        s.records,
        s.success,
      ]),
      [
        ["a", 5, true],
        ["b", 0, false],
      ],
    );
    const reportDir = (r.details as { reportDir: string }).reportDir;
    assert.match(readFileSync(join(reportDir, "index.html"), "utf8"), /interrupted/);
    assert.deepEqual(readdirSync(join(dir, "out")), ["users-file.txt"], "its temporaries and lock are gone");
    assert.deepEqual(readdirSync(join(dir, "spill")), []);
    assert.deepEqual(readdirSync(join(dir, "running")), []);
  } finally {
    await store.close();
  }
});

test("a server run's record is completed; a final record is left as it is; without the history only the leftovers go", async () => {
  const dir = fixtureDir({});
  const store = await openStore(join(dir, "home"));
  try {
    const base = sampleExecution("", "2026-12-02T09:59:00.000Z", {
      planName: "p",
      runBy: "api",
      updatedBy: "api",
      reportLink: "/report/x/index.html",
      timeTaken: "0.00s",
    });
    const running = "0b7c1c3e-0000-4000-8000-00000000000b";
    leftBehind(dir, running, false);
    await store.executions.put({ ...base, id: running });
    assert.equal(await recoverLeftRuns(join(dir, "running"), store.executions, () => NOW), 1);
    const r = (await store.executions.get(running))!;
    assert.deepEqual(
      [r.status, r.failedReason, r.runBy, r.timeTaken],
      ["failed", "interrupted", "api", "42.50s"],
    );

    const done = "0b7c1c3e-0000-4000-8000-00000000000c";
    leftBehind(dir, done, false);
    await store.executions.put({ ...base, id: done, status: "success" });
    assert.equal(await recoverLeftRuns(join(dir, "running"), store.executions, () => NOW), 0);
    assert.equal((await store.executions.get(done))?.status, "success");
    assert.deepEqual(readdirSync(join(dir, "running")), []);

    const held = "0b7c1c3e-0000-4000-8000-00000000000d";
    leftBehind(dir, held, false);
    assert.equal(await recoverLeftRuns(join(dir, "running"), undefined, () => NOW), 0);
    assert.ok(!existsSync(join(dir, "out", `_temporary-${held}`)));
    assert.deepEqual(readdirSync(join(dir, "running")), [`${held}.json`], "kept for who can record it");
  } finally {
    await store.close();
  }
});

test("a run that ended while another process held the history has its final record put as is, once", async () => {
  const dir = fixtureDir({});
  const folder = join(dir, "running");
  const id = "0b7c1c3e-0000-4000-8000-00000000000e";
  const final = sampleExecution(id, "2026-12-02T09:59:00.000Z", {
    planName: "p",
    status: "success",
    runBy: "cli",
    updatedBy: "cli",
    updatedTs: "2026-12-02T09:59:30.000Z",
    timeTaken: "30.00s",
    seed: "7",
  });
  await journalFinishedRun(folder, final);
  // Its process (this one) still lives: the record waits.
  const store = await openStore(join(dir, "home"));
  try {
    assert.equal(await recoverLeftRuns(folder, store.executions, () => NOW), 0);
    // The process gone, the record is put as it was, not as an interrupted run.
    const file = join(folder, `${id}.json`);
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), pid: dead }));
    assert.equal(await recoverLeftRuns(folder, store.executions, () => NOW), 1);
    assert.deepEqual(await store.executions.get(id), final);
    assert.deepEqual(readdirSync(folder), []);
  } finally {
    await store.close();
  }
});
