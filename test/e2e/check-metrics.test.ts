import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

interface Checked {
  validations: {
    description: string;
    kind: string;
    success: boolean;
    source: string;
    error?: { code: string };
  }[];
}

test("check measures metric validations on the plan's last run recorded in --home, or fails them saying there is none", () => {
  const root = fixtureDir({});
  writeFileSync(
    join(root, "plan.yaml"),
    `name: metric_plan
sinkOptions: { seed: "5" }
dataSources:
  - name: my_json
    connection: { type: json, options: { path: ${join(root, "out/people")} } }
    steps:
      - name: people
        count: { records: 500 }
        fields:
          - { name: id, type: long, options: { sql: "__index_inc" } }
        validations:
          - { metric: records_generated, validation: [{ type: equal, value: 500 }] }
          - { metric: throughput, validation: [{ type: greaterThan, value: 1000000000000 }] }
          - { aggType: count, aggExpr: "count == 500" }
`,
  );
  const home = join(root, "home");
  // A HOME of its own: no ~/.rowforge is found by default.
  const env = { HOME: root, ROWFORGE_HOME: "" };
  const r = runCli(["run", join(root, "plan.yaml"), "--home", home, "--quiet"], { env });
  assert.equal(r.status, 3, r.stdout + r.stderr);
  assert.match(r.stdout, /validations: 2 of 3 passed/);

  const c = runCli(["check", join(root, "plan.yaml"), "--home", home, "--json"], { env });
  assert.equal(c.status, 3, c.stderr);
  assert.match(c.stderr, /metric validations measure the last recorded run, [0-9a-f-]{36} of /);
  const checked = JSON.parse(c.stdout) as Checked;
  assert.deepEqual(
    checked.validations.map((v) => [v.kind, v.success, v.error?.code]),
    [
      ["metric", true, undefined],
      ["metric", false, undefined],
      ["groupBy", true, undefined],
    ],
  );
  assert.match(checked.validations[0]!.source, /^run [0-9a-f-]{36} \(/);

  // Without a home there is no run to measure: the metric validations fail, saying why.
  const none = runCli(["check", join(root, "plan.yaml"), "--json"], { env });
  assert.equal(none.status, 3, none.stderr);
  const missing = JSON.parse(none.stdout) as Checked;
  assert.deepEqual(
    missing.validations.map((v) => [v.kind, v.success, v.error?.code]),
    [
      ["metric", false, "RF_VALIDATION_NO_RUN"],
      ["metric", false, "RF_VALIDATION_NO_RUN"],
      ["groupBy", true, undefined],
    ],
  );
  assert.match(none.stderr, /no rowforge home is given .*--home/);
  // A home that never ran the plan.
  const empty = runCli(["check", join(root, "plan.yaml"), "--home", join(root, "other"), "--json"], { env });
  assert.match(empty.stderr, /holds no run history/);
});
