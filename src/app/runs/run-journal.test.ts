import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { StepReport } from "../../model/step-report.ts";
import { type JournalEntry, journalsLeftBehind, startJournal, stoppedSteps } from "./run-journal.ts";

const folderIn = () => join(mkdtempSync(join(tmpdir(), "rowforge-journal-")), "running");

const facts = new Map([
  ["a", { task: "ta", dataSource: "da", format: "csv" }],
  ["b", { task: "tb", dataSource: "db", format: "json" }],
]);

const start = {
  runId: "run-1",
  planName: "p",
  mode: "generate" as const,
  runBy: "api",
  createdTs: "2026-12-01T00:00:00.000Z",
};

const written = (folder: string): JournalEntry =>
  JSON.parse(readFileSync(join(folder, "run-1.json"), "utf8")) as JournalEntry;

const stepA: StepReport = {
  name: "a",
  task: "ta",
  dataSource: "da",
  format: "csv",
  records: 10,
  bytes: 100,
  seconds: 0.5,
  rowsPerSecond: 20,
  success: true,
  outputs: ["/out/a/part-00000.csv"],
};

describe("startJournal", () => {
  it("keeps a running run's process, leftovers, finished steps and progress in a file of the owner's, until closed", async () => {
    const folder = folderIn();
    const journal = await startJournal(folder, start, facts);
    const first = written(folder);
    assert.deepEqual(
      [first.runId, first.pid, first.host, first.steps],
      ["run-1", process.pid, hostname(), []],
    );
    assert.equal(statSync(join(folder, "run-1.json")).mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    // Leftovers are on disk as soon as the call resolves (the run makes them only then).
    await journal.leftovers([{ path: "/out/a/_temporary-run-1", kind: "temporary" }]);
    assert.deepEqual(written(folder).leftovers, [{ path: "/out/a/_temporary-run-1", kind: "temporary" }]);
    journal.progress("a", 5, 10);
    await journal.stepDone(stepA);
    journal.progress("b", 300, 1000);
    assert.deepEqual(written(folder).steps, [stepA]);
    assert.equal(journal.entry.current?.name, "b");
    assert.deepEqual(
      [journal.entry.current?.task, journal.entry.current?.done, journal.entry.current?.total],
      ["tb", 300, 1000],
    );
    await journal.close();
    assert.deepEqual(readdirSync(folder), []);
  });

  it("a journal that cannot be written never stops the run: the first failure is told, and the record stays in memory", async () => {
    const blocked = join(folderIn(), "..", "a-file");
    writeFileSync(blocked, "");
    const told: unknown[] = [];
    const journal = await startJournal(join(blocked, "running"), start, facts, (e) => told.push(e));
    await journal.leftovers([{ path: "/out/_temporary-run-1", kind: "temporary" }]);
    await journal.stepDone(stepA);
    assert.equal(told.length, 1);
    assert.match(String(told[0]), /ENOTDIR|EEXIST/);
    assert.deepEqual(journal.entry.steps, [stepA]);
    await journal.close();
  });

  it("without a folder, keeps the same record in memory only", async () => {
    const journal = await startJournal(undefined, start, facts);
    await journal.stepDone(stepA);
    assert.deepEqual(journal.entry.steps, [stepA]);
    await journal.close();
  });
});

describe("stoppedSteps", () => {
  const entry: JournalEntry = {
    ...start,
    pid: 1,
    host: "h",
    seconds: 12,
    leftovers: [],
    steps: [stepA],
    current: {
      name: "b",
      task: "tb",
      dataSource: "db",
      format: "json",
      done: 300,
      total: 1000,
      startedAt: 2,
    },
  };

  it("lists the steps that finished, then the one being written, of which nothing is kept", () => {
    const steps = stoppedSteps(entry, "cancelled");
    assert.deepEqual(steps[0], stepA);
    assert.deepEqual(
      [steps[1]?.name, steps[1]?.records, steps[1]?.success, steps[1]?.seconds, steps[1]?.error],
      ["b", 0, false, 10, "cancelled: stopped at 300 of 1000 rows; nothing of it kept"],
    );
  });

  it("counts what a message step delivered: it stays", () => {
    const [, b] = stoppedSteps({ ...entry, current: { ...entry.current!, delivered: 250 } }, "interrupted");
    assert.deepEqual(
      [b?.records, b?.error],
      [250, "interrupted: 250 of 1000 rows were delivered before the run stopped"],
    );
  });
});

describe("journalsLeftBehind", () => {
  it("answers the journals of processes that are gone, never of a live process or another host", async () => {
    const folder = folderIn();
    const journal = await startJournal(folder, start, facts);
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const entry = (runId: string, pid: number, host = hostname()) => ({
      ...written(folder),
      runId,
      pid,
      host,
    });
    writeFileSync(join(folder, "gone.json"), JSON.stringify(entry("gone", dead)));
    writeFileSync(join(folder, "parent.json"), JSON.stringify(entry("parent", process.ppid)));
    writeFileSync(join(folder, "far.json"), JSON.stringify(entry("far", dead, "elsewhere")));
    writeFileSync(join(folder, "renamed.json"), JSON.stringify(entry("other", dead)));
    writeFileSync(join(folder, "damaged.json"), "{");
    assert.deepEqual(
      (await journalsLeftBehind(folder)).map((e) => e.runId),
      ["gone"],
    );
    await journal.close();
    assert.ok(existsSync(join(folder, "gone.json")), "only closing a journal removes it");
    assert.deepEqual(await journalsLeftBehind(join(folder, "none")), []);
  });
});
