import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { apiRuntime } from "./api-fixture.ts";

/** A server whose configuration names its task folder relative to the configuration file. */
async function setup() {
  const out = fixtureDir({});
  const files = {
    "conf/application.conf": 'folders { taskFolderPath = "my-tasks" }\n',
    "conf/my-tasks/people.yaml": [
      "name: people_task",
      "steps:",
      "  - name: people",
      "    type: csv",
      `    options: {path: ${join(out, "people")}}`,
      "    count: {records: 40}",
      "    fields:",
      "      - {name: id, options: {regex: 'P[0-9]{5}', isUnique: true}}",
      "",
    ].join("\n"),
  };
  // The working folder is elsewhere: the task folder is found from the configuration's folder.
  const { app, runs, svc } = await apiRuntime({
    files,
    runtime: (dir) => ({
      cwd: out,
      configPath: join(dir, "conf", "application.conf"),
      access: { dataDirs: [dir, out] },
    }),
  });
  return { out, app, runs, svc };
}

const byReference = (task: string, plan = "by_ref") => ({
  plan: { name: plan, tasks: [{ name: task, dataSourceName: "csv", enabled: true }] },
  tasks: [{ name: task, dataSourceName: "csv", enabled: true }],
});

test("item 10: POST /run with tasks that name task files runs them from the task folder", async () => {
  const { out, app, runs, svc } = await setup();
  try {
    const r = await app.inject({ method: "POST", url: "/run", payload: byReference("people_task") });
    assert.equal(r.statusCode, 200, r.body);
    const { executionId } = r.json() as { executionId: string };
    await runs.idle();
    const history = (await app.inject({ url: "/run/history" })).json() as {
      id: string;
      status: string;
      generationSummary: { name: string; records: number }[];
    }[];
    const rec = history.find((h) => h.id === executionId)!;
    assert.equal(rec.status, "success");
    assert.deepEqual(
      rec.generationSummary.map((s) => [s.name, s.records]),
      [["people", 40]],
    );
    assert.equal(readdirSync(join(out, "people")).filter((f) => f.endsWith(".csv")).length, 1);
  } finally {
    await app.close();
    await svc.close();
  }
});

test("item 10: an unknown task is a 400 listing the known tasks, and a run with nothing to generate is refused", async () => {
  const { app, svc } = await setup();
  try {
    const r = await app.inject({ method: "POST", url: "/run", payload: byReference("people_tsk") });
    assert.equal(r.statusCode, 400);
    const body = r.json() as { message: string };
    assert.match(
      body.message,
      /task "people_tsk" is not in the task folder .*did you mean "people_task".*; available tasks: people_task/,
    );
    const d = await app.inject({ method: "POST", url: "/run/delete-data", payload: byReference("nope") });
    assert.equal(d.statusCode, 400);
    // A plan whose only task is disabled would "succeed" having done nothing.
    const empty = await app.inject({
      method: "POST",
      url: "/run",
      payload: {
        plan: { name: "empty", tasks: [{ name: "people_task", dataSourceName: "csv", enabled: false }] },
      },
    });
    assert.equal(empty.statusCode, 400);
    assert.match((empty.json() as { message: string }).message, /has no enabled step to run/);
    assert.equal(((await app.inject({ url: "/run/history" })).json() as unknown[]).length, 0);
  } finally {
    await app.close();
    await svc.close();
  }
});
