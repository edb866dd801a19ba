import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

test("run validates ORC it wrote (partitioned, nested), and check reads it back alone: passes and planted failures", () => {
  const root = fixtureDir({});
  writeFileSync(
    join(root, "plan.yaml"),
    `name: orc_plan
sinkOptions: { seed: "11" }
dataSources:
  - name: my_orc
    connection: { type: orc, options: { path: ${join(root, "out/accounts")}, partitionBy: region, compression: zlib } }
    steps:
      - name: accounts
        count: { records: 3000 }
        fields:
          - { name: id, type: long, options: { sql: "__index_inc" } }
          - { name: amount, type: double, options: { min: 1, max: 100 } }
          - { name: region, options: { oneOf: ["eu", "us", "apac"] } }
          - name: owner
            type: struct
            fields:
              - { name: name, options: { expression: "#{Name.firstName}" } }
              - { name: age, type: int, options: { min: 18, max: 90 } }
          - { name: tags, type: "array<string>", options: { arrayMinLen: 1, arrayMaxLen: 3, oneOf: ["a", "b"] } }
        validations:
          - expr: "amount BETWEEN 1 AND 100"
          - field: id
            validation: [{type: unique}]
          - expr: "owner.age >= 18 AND size(tags) >= 1"
          - field: region
            validation: [{type: in, values: [eu, us]}]
          - {groupByFields: [region], aggType: count, aggExpr: "count > 500"}
          - {aggType: count, aggExpr: "count == 3000"}
`,
  );
  const home = join(root, "home");
  const r = runCli(["run", join(root, "plan.yaml"), "--home", home, "--quiet"]);
  assert.equal(r.status, 3, r.stdout + r.stderr);
  assert.match(r.stdout, /validations: 5 of 6 passed/);
  const c = runCli(["check", join(root, "plan.yaml"), "--json"]);
  assert.equal(c.status, 3, c.stderr);
  const checked = JSON.parse(c.stdout) as {
    validations: { success: boolean; records: number; failed: number; source: string; error?: unknown }[];
  };
  assert.deepEqual(
    checked.validations.map((v) => [v.success, v.error]),
    [
      [true, undefined],
      [true, undefined],
      [true, undefined],
      [false, undefined],
      [true, undefined],
      [true, undefined],
    ],
  );
  // The partition column (region) is read from the folders; apac rows are the planted failures.
  const region = checked.validations[3]!;
  assert.equal(region.records, 3000);
  assert.ok(region.failed > 500 && region.failed < 1500, String(region.failed));
  assert.match(region.source, /^orc /);
});
