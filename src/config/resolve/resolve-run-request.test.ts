import assert from "node:assert/strict";
import { test } from "node:test";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import { defaultRunConfiguration } from "../../model/index.ts";
import { resolveRunRequest } from "./resolve-run-request.ts";

test("a run request's configuration cannot change the server's generation budget", () => {
  const server = defaultRunConfiguration();
  server.budget.maxStringLength = 2048;
  const { plan } = resolveRunRequest(
    {
      plan: { name: "p", tasks: [{ name: "t", dataSourceName: "d" }] },
      tasks: [{ name: "t", steps: [{ name: "s", type: "json", fields: [{ name: "a" }] }] }],
      configuration: { budget: { maxStringLength: 1_000_000_000 }, generation: { numRecordsPerStep: 3 } },
    },
    {
      outputKinds: OUTPUT_KINDS,
      tasks: new Map(),
      connections: new Map(),
      validations: new Map(),
      config: server,
      env: {},
    },
  );
  assert.ok(plan);
  assert.deepEqual(plan.config.budget, { maxStringLength: 2048 });
  assert.equal(plan.config.generation.numRecordsPerStep, 3, "other sections still apply");
});
