import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

type Doc = {
  openapi: string;
  security?: unknown[];
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
};

const TOKEN = "contract-token-1";
let open: ApiRuntime;
let guarded: ApiRuntime;
before(async () => {
  [open, guarded] = await Promise.all([
    apiRuntime(),
    apiRuntime({ server: { guard: { bindHost: "127.0.0.1", token: TOKEN } } }),
  ]);
});
after(async () => {
  await Promise.all([open.close(), guarded.close()]);
});

const auth = { authorization: `Bearer ${TOKEN}` };
const docOf = async (app: FastifyInstance, headers = {}) =>
  (await app.inject({ url: "/openapi.json", headers })).json() as Doc;

test("every operation of /openapi.json declares its success answer", async () => {
  const doc = await docOf(open.app);
  const missing: string[] = [];
  let operations = 0;
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      operations++;
      const ok = Object.entries(op.responses).filter(([code]) => code.startsWith("2"));
      if (ok.length === 0 || ok.some(([, r]) => !r.content || Object.keys(r.content).length === 0))
        missing.push(`${method.toUpperCase()} ${path}`);
    }
  assert.ok(operations >= 31, `${operations} operations`);
  assert.deepEqual(missing, []);
});

test("a server with a token declares the bearer scheme; one without declares none", async () => {
  const withToken = await docOf(guarded.app);
  assert.deepEqual(withToken.security, [{ bearerToken: [] }]);
  assert.deepEqual(withToken.components?.securitySchemes, {
    bearerToken: { type: "http", scheme: "bearer" },
  });
  const without = await docOf(open.app);
  assert.equal(without.security, undefined);
  // /openapi.json itself needs no token, and the API does.
  assert.equal((await guarded.app.inject({ url: "/plans" })).statusCode, 401);
  assert.equal((await guarded.app.inject({ url: "/plans", headers: auth })).statusCode, 200);
});

test("answers match the schemas /openapi.json declares for them", async () => {
  const doc = await docOf(open.app);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: "openapi" });
  const check = async (method: "GET" | "POST" | "DELETE", url: string, path: string, payload?: object) => {
    const r = await open.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
    const declared = doc.paths[path]?.[method.toLowerCase()]?.responses[String(r.statusCode)];
    assert.ok(
      declared,
      `${method} ${url} answered ${r.statusCode}, which ${path} does not declare: ${r.body.slice(0, 300)}`,
    );
    const type = String(r.headers["content-type"]).split(";")[0]!;
    assert.ok(declared.content && type in declared.content, `${method} ${url}: ${type} is not declared`);
    if (declared.content[type]?.schema === undefined) return r;
    const pointer = `openapi#/paths/${path.replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${r.statusCode}/content/${type.replace("/", "~1")}/schema`;
    const validate = ajv.getSchema(pointer);
    assert.ok(validate, pointer);
    const value = type.endsWith("json") ? r.json() : r.body;
    assert.ok(
      validate(value),
      `${method} ${url}: ${JSON.stringify(validate.errors)} in ${r.body.slice(0, 300)}`,
    );
    return r;
  };
  const plan = {
    plan: { name: "contract_plan", tasks: [{ name: "t", dataSourceName: "d" }] },
    tasks: [
      {
        name: "t",
        type: "json",
        options: { path: `${open.dir}/out` },
        count: { records: 3 },
        fields: [{ name: "id", type: "long" }],
      },
    ],
  };
  await check("POST", "/plan", "/plan", plan);
  await check("GET", "/plan/contract_plan", "/plan/{planName}");
  await check("GET", "/plans", "/plans");
  await check("GET", "/sample/plans/contract_plan?sampleSize=2", "/sample/plans/{planName}");
  await check("POST", "/sample/task-yaml", "/sample/task-yaml", {
    taskYamlContent:
      "name: t\nsteps: [{name: s, type: json, fields: [{name: a, fields: [{name: b, type: int}]}]}]\n",
  });
  await check("POST", "/sample/task-yaml", "/sample/task-yaml", {
    taskYamlContent: "name: t\nsteps: [{name: s, type: json, fields: [{name: a}]}]\n",
    stepName: "s",
  });
  await check("POST", "/sample/schema", "/sample/schema", { fields: [{ name: "a" }] });
  await check("POST", "/sample/schema", "/sample/schema", { fields: [{ name: "a" }], format: "csv" });
  await check("POST", "/connection", "/connection", {
    connections: [{ name: "c1", type: "json", options: { path: "/tmp/x" } }],
  });
  await check("GET", "/connections", "/connections");
  await check("DELETE", "/connection/c1", "/connection/{connectionName}");
  const started = await check("POST", "/run", "/run", plan);
  const id = (started.json() as { executionId: string }).executionId;
  await open.runs.idle();
  await check("GET", `/run/status/${id}`, "/run/status/{id}");
  await check("GET", "/run/history?extended=true", "/run/history");
  await check("GET", `/report/${id}/index.html`, "/report/{runId}/{resource}");
  const byName = await check("POST", "/run/plans/contract_plan", "/run/plans/{planName}");
  assert.match(byName.body, /started in generate mode with execution id/);
  await open.runs.idle();
  await check("DELETE", "/plan/contract_plan", "/plan/{planName}");
  await check("GET", "/plan/contract_plan", "/plan/{planName}");
});

test("a known path asked with another method is a 405 whose Allow names exactly that route's methods", async () => {
  for (const [method, url, allow] of [
    ["PUT", "/plans", "GET, HEAD"],
    ["PUT", "/connection/test", "POST"],
    ["PATCH", "/connection/some_name", "DELETE, GET, HEAD"],
    ["GET", "/run", "POST"],
  ] as const) {
    const r = await open.app.inject({ method, url });
    assert.equal(r.statusCode, 405, `${method} ${url}`);
    assert.equal(r.headers.allow, allow, `${method} ${url}`);
  }
  assert.equal((await open.app.inject({ method: "PUT", url: "/no/such/path" })).statusCode, 404);
});

test("POST /plan: yamlSources texts must be strings within their limit (a number or an over-long plan is a 400)", async () => {
  const sources = { plan: "name: y\n", tasks: [], validation: [], configuration: "" };
  for (const yamlSources of [
    { ...sources, configuration: 5 },
    { ...sources, configuration: true },
    { ...sources, plan: `name: y\n#${"x".repeat(1_000_000)}` },
    { ...sources, tasks: [5] },
  ]) {
    const r = await open.app.inject({
      method: "POST",
      url: "/plan",
      payload: { plan: { name: "y" }, yamlSources },
    });
    assert.equal(r.statusCode, 400, r.body.slice(0, 200));
    assert.match(r.body, /yamlSources/);
  }
  assert.equal((await open.app.inject({ url: "/plan/y" })).statusCode, 404, "nothing was saved");
});

test("a JSON body with __proto__ or constructor.prototype keys is read without them (no prototype is touched)", async () => {
  const payload =
    '{"plan":{"name":"proto_plan","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}';
  const r = await open.app.inject({
    method: "POST",
    url: "/plan",
    headers: { "content-type": "application/json" },
    payload,
  });
  assert.equal(r.statusCode, 200, r.body);
  const saved = (await open.app.inject({ url: "/plan/proto_plan" })).json() as {
    plan: Record<string, unknown>;
  };
  assert.deepEqual(Object.keys(saved.plan).sort(), ["name"]);
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
});
