import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadIn } from "../../../test/support/config/load-in.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import type { Diagnostic } from "../../errors/index.ts";
import { loadProject } from "./load-project.ts";

const codes = (ds: readonly Diagnostic[], severity = "error") =>
  ds.filter((d) => d.severity === severity).map((d) => d.code);

const TASK = `name: accounts_task
steps:
  - name: accounts
    options: {path: /tmp/out/accounts, saveMode: append}
    count: {records: "250"}
    fields:
      - name: id
        options: {regex: "ACC[0-9]{8}", isUnique: "true"}
      - name: amount
        type: double
        options: {min: "1.5", max: 10}
      - name: status
        options: {oneOf: "open,closed"}
      - name: kind
        options: {oneOf: ["a->0.8", "b->0.2"]}
      - name: email
        options: {email: "example.com"}
  - name: disabled_step
    enabled: false
    fields: [{name: x}]
`;

test("a legacy plan with a task folder: merge rules, normalised options, disabled steps skipped", async () => {
  const dir = fixtureDir({
    "plan/plan.yaml":
      "name: p\ntasks:\n  - name: accounts_task\n    dataSourceName: pg\n  - name: off_task\n    dataSourceName: pg\n    enabled: false\nsinkOptions: {seed: 7, locale: de}\n",
    "task/nested/accounts.yml": TASK,
    "task/off.yaml": "name: off_task\nsteps:\n  - name: s\n    fields: [{name: y}]\n",
    "application.conf":
      'postgres { pg { url = "jdbc:postgresql://127.0.0.1:5432/db", user = u, saveMode = overwrite, "spark.x.y" = 1 } }\n',
  });
  const load = await loadProject([join(dir, "plan"), join(dir, "task")], loadIn(dir));
  assert.deepEqual(codes(load.diagnostics), []);
  assert.deepEqual(codes(load.diagnostics, "warning"), []);
  const plan = load.plans[0]!;
  assert.equal(plan.plan.sinkOptions.seed, "7");
  assert.equal(plan.steps.length, 1);
  const s = plan.steps[0]!;
  assert.equal(s.format, "postgres");
  assert.equal(s.dataSourceName, "pg");
  assert.equal(s.step.options.saveMode, "append", "the step's own option wins");
  assert.equal(s.step.options.url, "jdbc:postgresql://127.0.0.1:5432/db");
  assert.equal(s.step.options["spark.x.y"], "1");
  assert.equal(s.step.count.records, 250);
  const f = Object.fromEntries(s.step.fields.map((x) => [x.name, x]));
  assert.equal(f.id?.options.isUnique, true);
  assert.equal(f.amount?.options.min, 1.5);
  assert.deepEqual(f.status?.options.oneOf, [{ value: "open" }, { value: "closed" }]);
  assert.deepEqual(f.kind?.options.oneOf, [
    { value: "a", weight: 0.8 },
    { value: "b", weight: 0.2 },
  ]);
  assert.match(f.email?.options.expression ?? "", /@example\.com$/);
  assert.ok(Object.isFrozen(plan.plan) && Object.isFrozen(s.step.fields), "loaded data is immutable");
});

test("the same connections from HOCON, YAML and JSON configuration", async () => {
  const bodies: Record<string, string> = {
    "c.conf":
      'json {\n  out { path = /tmp/a }\n}\nkafka { k { kafka.bootstrap.servers = "h:9092" } }\nflags { enableCount = false }\n',
    "c.yaml":
      "json:\n  out: {path: /tmp/a}\nkafka:\n  k: {kafka.bootstrap.servers: 'h:9092'}\nflags: {enableCount: false}\n",
    "c.json":
      '{"json": {"out": {"path": "/tmp/a"}}, "kafka": {"k": {"kafka": {"bootstrap": {"servers": "h:9092"}}}}, "flags": {"enableCount": "false"}}',
  };
  for (const [name, body] of Object.entries(bodies)) {
    const dir = fixtureDir({ [name]: body, "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a}]}]\n" });
    const load = await loadProject([join(dir, "t.yaml")], {
      outputKinds: OUTPUT_KINDS,
      configPath: join(dir, name),
      env: {},
    });
    assert.deepEqual(codes(load.diagnostics), [], name);
    assert.equal(load.connections.get("out")?.options.path, "/tmp/a", name);
    assert.equal(load.connections.get("out")?.groupType, "file", name);
    assert.equal(load.connections.get("k")?.options["kafka.bootstrap.servers"], "h:9092", name);
    assert.equal(load.config.flags.enableCount, false, name);
  }
});

test("a unified file: one task per data source, inline connections, top-level foreign keys, env substitution", async () => {
  const dir = fixtureDir({
    "u.yaml": `version: "1.0"
name: shop
config: {flags: {enableValidation: false}, generation: {numRecordsPerBatch: 5000}}
dataSources:
  - name: db
    connection: {type: postgres, options: {url: "jdbc:postgresql://\${DB_HOST:-localhost}/shop", password: "\${DB_PASSWORD}"}}
    steps:
      - name: customers
        options: {dbtable: public.customers}
        fields: [{name: id, options: {isPrimaryKey: true}}]
        validations: [{expr: "id IS NOT NULL"}]
      - name: orders
        fields: [{name: id}, {name: customer_id}]
foreignKeys:
  - source: db.customers.id
    generate: ["db||orders||customer_id"]
`,
  });
  const load = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: { DB_PASSWORD: "s3cret" } });
  assert.deepEqual(codes(load.diagnostics), []);
  const plan = load.plans[0]!;
  assert.deepEqual(
    plan.plan.tasks.map((t) => t.name),
    ["db_task"],
  );
  assert.equal(plan.steps[0]?.format, "postgres");
  assert.equal(plan.steps[0]?.step.options.url, "jdbc:postgresql://localhost/shop");
  assert.equal(plan.steps[0]?.step.options.password, "s3cret");
  assert.equal(plan.config.flags.enableValidation, false);
  assert.equal(plan.config.generation.numRecordsPerBatch, 5000);
  assert.deepEqual(plan.plan.sinkOptions.foreignKeys[0]?.generate[0]?.fields, ["customer_id"]);
  assert.equal(plan.validations[0]?.dataSources.db?.[0]?.validations[0]?.expr, "id IS NOT NULL");

  const missing = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {} });
  const env = missing.diagnostics.find((d) => d.code === "RF_ENV_UNDEFINED");
  assert.equal(env?.severity, "error");
  assert.match(env?.message ?? "", /DB_PASSWORD/);
  assert.equal(env?.location?.line, 6);
});

/** One small bad input per error code, and the code it must produce. */
const BAD_INPUTS: { code: string; files: Record<string, string>; strict?: boolean }[] = [
  { code: "RF_TASK_NOT_FOUND", files: { "p.yaml": "name: p\ntasks: [{name: nope, dataSourceName: x}]\n" } },
  {
    code: "RF_CONNECTION_NOT_FOUND",
    files: {
      "p.yaml": "name: p\ntasks: [{name: t, dataSourceName: nodb}]\n",
      "t.yaml": "name: t\nsteps: [{name: s, type: postgres, fields: [{name: a}]}]\n",
    },
  },
  {
    code: "RF_TYPE_INVALID",
    files: { "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, type: 'array<strin>'}]}]\n" },
  },
  {
    code: "RF_COUNT_NEGATIVE",
    files: {
      "t.yaml":
        "name: t\nsteps: [{name: s, count: {perField: {fieldNames: [a], count: -1}}, fields: [{name: a}]}]\n",
    },
  },
  {
    code: "RF_RANGE_INVERTED",
    files: {
      "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, options: {minLen: 9, maxLen: 2}}]}]\n",
    },
  },
  {
    code: "RF_WEIGHT_INVALID",
    files: {
      "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, options: {oneOf: ['x->heavy', 'y->1']}}]}]\n",
    },
  },
  {
    code: "RF_ENV_UNDEFINED",
    files: {
      "t.yaml":
        "name: t\nsteps: [{name: s, options: {password: '${NOT_SET_ANYWHERE}'}, fields: [{name: a}]}]\n",
    },
  },
  { code: "RF_YAML_SYNTAX", files: { "t.yaml": "name: t\nsteps: [\n" } },
  {
    code: "RF_YAML_ALIAS_LIMIT",
    files: {
      "t.yaml": `a: &a [1,1,1,1,1,1,1,1,1,1]\n${Array.from(
        { length: 6 },
        (_, i) =>
          `l${i}: &l${i} [${Array(10)
            .fill(i === 0 ? "*a" : `*l${i - 1}`)
            .join(",")}]`,
      ).join("\n")}\n`,
    },
  },
  { code: "RF_JSON_SYNTAX", files: { "t.json": '{"name": "t", "steps": [}' } },
  { code: "RF_HOCON_SYNTAX", files: { "application.conf": 'json { a { path = "x" }\n' } },
  {
    code: "RF_KEY_UNKNOWN",
    strict: true,
    files: { "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, nulable: true}]}]\n" },
  },
  { code: "RF_KEY_MISSING", files: { "t.yaml": "name: t\nsteps: [{type: csv, fields: [{name: a}]}]\n" } },
  {
    code: "RF_NAME_DUPLICATE",
    files: { "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a}, {name: a}]}]\n" },
  },
  {
    code: "RF_FOREIGN_KEY_INVALID",
    files: {
      "p.yaml":
        "name: p\ntasks: [{name: t, dataSourceName: d}]\nsinkOptions: {foreignKeys: [{source: d.s.a, generate: [d.s.missing_field]}]}\n",
      "t.yaml": "name: t\nsteps: [{name: s, type: csv, fields: [{name: a}]}]\n",
    },
  },
  {
    code: "RF_HELPER_INVALID",
    files: { "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, options: {withinDays: soon}}]}]\n" },
  },
  { code: "RF_STRUCTURE", files: { "t.yaml": "name: t\nsteps: [{name: s, fields: {name: a}}]\n" } },
  {
    code: "RF_OPTION_INVALID",
    files: { "t.yaml": "name: t\nsteps: [{name: s, fields: [{name: a, type: int, options: {min: ten}}]}]\n" },
  },
];

for (const { code, files, strict } of BAD_INPUTS) {
  test(`bad input gives ${code} with a location`, async () => {
    const dir = fixtureDir(files);
    const configPath = files["application.conf"] ? join(dir, "application.conf") : undefined;
    const load = await loadProject([dir], {
      outputKinds: OUTPUT_KINDS,
      env: {},
      strict: strict ?? false,
      ...(configPath ? { configPath } : {}),
    });
    const hit = load.diagnostics.find((d) => d.code === code && d.severity === "error");
    assert.ok(
      hit,
      `expected ${code}, got ${JSON.stringify(load.diagnostics.map((d) => [d.code, d.message]))}`,
    );
    assert.ok(hit.location?.file, "the problem names its file");
    assert.ok(hit.location?.line, "and its line");
  });
}

test("a missing path and an unrecognised file are reported, not thrown", async () => {
  const dir = fixtureDir({ "other.yaml": "just: text\n" });
  const load = await loadProject([dir, join(dir, "nope")], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(codes(load.diagnostics), ["RF_FILE_NOT_FOUND"]);
  assert.deepEqual(codes(load.diagnostics, "warning"), ["RF_FILE_KIND_UNKNOWN"]);
});

test("a YAML configuration holding only a budget is read as configuration: its keys are checked", async () => {
  const dir = fixtureDir({ "limits.yaml": "budget:\n  maxArrayLength: 64k\n  maxArrayLenght: 5\n" });
  const load = await loadProject([dir], { outputKinds: OUTPUT_KINDS, env: {} });
  const warnings = load.diagnostics.filter((d) => d.severity === "warning");
  assert.equal(warnings.length, 1, JSON.stringify(load.diagnostics));
  assert.match(warnings[0]!.message, /maxArrayLenght/);
});
