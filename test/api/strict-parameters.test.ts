import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { type ApiRuntime, apiFixture, apiRuntime } from "./api-fixture.ts";

let samples: Awaited<ReturnType<typeof apiFixture>>;
let runs: ApiRuntime;
before(async () => {
  [samples, runs] = await Promise.all([apiFixture(), apiRuntime()]);
});
after(async () => {
  await Promise.all([samples.close(), runs.close()]);
});

const TASK = "name: t\nsteps: [{name: s, type: json, fields: [{name: a}]}]\n";

/** Integers spelled other than as plain decimal digits, as query-string text. */
const BAD_QUERY_INTEGERS = ["0x10", "true", "1e1", "10.0", " 10", "+10", "", "١٠"];
/** Values of a JSON body's integer that are not JSON integers. */
const BAD_BODY_INTEGERS: unknown[] = [true, "0x10", "5", "", null, 5.5, [5], { n: 5 }];
/** Values of a JSON body's boolean that are not JSON booleans. */
const BAD_BODY_BOOLEANS: unknown[] = ["true", 1, 0, "yes", null];

interface QueryCase {
  readonly app: () => FastifyInstance;
  readonly method: "GET" | "POST";
  readonly url: string;
  readonly param: string;
  readonly good: string;
  readonly kind: "integer" | "boolean";
  readonly headers?: Record<string, string>;
  readonly payload?: string;
}

const plain = { "content-type": "text/plain" };
const QUERY: QueryCase[] = [
  ...(["limit", "offset"] as const).map((param) => ({
    app: () => samples.app,
    method: "GET" as const,
    url: "/plans",
    param,
    good: "5",
    kind: "integer" as const,
  })),
  ...(["limit", "offset"] as const).map((param) => ({
    app: () => runs.app,
    method: "GET" as const,
    url: "/run/history",
    param,
    good: "5",
    kind: "integer" as const,
  })),
  {
    app: () => runs.app,
    method: "GET",
    url: "/run/history",
    param: "extended",
    good: "true",
    kind: "boolean",
  },
  ...[
    "/sample/plans/shop_plan",
    "/sample/plans/shop_plan/tasks/accounts_task",
    "/sample/plans/shop_plan/tasks/accounts_task/steps/accounts",
    "/sample/tasks/accounts_task",
    "/sample/steps/accounts",
  ].flatMap((url) => [
    {
      app: () => samples.app,
      method: "GET" as const,
      url,
      param: "sampleSize",
      good: "5",
      kind: "integer" as const,
    },
    {
      app: () => samples.app,
      method: "GET" as const,
      url,
      param: "fastMode",
      good: "false",
      kind: "boolean" as const,
    },
    ...(url.endsWith("/accounts") && url.startsWith("/sample/steps")
      ? []
      : [
          {
            app: () => samples.app,
            method: "GET" as const,
            url,
            param: "enableRelationships",
            good: "true",
            kind: "boolean" as const,
          },
        ]),
  ]),
  ...(["sampleSize", "fastMode"] as const).map((param) => ({
    app: () => samples.app,
    method: "POST" as const,
    url: "/sample/task-yaml",
    param,
    good: param === "sampleSize" ? "5" : "true",
    kind: param === "sampleSize" ? ("integer" as const) : ("boolean" as const),
    headers: plain,
    payload: TASK,
  })),
];

test("integer and boolean query parameters take only their plain spelling: 0x10, true, 1e1 and the like are a 400 naming the parameter", async () => {
  for (const c of QUERY) {
    const send = (value: string) =>
      c.app().inject({
        method: c.method,
        url: `${c.url}?${c.param}=${encodeURIComponent(value)}`,
        ...(c.headers ? { headers: c.headers } : {}),
        ...(c.payload ? { payload: c.payload } : {}),
      });
    const good = await send(c.good);
    assert.equal(good.statusCode, 200, `${c.url}?${c.param}=${c.good}: ${good.body.slice(0, 300)}`);
    const bad = c.kind === "integer" ? BAD_QUERY_INTEGERS : ["1", "0", "yes", "TRUE", ""];
    for (const value of bad) {
      const r = await send(value);
      assert.equal(
        r.statusCode,
        400,
        `${c.url}?${c.param}=${JSON.stringify(value)} was accepted: ${r.body.slice(0, 200)}`,
      );
      assert.match(r.body, new RegExp(`querystring\\.${c.param}`), `${c.url} ${c.param}=${value}`);
    }
  }
});

test('integer and boolean members of JSON bodies must be JSON integers and booleans: sampleSize true or "0x10" is a 400', async () => {
  const bodies: { url: string; body: Record<string, unknown> }[] = [
    { url: "/sample/schema", body: { fields: [{ name: "a" }] } },
    { url: "/sample/schema", body: { fields: [{ name: "a" }], format: "json" } },
    { url: "/sample/task-file", body: { taskYamlPath: join(samples.dir, "tasks", "accounts.yaml") } },
    { url: "/sample/task-yaml", body: { taskYamlContent: TASK } },
  ];
  for (const { url, body } of bodies) {
    const send = (extra: Record<string, unknown>) =>
      samples.app.inject({ method: "POST", url, payload: { ...body, ...extra } });
    const good = await send({ sampleSize: 5, fastMode: false });
    assert.equal(good.statusCode, 200, `${url}: ${good.body.slice(0, 300)}`);
    for (const value of BAD_BODY_INTEGERS) {
      const r = await send({ sampleSize: value });
      assert.equal(r.statusCode, 400, `${url} sampleSize ${JSON.stringify(value)} was accepted`);
      assert.match(r.body, /sampleSize/, `${url} sampleSize ${JSON.stringify(value)}`);
    }
    for (const value of BAD_BODY_BOOLEANS) {
      const r = await send({ fastMode: value });
      assert.equal(r.statusCode, 400, `${url} fastMode ${JSON.stringify(value)} was accepted`);
      assert.match(r.body, /fastMode/, `${url} fastMode ${JSON.stringify(value)}`);
    }
  }
});
