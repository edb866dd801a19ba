import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test("a PlanRunRequest's validation configurations run after the server's run: summary in the history, results in the report", async () => {
  const { dir, app, runs, svc } = await apiRuntime();
  try {
    const out = join(dir, "out", "people");
    const r = await app.inject({
      method: "POST",
      url: "/run",
      payload: {
        plan: { name: "validated", tasks: [{ name: "people", dataSourceName: "files", enabled: true }] },
        tasks: [
          {
            name: "people",
            type: "json",
            options: { path: out },
            count: { records: 300 },
            fields: [
              { name: "id", type: "long", options: { sql: "__index_inc" } },
              { name: "age", type: "int", options: { min: 18, max: 90 } },
            ],
          },
        ],
        validation: [
          {
            name: "people_checks",
            dataSources: {
              files: [
                {
                  options: { path: out },
                  validations: [
                    { expr: "age BETWEEN 18 AND 90" },
                    { field: "id", validation: [{ type: "unique" }] },
                    { expr: "age < 30", errorThreshold: 0.5 },
                  ],
                },
              ],
            },
          },
        ],
      },
    });
    assert.equal(r.statusCode, 200, r.body);
    const { executionId } = r.json() as { executionId: string };
    await runs.idle();
    const history = (await app.inject({ url: "/run/history" })).json() as {
      status: string;
      validationSummary: string[][];
    }[];
    assert.equal(history[0]!.status, "success");
    const summary = history[0]!.validationSummary;
    assert.deepEqual(
      summary.map((row) => row.slice(0, 3)),
      [
        ["people_checks", "age BETWEEN 18 AND 90", "✅"],
        ["people_checks", "id is unique", "✅"],
        ["people_checks", "age < 30", "❌"],
      ],
    );
    assert.match(summary[0]![3]!, /^300\/300 \(100%\)$/);
    const reportDir = join(dir, "home", "reports", executionId);
    assert.ok(readdirSync(reportDir).includes("results.json"));
    const results = JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8")) as {
      validations: { success: boolean; errorThreshold?: number; sample: unknown[] }[];
    };
    assert.equal(results.validations[2]!.errorThreshold, 0.5);
    assert.equal(results.validations[2]!.sample.length, 5);
  } finally {
    await app.close();
    await svc.close();
  }
});
