import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
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

const json = { "content-type": "application/json" };
const genericKeys = (body: unknown) => Object.keys(body as object).sort();

test("very deep JSON is a 400 in the generic shape without internal paths, on every body route", async () => {
  const deep = (n: number) =>
    `{"plan":{"name":"deep"},"configuration":{"flag":${'{"a":'.repeat(n)}1${"}".repeat(n)}}}`;
  for (const url of ["/plan", "/sample/schema", "/connection", "/sample/task-file"]) {
    const r = await f.app.inject({ method: "POST", url, headers: json, payload: deep(5000) });
    assert.equal(r.statusCode, 400, url);
    assert.ok(!r.body.includes(f.dir), "no internal path");
    assert.match(r.body, /nests more than 80 levels .*maxNestingDepth = 16/);
  }
  const arrays = await f.app.inject({
    method: "POST",
    url: "/plan",
    headers: json,
    payload: "[".repeat(100_000),
  });
  assert.equal(arrays.statusCode, 400);
  const ok = await f.app.inject({ method: "POST", url: "/plan", headers: json, payload: deep(40) });
  assert.equal(ok.statusCode, 200, "real nesting is fine");
});

test("very deep or very long SQL is a 400 naming the budget", async () => {
  for (const sql of [`1${"+(1".repeat(5000)}${")".repeat(5000)}`, `1${"+1".repeat(50_000)}`]) {
    const r = await f.app.inject({
      method: "POST",
      url: "/sample/schema",
      payload: { fields: [{ name: "a", type: "int", options: { sql } }] },
    });
    assert.equal(r.statusCode, 400);
    assert.equal((r.json() as { error: { code: string } }).error.code, "INVALID_SCHEMA");
    assert.match(r.body, /generation budget (maxSqlDepth = 256|maxSqlLength = 65536)/);
  }
});

test("one name limit (100): longer names are refused at save with a 400 naming it; 100 saves and is reachable", async () => {
  const long = "n".repeat(150);
  const plan = await f.app.inject({ method: "POST", url: "/plan", payload: { plan: { name: long } } });
  assert.equal(plan.statusCode, 400);
  assert.match((plan.json() as { message: string }).message, /100 characters/);
  const conn = await f.app.inject({
    method: "POST",
    url: "/connection",
    payload: { connections: [{ name: long, type: "json" }] },
  });
  assert.equal(conn.statusCode, 400);
  assert.match((conn.json() as { message: string }).message, /100 characters/);
  const task = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { plan: { name: "ok_plan", tasks: [{ name: long, dataSourceName: "out_json" }] } },
  });
  assert.equal(task.statusCode, 400);
  assert.match((task.json() as { message: string }).message, /plan\.tasks\[0\]\.name.*100 characters/);
  // The schema names the limit (it is in /openapi.json), before the plan loader sees the request.
  assert.equal((task.json() as { details: string }).details, "ValidationError");
  const step = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: { plan: { name: "ok_plan" }, tasks: [{ name: "t", steps: [{ name: long }] }] },
  });
  assert.equal(step.statusCode, 400);
  assert.match((step.json() as { message: string }).message, /tasks\[0\]\.steps\[0\]\.name/);
  const max = "m".repeat(100);
  assert.equal(
    (await f.app.inject({ method: "POST", url: "/plan", payload: { plan: { name: max } } })).statusCode,
    200,
  );
  assert.equal((await f.app.inject({ url: `/plan/${max}` })).statusCode, 200);
  assert.equal((await f.app.inject({ method: "DELETE", url: `/plan/${max}` })).statusCode, 200);
  const tooLong = await f.app.inject({ url: `/plan/${long}` });
  assert.equal(tooLong.statusCode, 400, "a too-long name in a path is a 400, not a 414");
  assert.deepEqual(genericKeys(tooLong.json()), ["details", "message", "status"]);
});

test("an unknown sample format is a 400 listing the formats", async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/sample/schema",
    payload: { format: "xml", fields: [{ name: "a" }] },
  });
  assert.equal(r.statusCode, 400);
  const body = r.json() as { success: boolean; error: { code: string; message: string } };
  assert.equal(body.success, false);
  assert.equal(body.error.code, "INVALID_REQUEST");
  assert.match(body.error.message, /format must be one of: json, csv, parquet, orc/);
});

test('a raw CSV sample honours the step\'s header: "false"', async () => {
  writeFileSync(
    join(f.dir, "tasks", "nohead.yaml"),
    "name: nohead_task\nsteps:\n  - name: nohead\n    type: csv\n    options: {header: \"false\"}\n    fields: [{name: code, options: {regex: 'K[0-9]{3}'}}]\n",
  );
  const r = await f.app.inject({ url: "/sample/steps/nohead?sampleSize=3" });
  assert.equal(r.statusCode, 200);
  const lines = r.body.trimEnd().split("\n");
  assert.equal(lines.length, 3);
  for (const line of lines) assert.match(line, /^K[0-9]{3}$/);
  const withHeader = await f.app.inject({ url: "/sample/steps/transactions?sampleSize=2" });
  assert.equal(withHeader.body.split("\n")[0], "account_id,amount", "the default stays a header line");
});

test("the QUERY method (and other unsupported ones) is a 405 in the generic shape, not a 500", async () => {
  for (const url of ["/plans", "/no/such/route"]) {
    const r = await f.app.inject({ method: "QUERY" as "GET", url });
    assert.equal(r.statusCode, 405, url);
    assert.deepEqual(genericKeys(r.json()), ["details", "message", "status"]);
    assert.ok(String(r.headers.allow).includes("GET"));
  }
  const propfind = await f.app.inject({ method: "PROPFIND" as "GET", url: "/plans" });
  assert.equal(propfind.statusCode, 405);
});

test("GET /plans pages with limit and offset; the answer stays an array, X-Total-Count and Link tell the rest", async () => {
  for (const name of ["pa", "pb", "pc"])
    assert.equal(
      (await f.app.inject({ method: "POST", url: "/plan", payload: { plan: { name } } })).statusCode,
      200,
    );
  const all = await f.app.inject({ url: "/plans" });
  const names = (all.json() as { plan: { name: string } }[]).map((p) => p.plan.name);
  assert.ok(names.length >= 4);
  assert.equal(all.headers["x-total-count"], String(names.length));
  assert.equal(all.headers.link, undefined, "a small list is one page");
  const first = await f.app.inject({ url: "/plans?limit=2" });
  assert.ok(Array.isArray(first.json()));
  assert.deepEqual(
    (first.json() as { plan: { name: string } }[]).map((p) => p.plan.name),
    names.slice(0, 2),
  );
  assert.match(String(first.headers.link), /<\/plans\?limit=2&offset=2>; rel="next"/);
  const second = await f.app.inject({ url: "/plans?limit=2&offset=2" });
  assert.deepEqual(
    (second.json() as { plan: { name: string } }[]).map((p) => p.plan.name),
    names.slice(2, 4),
  );
  assert.match(String(second.headers.link), /rel="prev"/);
  for (const q of ["limit=0", "limit=1001", "offset=-1", "limit=x"]) {
    const bad = await f.app.inject({ url: `/plans?${q}` });
    assert.equal(bad.statusCode, 400, q);
    assert.deepEqual(genericKeys(bad.json()), ["details", "message", "status"]);
  }
});

test("/openapi.json declares the error answers, enums and limits the server enforces", async () => {
  const doc = (await f.app.inject({ url: "/openapi.json" })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          responses: Record<string, unknown>;
          parameters?: { name: string; schema: Record<string, unknown> }[];
          requestBody?: {
            content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>> } }>;
          };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      for (const code of ["400", "401", "403", "404", "413", "415", "421"])
        assert.ok(code in op.responses, `${method.toUpperCase()} ${path} declares ${code}`);
  const planName = doc.paths["/plan/{planName}"]!.get!.parameters!.find((p) => p.name === "planName")!.schema;
  assert.equal(planName.maxLength, 100);
  assert.equal(planName.pattern, "^[A-Za-z0-9_-]+$");
  const size = doc.paths["/sample/tasks/{taskName}"]!.get!.parameters!.find(
    (p) => p.name === "sampleSize",
  )!.schema;
  assert.equal(size.minimum, 1);
  assert.equal(size.maximum, 100);
  const schemaBody =
    doc.paths["/sample/schema"]!.post!.requestBody!.content["application/json"]!.schema.properties!;
  assert.deepEqual(schemaBody.format!.enum, ["json", "csv", "parquet", "orc"]);
  const limit = doc.paths["/plans"]!.get!.parameters!.find((p) => p.name === "limit")!.schema;
  assert.equal(limit.minimum, 1);
  assert.equal(limit.maximum, 1000);
  assert.ok("text/plain" in doc.paths["/sample/task-yaml"]!.post!.requestBody!.content);
});
