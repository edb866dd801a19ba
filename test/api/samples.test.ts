import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { apiFixture } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiFixture>>;
before(async () => {
  f = await apiFixture();
});
after(async () => {
  await f.close();
});

const FIELDS = [
  { name: "id", type: "string", options: { regex: "ID[0-9]{4}" } },
  { name: "age", type: "int", options: { min: 18, max: 90 } },
  { name: "name", options: { expression: "#{Name.firstName}" } },
  { name: "address", fields: [{ name: "city", options: { expression: "#{Address.city}" } }] },
];

test("POST /sample/schema answers raw data in each format", async () => {
  const json = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, format: "json", sampleSize: 5 },
  });
  assert.equal(json.statusCode, 200);
  assert.match(String(json.headers["content-type"]), /^application\/json/);
  const lines = json.body
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as { id: string; age: number; address: { city: string } });
  assert.equal(lines.length, 5);
  assert.match(lines[0]!.id, /^ID\d{4}$/);
  assert.ok(lines[0]!.address.city.length > 0);
  const csv = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, format: "csv" },
  });
  assert.equal(csv.headers["content-type"], "text/csv; charset=UTF-8");
  assert.equal(csv.body.split("\n")[0], "id,age,name,address");
  assert.equal(csv.body.trimEnd().split("\n").length, 11, "header plus the default 10 rows");
  const parquet = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, format: "parquet" },
  });
  assert.equal(parquet.headers["content-type"], "application/octet-stream");
  assert.equal(parquet.rawPayload.subarray(0, 4).toString(), "PAR1");
  const orc = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, format: "orc" },
  });
  assert.equal(orc.rawPayload.subarray(0, 3).toString(), "ORC");
});

test("POST /sample/schema without format answers the SampleResponse envelope", async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, sampleSize: 3, fastMode: false },
  });
  const body = r.json() as {
    success: boolean;
    executionId: string;
    schema: { fields: { name: string; type: string; nullable: boolean; fields?: unknown[] }[] };
    sampleData: unknown[];
    metadata: { sampleSize: number; actualRecords: number; generatedInMs: number; fastModeEnabled: boolean };
  };
  assert.equal(body.success, true);
  assert.match(body.executionId, /^[0-9a-f]{8}$/);
  assert.deepEqual(
    body.schema.fields.map((x) => [x.name, x.type]),
    [
      ["id", "string"],
      ["age", "int"],
      ["name", "string"],
      ["address", "struct<city:string>"],
    ],
  );
  assert.equal(body.sampleData.length, 3);
  assert.equal(body.metadata.sampleSize, 3);
  assert.equal(body.metadata.actualRecords, 3);
  assert.equal(body.metadata.fastModeEnabled, false);
  assert.ok(Number.isInteger(body.metadata.generatedInMs));
});

test("sample sizes: default 10, above 100 or below 1 refused naming the limit", async () => {
  const over = await f.app.inject({ url: "/sample/tasks/accounts_task?sampleSize=101" });
  assert.equal(over.statusCode, 400);
  assert.match((over.json() as { message: string }).message, /maximum of 100/);
  const under = await f.app.inject({ url: "/sample/steps/accounts?sampleSize=0" });
  assert.equal(under.statusCode, 400);
  assert.match((under.json() as { message: string }).message, /minimum of 1/);
  const schema = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: FIELDS, sampleSize: 500 },
  });
  assert.equal(schema.statusCode, 400);
  assert.equal((schema.json() as { success: boolean }).success, false);
});

test("INVALID_SCHEMA in the envelope shape names the type and the supported ones", async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { fields: [{ name: "x", type: "strng" }] },
  });
  assert.equal(r.statusCode, 400);
  const body = r.json() as {
    success: boolean;
    executionId: string;
    error: { code: string; message: string; details: string };
  };
  assert.equal(body.success, false);
  assert.equal(body.error.code, "INVALID_SCHEMA");
  assert.match(body.error.message, /strng.*did you mean "string"/);
  assert.match(body.error.message, /supported types/);
});

test("GET /sample/tasks/{task} keys samples by step; a missing task is TASK_SAMPLE_ERROR (flat) listing the tasks", async () => {
  const r = await f.app.inject({ url: "/sample/tasks/accounts_task?sampleSize=4" });
  const body = r.json() as {
    samples: Record<string, unknown[]>;
    metadata: { actualRecords: number; relationshipsEnabled: boolean };
  };
  assert.deepEqual(Object.keys(body.samples), ["accounts"]);
  assert.equal(body.samples.accounts!.length, 4);
  assert.equal(body.metadata.relationshipsEnabled, false);
  const missing = await f.app.inject({ url: "/sample/tasks/nope_task" });
  assert.equal(missing.statusCode, 400);
  const e = missing.json() as { code: string; message: string; details: string };
  assert.equal(e.code, "TASK_SAMPLE_ERROR");
  assert.match(e.message, /Available tasks: accounts_task, txn_task/);
});

test("GET /sample/steps/{step} answers the step's format; STEP_SAMPLE_ERROR lists the steps", async () => {
  const csv = await f.app.inject({ url: "/sample/steps/transactions?sampleSize=3" });
  assert.equal(csv.headers["content-type"], "text/csv; charset=UTF-8");
  assert.equal(csv.body.trimEnd().split("\n").length, 4);
  const json = await f.app.inject({ url: "/sample/steps/accounts" });
  assert.match(String(json.headers["content-type"]), /^application\/json/);
  const missing = await f.app.inject({ url: "/sample/steps/nope" });
  assert.equal((missing.json() as { code: string }).code, "STEP_SAMPLE_ERROR");
  assert.match((missing.json() as { message: string }).message, /Available steps: accounts, transactions/);
});

test("plan samples: keys plan/step, relationships give children the keys of parent rows (the run's, tested in test/e2e/previews-equal-runs.test.ts)", async () => {
  const r = await f.app.inject({ url: "/sample/plans/shop_plan?sampleSize=5&enableRelationships=true" });
  const body = r.json() as {
    samples: Record<string, { account_id: string }[]>;
    metadata: { actualRecords: number; relationshipsEnabled: boolean };
  };
  assert.deepEqual(Object.keys(body.samples).sort(), ["shop_plan/accounts", "shop_plan/transactions"]);
  // A sample is the run's first rows: the first transactions point at any of the 1,000 accounts.
  for (const t of body.samples["shop_plan/transactions"]!) assert.match(t.account_id, /^ACC\d{8}$/);
  assert.equal(body.metadata.relationshipsEnabled, true);
  assert.equal(body.metadata.actualRecords, 10);
  const task = (
    await f.app.inject({ url: "/sample/plans/shop_plan/tasks/txn_task?sampleSize=2" })
  ).json() as { samples: Record<string, unknown[]> };
  assert.deepEqual(Object.keys(task.samples), ["shop_plan/transactions"]);
  const step = await f.app.inject({
    url: "/sample/plans/shop_plan/tasks/txn_task/steps/transactions?sampleSize=2",
  });
  assert.equal(step.headers["content-type"], "text/csv; charset=UTF-8");
  const noPlan = await f.app.inject({ url: "/sample/plans/no_plan" });
  assert.equal((noPlan.json() as { code: string }).code, "GENERATION_ERROR");
  assert.match(
    (noPlan.json() as { message: string }).message,
    /Plan not found: no_plan \(searched in JSON and YAML sources\).*Available plans: shop_plan/,
  );
  const noStep = await f.app.inject({ url: "/sample/plans/shop_plan/tasks/txn_task/steps/nope" });
  const e = noStep.json() as { success: boolean; error: { code: string; message: string } };
  assert.equal(e.success, false, "shape B for the step endpoint");
  assert.equal(e.error.code, "GENERATION_ERROR");
});

test("POST /sample/task-yaml: raw YAML with query parameters, or JSON where the query wins; every error code", async () => {
  const yaml =
    "name: t\nsteps:\n  - name: a\n    fields: [{name: x, type: int, options: {min: 1, max: 3}}]\n  - name: b\n    type: csv\n    fields: [{name: y}]\n";
  const raw = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?sampleSize=2",
    headers: { "content-type": "text/plain" },
    payload: yaml,
  });
  const all = raw.json() as { samples: Record<string, unknown[]> };
  assert.deepEqual(Object.keys(all.samples), ["a", "b"]);
  assert.equal(all.samples.a!.length, 2);
  const one = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?sampleSize=4",
    payload: { taskYamlContent: yaml, stepName: "b", sampleSize: 9, fastMode: true },
  });
  const env = one.json() as { sampleData: unknown[]; format: string; schema: { fields: { name: string }[] } };
  assert.equal(env.sampleData.length, 4, "the query parameter overrides the body");
  assert.equal(env.format, "csv");
  const yamlType = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml",
    headers: { "content-type": "application/yaml" },
    payload: yaml,
  });
  assert.equal(yamlType.statusCode, 200);
  const codes: [string, string][] = [];
  for (const [payload, type] of [
    ["name: t\nsteps: [\n", "text/plain"],
    ["just: text\n", "text/plain"],
    ["", "text/plain"],
  ] as const) {
    const r = await f.app.inject({
      method: "POST",
      url: "/sample/task-yaml",
      headers: { "content-type": type },
      payload,
    });
    codes.push([String(r.statusCode), (r.json() as { error: { code: string } }).error.code]);
  }
  const step = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?stepName=zzz",
    headers: { "content-type": "text/plain" },
    payload: yaml,
  });
  codes.push([
    String(step.statusCode),
    (step.json() as { error: { code: string; message: string } }).error.code,
  ]);
  assert.deepEqual(codes, [
    ["400", "YAML_PARSE_ERROR"],
    ["400", "INVALID_YAML"],
    ["400", "INVALID_REQUEST"],
    ["400", "STEP_NOT_FOUND"],
  ]);
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++)
    bomb.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(",")}]`,
    );
  const b = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml",
    headers: { "content-type": "text/plain" },
    payload: bomb.join("\n"),
  });
  assert.equal(b.statusCode, 400);
});

test("POST /sample/task-file reads only inside the task folder, plan folder or home", async () => {
  const ok = await f.app.inject({
    method: "POST",
    url: "/sample/task-file",
    payload: { taskYamlPath: join(f.dir, "tasks", "accounts.yaml"), sampleSize: 2 },
  });
  assert.equal(ok.statusCode, 200);
  // Item 11: the spec's SampleResponse, for the task's first step when no stepName is given.
  const first = ok.json() as {
    success: boolean;
    sampleData: Record<string, unknown>[];
    schema: { fields: { name: string }[] };
    metadata: { sampleSize: number; actualRecords: number };
  };
  assert.equal(first.success, true);
  assert.equal(first.sampleData.length, 2);
  assert.deepEqual(
    first.schema.fields.map((x) => x.name),
    ["account_id", "name", "opened"],
  );
  assert.equal(first.metadata.actualRecords, 2);
  const named = await f.app.inject({
    method: "POST",
    url: "/sample/task-file",
    payload: {
      taskYamlPath: join(f.dir, "tasks", "transactions.yaml"),
      stepName: "transactions",
      sampleSize: 3,
    },
  });
  const chosen = named.json() as {
    sampleData: Record<string, unknown>[];
    schema: { fields: { name: string }[] };
  };
  assert.equal(chosen.sampleData.length, 3);
  assert.deepEqual(
    chosen.schema.fields.map((x) => x.name),
    ["account_id", "amount"],
  );
  for (const path of [
    "/etc/passwd",
    join(f.dir, "tasks", "..", "conf", "application.conf"),
    "../../../../etc/hosts",
  ]) {
    const r = await f.app.inject({
      method: "POST",
      url: "/sample/task-file",
      payload: { taskYamlPath: path },
    });
    assert.equal(r.statusCode, 400, path);
    assert.equal((r.json() as { error: { code: string } }).error.code, "INVALID_REQUEST", path);
  }
});

test("transformations from the transformations folder: per-record and whole-file, on raw and envelope samples", async () => {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const folder = join(f.dir, "home", "transformations");
  mkdirSync(join(folder, "transformers"), { recursive: true });
  writeFileSync(
    join(folder, "transformers", "upper.mjs"),
    "export function transform(record) { return record.toUpperCase(); }\n",
  );
  writeFileSync(
    join(folder, "transformers", "wrap.mjs"),
    "export function wrapAll(content) { return '<<' + new TextDecoder().decode(content).trim() + '>>'; }\n",
  );
  const perRecord = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?stepName=a&sampleSize=3",
    headers: { "content-type": "text/plain" },
    payload: transformTask("per-record", "transformers/upper.mjs"),
  });
  const env = perRecord.json() as { sampleData: unknown[] };
  for (const row of env.sampleData) assert.match(JSON.stringify(row), /"X":"[A-C]{3}"/);
  const whole = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml",
    headers: { "content-type": "text/plain" },
    payload: transformTask("whole-file", "transformers/wrap", "wrapAll"),
  });
  assert.equal(whole.statusCode, 200, whole.body);
  const dotted = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?stepName=a&sampleSize=2",
    headers: { "content-type": "text/plain" },
    payload: transformTask("per-record", "transformers.upper"),
  });
  assert.equal(dotted.statusCode, 200, dotted.body);
  const missing = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml",
    headers: { "content-type": "text/plain" },
    payload: transformTask("per-record", "../../etc/passwd"),
  });
  assert.equal(missing.statusCode, 400);
  assert.match(
    (missing.json() as { error: { message: string } }).error.message,
    /not found in the transformations folder/,
  );
});

const transformTask = (mode: string, className: string, method = "") =>
  `name: t\nsteps:\n  - name: a\n    type: csv\n    transformation: {className: "${className}", mode: ${mode}${method ? `, methodName: "${method}"` : ""}}\n    fields: [{name: x, options: {regex: "[a-c]{3}"}}]\n`;

async function sampleWith(className: string, method = "") {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/task-yaml?stepName=a&sampleSize=2",
    headers: { "content-type": "text/plain" },
    payload: transformTask("per-record", className, method),
  });
  return {
    status: r.statusCode,
    error: (r.json() as { error?: { message: string; details: string } }).error,
  };
}

test("a transformation outside the transformations folder, under node_modules, of another kind or not a function is refused, and nothing runs", async () => {
  const { mkdirSync, writeFileSync, symlinkSync, existsSync } = await import("node:fs");
  const home = join(f.dir, "home");
  const folder = join(home, "transformations");
  mkdirSync(join(folder, "node_modules", "pkg"), { recursive: true });
  const marker = join(f.dir, "ran.txt");
  const evil = `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport function transform(r) { return r; }\nexport const notAFunction = 42;\n`;
  // A module in the home (the old allowed root) but outside the transformations folder.
  writeFileSync(join(home, "outside.mjs"), evil);
  // The configuration folder was an allowed root too.
  writeFileSync(join(f.dir, "conf", "conf-module.mjs"), evil);
  writeFileSync(join(folder, "node_modules", "pkg", "cli.js"), evil);
  writeFileSync(join(folder, "script.cjs"), "module.exports = { transform: (r) => r };\n");
  writeFileSync(
    join(folder, "values.mjs"),
    "export const transform = 'not a function';\nexport function other(r) { return r; }\n",
  );
  symlinkSync(join(home, "outside.mjs"), join(folder, "link.mjs"));
  // An installed package of the project itself, reached through an absolute path.
  const installed = join(process.cwd(), "node_modules", "commander", "index.js");
  const refusedCases: [string, string, RegExp][] = [
    ["../outside.mjs", "", /outside the transformations folder/],
    [join(home, "outside.mjs"), "", /outside the transformations folder/],
    [join(f.dir, "conf", "conf-module"), "", /outside the transformations folder/],
    ["node_modules/pkg/cli.js", "", /under node_modules/],
    ["node_modules/pkg/cli", "", /under node_modules/],
    [installed, "", /outside the transformations folder/],
    ["script.cjs", "", /only \.js and \.mjs/],
    ["link.mjs", "", /outside the transformations folder/],
    ["values.mjs", "", /exports no function "transform"; its functions are other/],
    ["values.mjs", "toString", /exports no function "toString"/],
  ];
  for (const [className, method, why] of refusedCases) {
    const r = await sampleWith(className, method);
    assert.equal(r.status, 400, className);
    assert.equal(r.error?.details, "RF_TRANSFORMATION_REFUSED", className);
    assert.match(r.error?.message ?? "", why, className);
  }
  assert.equal(existsSync(marker), false, "no refused module was imported");
});

test("a repeated schema body reuses its parsed plan but still draws new rows; a bad one is refused every time", async () => {
  const body = {
    fields: [{ name: "n", type: "long", options: { min: 0, max: 1_000_000_000 } }],
    format: "json",
  };
  const first = await f.app.inject({ method: "POST", url: "/sample/schema", payload: body });
  const second = await f.app.inject({ method: "POST", url: "/sample/schema", payload: body });
  assert.equal(first.statusCode, 200);
  assert.equal(second.statusCode, 200);
  assert.notEqual(first.body, second.body, "an unseeded sample is drawn afresh for each request");
  for (let i = 0; i < 2; i++) {
    const bad = await f.app.inject({
      method: "POST",
      url: "/sample/schema",
      payload: { fields: [{ name: "x", type: "strng" }] },
    });
    assert.equal(bad.statusCode, 400);
  }
});

test("a repeated schema body text gets the same answers as the first: values, validation errors, seeded rows", async () => {
  const payload = JSON.stringify({
    fields: [{ name: "n", type: "long", options: { min: 0, max: 1_000_000_000 } }],
    format: "json",
    sampleSize: 3,
  });
  const post = (body: string) =>
    f.app.inject({
      method: "POST",
      url: "/sample/schema",
      headers: { "content-type": "application/json" },
      payload: body,
    });
  for (let i = 0; i < 3; i++) {
    const r = await post(payload);
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers["content-type"], "application/json", "the spec's content type, as it was");
    assert.equal(r.body.trimEnd().split("\n").length, 3);
  }
  const tooMany = JSON.stringify({ fields: [{ name: "n" }], format: "json", sampleSize: 101 });
  for (let i = 0; i < 2; i++) assert.equal((await post(tooMany)).statusCode, 400, "refused every time");
  // sampleSize as text is no integer: refused every time, the first and the repeats.
  const asText = payload.replace('"sampleSize":3', '"sampleSize":"3"');
  for (let i = 0; i < 2; i++) assert.equal((await post(asText)).statusCode, 400, "refused every time");
  // A seeded schema (the field's own seed) answers the same rows to the same request, reused or not.
  const seeded = JSON.stringify({
    fields: [{ name: "n", type: "long", options: { min: 0, max: 1_000_000_000, seed: 7 } }],
    format: "json",
  });
  const answers = new Set<string>();
  for (let i = 0; i < 3; i++) answers.add((await post(seeded)).body);
  assert.equal(answers.size, 1);
  assert.equal(
    (await post(seeded.replace('"seed":7', '"seed":8'))).body === [...answers][0],
    false,
    "another seed is another body text and other rows",
  );
});
