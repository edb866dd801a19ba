import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadIn } from "../../../test/support/config/load-in.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import type { Diagnostic } from "../../errors/index.ts";
import { loadPlanFile } from "./load-plan-file.ts";
import { loadProject } from "./load-project.ts";
import { resolveFolder } from "./resolve-folder.ts";

const errors = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === "error");
const TASK = (name: string, step = "s") =>
  `name: ${name}\nsteps:\n  - name: ${step}\n    options: {path: /tmp/x}\n    fields: [{name: id, options: {regex: "A[0-9]{3}"}}]\n`;

test("item 1: a relative taskFolderPath is found from the configuration's folder when not from the working folder", async () => {
  const dir = fixtureDir({
    "conf/application.conf": 'folders { taskFolderPath = "my-tasks" }\n',
    "conf/my-tasks/a.yaml": TASK("a_task"),
    "plans/plan.yaml": "name: p\ntasks:\n  - name: a_task\n    dataSourceName: json\n",
  });
  const options = {
    cwd: join(dir, "plans"),
    env: {},
    configPath: join(dir, "conf", "application.conf"),
    outputKinds: OUTPUT_KINDS,
  };
  // validate (loadProject of the plan alone) and run (loadPlanFile) find the same tasks.
  const validate = await loadProject([join(dir, "plans", "plan.yaml")], options);
  assert.deepEqual(errors(validate.diagnostics), []);
  assert.equal(validate.plans[0]?.steps.length, 1);
  const run = await loadPlanFile(join(dir, "plans", "plan.yaml"), options);
  assert.deepEqual(errors(run.diagnostics), []);
  assert.equal(run.plan?.steps[0]?.taskName, "a_task");
});

test("item 1: a legacy plan validated alone uses the task/ folder beside it, as run does", async () => {
  const dir = fixtureDir({
    "plan/plan.yaml": "name: p\ntasks:\n  - name: a_task\n    dataSourceName: json\n",
    "task/deep/a.yaml": TASK("a_task"),
    "application.conf": 'folders { taskFolderPath = "/no/such/folder" }\n',
  });
  const options = { cwd: dir, env: {}, outputKinds: OUTPUT_KINDS };
  const validate = await loadProject([join(dir, "plan", "plan.yaml")], options);
  assert.deepEqual(errors(validate.diagnostics), []);
  assert.equal(validate.taskFolder, join(dir, "task"));
});

test("item 1: a task that cannot be found names every folder tried", async () => {
  const dir = fixtureDir({
    "plan/plan.yaml": "name: p\ntasks:\n  - name: a_task\n    dataSourceName: json\n",
    "plan/application.conf": 'folders { taskFolderPath = "tasks-here" }\n',
  });
  const load = await loadPlanFile(join(dir, "plan", "plan.yaml"), loadIn(dir));
  const e = errors(load.diagnostics).find((d) => d.code === "RF_TASK_NOT_FOUND");
  assert.ok(e, JSON.stringify(load.diagnostics));
  assert.match(e.message, /folders tried for tasks: [^,]*\/tasks-here, [^,]*plan\/tasks-here, [^,]*\/task, /);
  const r = resolveFolder("x", { cwd: "/a", configDir: "/b", fallbacks: ["/c"] });
  assert.deepEqual(r.tried, ["/a/x", "/b/x", "/c"]);
});

test("item 2: a broken task file the plan does not use is a warning for it, and run never reads sibling plans", async () => {
  const dir = fixtureDir({
    "plan/good.yaml": "name: good\ntasks:\n  - name: a_task\n    dataSourceName: json\n",
    "plan/broken-sibling.yaml": "name: broken\ntasks:\n  - name: nowhere\n    dataSourceName: json\n",
    "task/a.yaml": TASK("a_task"),
    "task/broken.yaml":
      "name: b_task\nsteps:\n  - name: s\n    count: {records: -1}\n    fields: [{name: x, type: strng}]\n",
    "task/syntax.yaml": "name: c\nsteps: [\n",
  });
  const run = await loadPlanFile(join(dir, "plan", "good.yaml"), loadIn(dir));
  assert.deepEqual(errors(run.diagnostics), [], JSON.stringify(errors(run.diagnostics)));
  assert.ok(run.plan);
  const scoped = run.diagnostics.filter((d) => d.location?.file?.endsWith("broken.yaml"));
  assert.ok(scoped.length >= 2 && scoped.every((d) => d.severity === "warning"));
  assert.ok(!run.diagnostics.some((d) => d.location?.file?.endsWith("broken-sibling.yaml")));
  // The same plan with the broken task enabled: its problems are errors again.
  const dir2 = fixtureDir({
    "plan/p.yaml": "name: p\ntasks:\n  - name: b_task\n    dataSourceName: json\n",
    "task/broken.yaml":
      "name: b_task\nsteps:\n  - name: s\n    count: {records: -1}\n    fields: [{name: x}]\n",
  });
  const used = await loadProject([join(dir2, "plan", "p.yaml")], loadIn(dir2));
  assert.deepEqual(
    errors(used.diagnostics).map((d) => d.code),
    ["RF_COUNT_NEGATIVE"],
  );
});

test("item 3: a disabled missing task and a foreign key into a disabled task are warnings, and skipped; one naming a step that does not exist is an error (issue 27: a typo must not drop the relation)", async () => {
  const dir = fixtureDir({
    "plan/p.yaml": [
      "name: p",
      "tasks:",
      "  - {name: a_task, dataSourceName: json}",
      "  - {name: gone_task, dataSourceName: other, enabled: false}",
      "  - {name: b_task, dataSourceName: csvs, enabled: false}",
      "sinkOptions:",
      "  foreignKeys:",
      "    - source: {dataSource: json, step: s, fields: [id]}",
      "      generate: [{dataSource: csvs, step: t, fields: [id]}]",
      "    - source: {dataSource: json, step: old_step, fields: [id]}",
      "      generate: [{dataSource: json, step: s, fields: [id]}]",
      "",
    ].join("\n"),
    "task/a.yaml": TASK("a_task"),
    "task/b.yaml": TASK("b_task", "t"),
  });
  const load = await loadPlanFile(join(dir, "plan", "p.yaml"), loadIn(dir));
  assert.deepEqual(
    errors(load.diagnostics).map((d) => [d.code, d.location?.line]),
    [["RF_FOREIGN_KEY_INVALID", 10]],
    JSON.stringify(errors(load.diagnostics)),
  );
  assert.match(errors(load.diagnostics)[0]!.message, /step "old_step" does not exist in data source "json"/);
  const warned = load.diagnostics.filter((d) => d.severity === "warning").map((d) => d.code);
  assert.ok(warned.includes("RF_TASK_NOT_FOUND"));
  assert.equal(warned.filter((c) => c === "RF_FOREIGN_KEY_INVALID").length, 1);
});

test("item 4: values Data Caterer tolerates load without errors", async () => {
  const dir = fixtureDir({
    "application.conf":
      'datastax-java-driver { advanced.reconnect-on-init = true }\njson { out { path = "/tmp/o" } }\n',
    "t.yaml": [
      "name: t",
      "steps:",
      "  - name: s",
      "    options: {path: /tmp/x}",
      "    fields:",
      "      - {name: d, type: date, options: {min: 'now()', max: 'today()'}}",
      "      - {name: d2, type: date, options: {min: 'current_date()'}}",
      "      - {name: ts, type: timestamp, options: {min: 'now()', max: 'current_timestamp()'}}",
      "",
    ].join("\n"),
    "v.yaml": [
      "name: checks",
      "dataSources:",
      "  json:",
      "    - options: {path: /tmp/o}",
      "      validations:",
      "        - field: amount",
      "          validation:",
      "            - {type: between, min: 1, max: 2, description: in range, errorThreshold: 0.1}",
      "        - upstreamDataSource: other",
      "          joinFields: [id]",
      "          validation: {expr: 'a == b', description: one mapping}",
      "",
    ].join("\n"),
  });
  const load = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(load.diagnostics, []);
  const f = load.tasks.get("t")?.steps[0]?.fields;
  assert.equal(f?.[0]?.options.min, "now");
  assert.equal(f?.[0]?.options.max, "today");
  assert.equal(f?.[1]?.options.min, "today");
  const up = load.validations.get("checks")?.dataSources.json?.[0]?.validations[1];
  assert.equal(up?.nested.length, 1);
  assert.equal(up?.nested[0]?.expr, "a == b");
});

test("item 5: unknown keys inside field options are errors unless lenient; NDJSON data files are skipped", async () => {
  const dir = fixtureDir({
    "t.yaml":
      "name: t\nsteps:\n  - name: s\n    fields: [{name: n, type: int, options: {mni: 5, max: 10}}, {name: r, options: {regx: 'a'}}]\n",
    "out/part-00000.json": '{"a":1}\n{"a":2}\n{"a":3}\n',
  });
  const strictLoad = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {} });
  const e = errors(strictLoad.diagnostics);
  assert.deepEqual(
    e.map((d) => d.code),
    ["RF_KEY_UNKNOWN", "RF_KEY_UNKNOWN"],
  );
  assert.match(e[0]!.message, /"mni"; did you mean .*"min"/);
  assert.equal(e[0]!.location?.line, 4);
  assert.equal(strictLoad.files.length, 1, "the NDJSON file is not read as a plan");
  const lenient = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {}, lenientOptions: true });
  assert.deepEqual(errors(lenient.diagnostics), []);
});

/** A plan whose tasks a_task (on data source json) and b_task (on `second`) each have a step named accounts. */
const accountsTwice = (second: string): string =>
  fixtureDir({
    "plan/p.yaml": `name: p\ntasks:\n  - {name: a_task, dataSourceName: json}\n  - {name: b_task, dataSourceName: ${second}}\n`,
    "task/a.yaml": TASK("a_task", "accounts"),
    "task/b.yaml": TASK("b_task", "accounts"),
  });

test("item 8: two steps of one name in different tasks on one data source are refused, never one dropped", async () => {
  const dir = accountsTwice("json");
  const load = await loadPlanFile(join(dir, "plan", "p.yaml"), loadIn(dir));
  const e = errors(load.diagnostics);
  assert.deepEqual(
    e.map((d) => d.code),
    ["RF_NAME_DUPLICATE"],
  );
  assert.match(
    e[0]!.message,
    /step "accounts" of task "b_task" has the same name as a step of task "a_task"/,
  );
  assert.equal(e[0]!.location?.line, 4);
  // On different data sources they are two steps.
  const dir2 = accountsTwice("other");
  const ok = await loadPlanFile(join(dir2, "plan", "p.yaml"), loadIn(dir2));
  assert.deepEqual(errors(ok.diagnostics), []);
  assert.equal(ok.plan?.steps.length, 2);
});

test("item 1: a relative validationFolderPath is found from the configuration's folder too", async () => {
  const dir = fixtureDir({
    "conf/application.conf":
      'flags { enableValidation = true }\nfolders { taskFolderPath = "tasks", validationFolderPath = "vals" }\n',
    "conf/tasks/a.yaml": TASK("a_task"),
    "conf/vals/v.yaml":
      "name: checks\ndataSources:\n  json:\n    - options: {path: /tmp/x}\n      validations: [{expr: 'id IS NOT NULL'}]\n",
    "conf/vals/broken.yaml":
      "name: other\ndataSources:\n  json:\n    - validations: [{field: a, validation: [{type: 5}]}]\n",
    "plans/plan.yaml": "name: p\ntasks:\n  - {name: a_task, dataSourceName: json}\nvalidations: [checks]\n",
  });
  const load = await loadPlanFile(join(dir, "plans", "plan.yaml"), {
    outputKinds: OUTPUT_KINDS,
    cwd: join(dir, "plans"),
    env: {},
    configPath: join(dir, "conf", "application.conf"),
  });
  assert.deepEqual(errors(load.diagnostics), []);
  assert.deepEqual(
    load.plan?.validations.map((v) => v.name),
    ["checks"],
  );
});
