// rowforge-test: alone (other requests answered before a sample's 5 s limit)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

let fixture: ApiRuntime;
let app: FastifyInstance;
before(async () => {
  fixture = await apiRuntime({
    runtime: () => ({ sampleTimeLimitMs: 5_000 }),
    serveRuns: false,
    server: { logger: false },
  });
  app = fixture.app;
});
after(() => fixture.close());

const schema = (fields: unknown[], sampleSize = 10) => ({
  method: "POST" as const,
  url: "/sample/schema",
  payload: { fields, format: "json", sampleSize },
});

/** Linear in the engine, but 100 rows of 200,000 replacements each: far beyond the 5 s limit. */
// Slow on every row: the text depends on the row (a text of constants is made once, when compiled).
const SLOW = [
  { name: "k", type: "int", options: { min: 0, max: 1 } },
  { name: "n", type: "int", options: { sql: "length(regexp_replace(repeat('ab', 500000 + k), 'a', 'c'))" } },
];

test("a catastrophic-backtracking RLIKE in a sample answers (the regex engine is linear)", async () => {
  const r = await app.inject(
    schema([
      {
        name: "m",
        type: "boolean",
        options: { sql: "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' rlike '(a+)+$'" },
      },
      { name: "x", options: { sql: "regexp_extract(repeat('a', 3000) || '!', '(a|aa)+b', 0)" } },
    ]),
  );
  assert.equal(r.statusCode, 200, r.body);
  const row = JSON.parse(r.body.split("\n")[0]!) as { m: boolean; x: string };
  assert.deepEqual(row, { m: false, x: "" });
});

test("a backreference in an SQL regex is refused with a 400 naming it", async () => {
  const r = await app.inject(
    schema([{ name: "m", type: "boolean", options: { sql: "'aa' rlike '(a)\\\\1'" } }]),
  );
  assert.equal(r.statusCode, 400, r.body);
  assert.match(
    (r.json() as { error: { message: string } }).error.message,
    /backreference \\1 is not supported/,
  );
});

test("a sample over the time limit answers a clear 400 while the server keeps answering others", async () => {
  let slowDone = false;
  const slow = app.inject(schema(SLOW, 100)).then((r) => {
    slowDone = true;
    return r;
  });
  // While the slow sample is computed, cheap samples and other routes are answered.
  for (let i = 0; i < 3; i++) {
    const fast = await app.inject(schema([{ name: "id", options: { regex: "ID[0-9]{4}" } }]));
    assert.equal(fast.statusCode, 200);
  }
  const docs = await app.inject({ method: "GET", url: "/openapi.json" });
  assert.equal(docs.statusCode, 200);
  assert.equal(slowDone, false, "the other requests were answered while the slow sample ran");
  const r = await slow;
  assert.equal(r.statusCode, 400, r.body);
  const body = r.json() as { error: { code: string; message: string; details: string } };
  assert.equal(body.error.code, "INVALID_SCHEMA");
  assert.equal(body.error.details, "RF_SAMPLE_TIME_LIMIT");
  assert.match(body.error.message, /longer than the time limit of 5 s/);
  // The stopped worker is replaced: samples that need a worker still work.
  const again = await app.inject(schema([{ name: "n", type: "int", options: { sql: "2 * 21" } }], 3));
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(JSON.parse(again.body.split("\n")[0]!).n, 42);
});
