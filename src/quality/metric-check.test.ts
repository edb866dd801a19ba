// rowforge-test: alone (a throughput of 200 requests in one second measured)
import assert from "node:assert/strict";
import { test } from "node:test";
import { startHttpReceiver } from "../../test/support/http-receiver.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../../test/support/plans.ts";
import { createInlineExecutor } from "../app/executors.ts";
import { runPlan } from "../app/runs/run-plan.ts";

test("metric validations check a run's deliveries: records, throughput, latency percentiles and the error rate", async () => {
  // Every 10th request is answered 400 (not retried): an error rate of 10%.
  const receiver = await startHttpReceiver({ status: (n) => (n % 10 === 0 ? 400 : 200) });
  try {
    const plan = await planFrom(
      "name: p\ntasks:\n  - name: t\n    dataSourceName: api\nvalidations: [perf]\nsinkOptions: {seed: 7}\n",
      {
        t: `name: t\nsteps:\n  - name: calls\n    count: {duration: 1s, rate: 200}\n    options: {url: "${receiver.url}/calls", method: POST}\n    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n`,
      },
      {
        "application.conf": "http {\n  api {\n  }\n}\n",
        "validation/perf.yaml": `name: perf
dataSources:
  api:
    - validations:
        - metric: records_generated
          validation: [{type: equal, value: 200}]
        - metric: throughput
          validation: [{type: between, min: 100, max: 400}, {type: greaterThan, value: 100000}]
        - metric: latency_p99
          validation: [{type: lessThan, value: 5000}]
        - metric: error_rate
          validation: [{type: lessThan, value: 0.05}, {type: between, min: 0.05, max: 0.15}]
`,
      },
    );
    const result = await runPlan(plan, {
      access: OPEN_ACCESS,
      nowMicros: TEST_NOW_MICROS,
      executor: () => createInlineExecutor(),
    });
    assert.equal(result.success, true, result.failedReason ?? "");
    assert.deepEqual(
      result.validations?.map((v) => [v.description, v.success]),
      [
        ["records_generated == 200", true],
        ["throughput between 100 and 400", true],
        ["throughput > 100000", false],
        ["latency_p99 < 5000", true],
        ["error_rate < 0.05", false],
        ["error_rate between 0.05 and 0.15", true],
      ],
    );
    assert.equal(result.validations?.[4]?.sample[0]?.error_rate, 0.1);
  } finally {
    await receiver.close();
  }
});
