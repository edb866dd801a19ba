import assert from "node:assert/strict";
import { test } from "node:test";
import type { RunResult } from "../app/runs/run-plan.ts";
import type { StepReport } from "../model/step-report.ts";
import type { ExecutionRecord } from "../store/index.ts";
import { deleteCommand, failureReport } from "./failure-summary.ts";

const step = (name: string, over: Partial<StepReport>): StepReport => ({
  name,
  task: "t",
  dataSource: over.format === "kafka" ? "broker" : "db",
  format: "postgres",
  records: 0,
  bytes: 0,
  seconds: 1,
  rowsPerSecond: 0,
  success: true,
  outputs: [],
  ...over,
});

const DELIVERED = {
  sent: 50,
  acknowledged: 40,
  failed: 0,
  errorRate: 0,
  seconds: 1,
  achievedRate: 40,
  perSecond: [],
  errors: [],
};

const run = (steps: StepReport[], over: Partial<RunResult> = {}): RunResult => ({
  runId: "r-1",
  planName: "p",
  seed: "1",
  seedChosen: false,
  nowMicros: 0,
  generatorVersion: 1,
  success: false,
  failedReason: 'step "orders": boom',
  seconds: 2,
  steps,
  ...over,
});

const STEPS = [
  step("customers", { records: 2000, outputs: ["postgres://h:5432/d/public.customers"] }),
  step("skipped", { records: 0, skipped: "saveMode ignore" }),
  step("events", { format: "kafka", records: 40, outputs: ["kafka://h:9092/events"], delivery: DELIVERED }),
  step("orders", { success: false, error: "boom", outputs: [] }),
];

test("a failed run's report lists each committed step with its data source, destination and rows, the delivered messages as kept, and the delete command", () => {
  const text = failureReport(run(STEPS), undefined, deleteCommand("my plan.yaml", "r-1", undefined, true));
  assert.equal(
    text,
    [
      "committed before the run stopped (kept):",
      "  step customers (data source db, postgres) → postgres://h:5432/d/public.customers: 2,000 rows",
      "  step events (data source broker, kafka) → kafka://h:9092/events: 40 messages delivered, which cannot be taken back",
      "remove what this run wrote with: rowforge run 'my plan.yaml' --mode delete --run r-1 (--on-failure rollback does this before exiting)",
      "",
    ].join("\n"),
  );
  assert.equal(
    deleteCommand("p.yaml", "r-1", "/h/home", true),
    "rowforge run p.yaml --mode delete --run r-1 --home /h/home",
  );
  assert.match(failureReport(run(STEPS), undefined, undefined), /not recorded \(--no-history\)/);
  assert.equal(failureReport(run([STEPS[3]!]), undefined, "x"), "nothing of the run stays written\n");
});

test("after a rollback: what it removed, what could not be taken back, and what a failed rollback left with the command for the rest", () => {
  const record = {} as ExecutionRecord;
  const removed = run(
    [step("orders", {}), step("customers", { records: 2000, outputs: ["postgres://h/d/public.customers"] })],
    {
      success: true,
      failedReason: null,
    },
  );
  assert.equal(
    failureReport(run(STEPS), { result: removed, record }, "cmd"),
    [
      "rolled back (--on-failure rollback): what run r-1 committed is removed:",
      "  step customers (data source db, postgres) → postgres://h/d/public.customers: 2,000 rows removed",
      "  step events (data source broker, kafka) → kafka://h:9092/events: 40 messages delivered, which cannot be taken back",
      "",
    ].join("\n"),
  );
  const failed = run([step("customers", { success: false, error: "connection refused" })], {
    failedReason: 'step "customers": connection refused',
  });
  assert.match(
    failureReport(run(STEPS), { result: failed, record }, "cmd"),
    /^the rollback FAILED: step "customers": connection refused:\n {2}step customers .*NOT removed: connection refused\n.*\nremove the rest with: cmd\n$/s,
  );
});
