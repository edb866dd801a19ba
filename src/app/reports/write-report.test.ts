import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { writeReport } from "./write-report.ts";

test("a report masks secrets in every section and is readable by its owner only", async () => {
  const root = join(fixtureDir({}), "reports");
  const dir = await writeReport(root, {
    runId: "r1",
    planName: "p",
    planDescription: "d",
    mode: "generate",
    status: "failed",
    failedReason: "cannot connect to postgres://app:hunter2@db/shop",
    createdTs: "2026-11-01T00:00:00.000Z",
    finishedTs: "2026-11-01T00:00:01.000Z",
    timeTaken: "1.00s",
    seed: "1",
    generatorVersion: 1,
    steps: [
      {
        name: "s",
        task: "t",
        dataSource: "pg",
        format: "postgres",
        records: 0,
        bytes: 0,
        seconds: 0,
        rowsPerSecond: 0,
        success: false,
        outputs: [],
        error: "login failed: password=pa55word",
      },
    ],
    configuration: { alert: { slackToken: "t0ken" }, connection: { url: "jdbc:mysql://u:pw1@h/d" } },
  });
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const s of ["hunter2", "pa55word", "t0ken", "pw1"]) assert.ok(!text.includes(s), `${f} leaks ${s}`);
    assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600, f);
  }
  assert.match(readFileSync(join(dir, "results.json"), "utf8"), /app:\*\*\*@db/);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  assert.equal(statSync(root).mode & 0o777, 0o700, "the reports root rowforge created");
});
