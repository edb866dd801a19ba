import assert from "node:assert/strict";
import { test } from "node:test";
import type { StepReport } from "../model/step-report.ts";
import { cancelSummary } from "./cancel-summary.ts";

const report = (name: string, success: boolean, records: number): StepReport => ({
  name,
  task: "t",
  dataSource: "d",
  format: "json",
  records,
  bytes: 0,
  seconds: 0,
  rowsPerSecond: 0,
  success,
  outputs: [],
});

test("a cancelled run says in one line what was kept, what was stopped and what never started", () => {
  const line = cancelSummary(
    ["accounts", "transactions", "payments"],
    [report("accounts", true, 1000), report("transactions", false, 0)],
    new Map([
      ["accounts", { done: 1000, total: 1000 }],
      ["transactions", { done: 120_000, total: 400_000 }],
    ]),
  );
  assert.equal(
    line,
    "kept: accounts (1,000 records); not written: transactions (stopped at 120,000 of 400,000 rows; nothing of it kept); not started: payments\n",
  );
  assert.equal(line.trimEnd().split("\n").length, 1);
  assert.match(
    cancelSummary(["a"], [], new Map([["a", { done: 5, total: 9 }]])),
    /^nothing was kept; not written: a/,
  );
});
