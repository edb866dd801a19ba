import assert from "node:assert/strict";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

test("runs by name from YAML plans with the configuration's connections: plan, task, step, delete; 404s list what exists", async () => {
  const { app, dir, runs, close } = await apiRuntime({
    files: {
      "plans/shop.yaml": `name: shop
tasks: [{name: accounts, dataSourceName: files_json}, {name: txns, dataSourceName: files_csv}]
sinkOptions:
  foreignKeys:
    - {source: files_json.accounts.id, generate: [files_csv.transactions.account_id]}
`,
      "tasks/accounts.yaml":
        "name: accounts\nsteps:\n  - name: accounts\n    count: {records: 40}\n    fields: [{name: id, options: {regex: 'A[0-9]{6}'}}]\n",
      "tasks/txns.yaml":
        "name: txns\nsteps:\n  - name: transactions\n    count: {records: 90}\n    fields: [{name: account_id}, {name: amount, type: double}]\n",
    },
    runtime: (dir) => {
      writeFileSync(
        join(dir, "application.conf"),
        `folders { planFilePath = "${join(dir, "plans", "shop.yaml")}", taskFolderPath = "${join(dir, "tasks")}" }
json { files_json { path = "${join(dir, "out", "accounts")}" } }
csv { files_csv { path = "${join(dir, "out", "txns")}", header = "true" } }
`,
      );
      return { configPath: join(dir, "application.conf") };
    },
  });
  const data = (d: string) => (existsSync(d) ? readdirSync(d).filter((f) => f.startsWith("part-")) : []);
  try {
    const plan = await app.inject({ method: "POST", url: "/run/plans/shop?source=yaml" });
    assert.equal(plan.statusCode, 200);
    assert.match(String(plan.headers["content-type"]), /^text\/plain/);
    assert.match(plan.body, /^Plan 'shop' started in generate mode with execution id [0-9a-f-]{36}$/);
    await runs.idle();
    assert.equal(
      data(join(dir, "out", "accounts")).length,
      1,
      "json written through the configuration's connection",
    );
    assert.equal(data(join(dir, "out", "txns")).length, 1);

    const step = await app.inject({
      method: "POST",
      url: "/run/plans/shop/tasks/txns/steps/transactions?mode=delete",
    });
    assert.match(
      step.body,
      /^Step 'transactions' in task 'txns' of plan 'shop' started in delete mode with execution id/,
    );
    await runs.idle();
    assert.equal(data(join(dir, "out", "txns")).length, 0, "only the chosen step was deleted");
    assert.equal(data(join(dir, "out", "accounts")).length, 1);

    const task = await app.inject({ method: "POST", url: "/run/plans/shop/tasks/txns" });
    assert.match(task.body, /^Task 'txns' in plan 'shop' started in generate mode/);
    await runs.idle();
    assert.equal(data(join(dir, "out", "txns")).length, 1);

    const byFile = await app.inject({
      method: "POST",
      url: "/run/plans/whatever?source=yaml&fileName=shop.yaml",
    });
    assert.equal(byFile.statusCode, 200);
    await runs.idle();

    const noPlan = await app.inject({ method: "POST", url: "/run/plans/nope" });
    assert.equal(noPlan.statusCode, 404);
    assert.match((noPlan.json() as { message: string }).message, /Available plans: shop/);
    const noTask = await app.inject({ method: "POST", url: "/run/plans/shop/tasks/nope" });
    assert.match((noTask.json() as { message: string }).message, /Available tasks: accounts, txns/);
    const noStep = await app.inject({ method: "POST", url: "/run/plans/shop/tasks/txns/steps/nope" });
    assert.match((noStep.json() as { message: string }).message, /Available steps: transactions/);
    const badMode = await app.inject({ method: "POST", url: "/run/plans/shop?mode=validate" });
    assert.equal(badMode.statusCode, 400);
    const history = (await app.inject({ url: "/run/history" })).json() as { status: string }[];
    assert.equal(history.length, 4);
    assert.ok(
      history.every((h) => h.status === "success"),
      JSON.stringify(history),
    );
  } finally {
    await close();
  }
});
