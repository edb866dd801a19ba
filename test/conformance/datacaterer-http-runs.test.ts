// rowforge-test: alone (a task paced at one request a second, measured)
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { type HttpReceiver, startHttpReceiver } from "../support/http-receiver.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { CORPUS, CORPUS_MISSING, corpusAvailable } from "../support/shared-corpus.ts";

/**
 * The corpus's HTTP plans and tasks, run as their users run them against a local recording
 * receiver: a copy of the corpus with only the endpoints' host (localhost:80,
 * host.docker.internal:80) pointed at the receiver. What arrives is checked request by request.
 */
function corpusCopy(receiver: HttpReceiver): string {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-corpus-http-"));
  for (const part of ["plan", "task", "application.conf"])
    cpSync(join(CORPUS, part), join(dir, part), { recursive: true });
  for (const name of readdirSync(join(dir, "task", "http"))) {
    const file = join(dir, "task", "http", name);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replaceAll(/http:\/\/(localhost|host\.docker\.internal):80/g, receiver.url),
    );
  }
  return dir;
}

async function run(dir: string, args: readonly string[]) {
  const r = await runCliAsync(
    [
      "run",
      ...args,
      "--config",
      join(dir, "application.conf"),
      "--output-root",
      join(dir, "out"),
      "--json",
      "-q",
      "--seed",
      "3",
    ],
    { cwd: dir, timeoutMs: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { success: boolean; steps: { name: string; records: number }[] };
}

test("the corpus's plan/http.yaml: PUT /anything/{account_id}?limit=n with its headers and JSON body", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const receiver = await startHttpReceiver();
  try {
    const dir = corpusCopy(receiver);
    const result = await run(dir, [join(dir, "plan", "http.yaml")]);
    assert.equal(result.steps[0]!.records, 5);
    const got = receiver.received("/anything/");
    assert.equal(got.length, 5);
    for (const q of got) {
      assert.equal(q.method, "PUT");
      const body = JSON.parse(q.body) as { account_id: string; year: number; details: { name: string } };
      assert.match(body.account_id, /^ACC\d{8}$/);
      const url = new URL(q.url, receiver.url);
      assert.equal(url.pathname, `/anything/${body.account_id}`);
      assert.ok(
        Number(url.searchParams.get("limit")) >= 1 && Number(url.searchParams.get("limit")) <= 10,
        q.url,
      );
      assert.equal(q.headers["x-account-id"], body.account_id);
      assert.equal(q.headers["content-type"], "application/json");
      // The plan's own Content-Length is not sent: the connection sets the real one.
      assert.equal(Number(q.headers["content-length"]), Buffer.byteLength(q.body));
      assert.ok(body.year === 2021 || body.year === 2022);
    }
  } finally {
    await receiver.close();
  }
});

test("the corpus's HTTP tasks from plans of their own: the account task, and the query-parameter task at its rowsPerSecond: 1", async (t) => {
  if (!corpusAvailable()) return t.skip(CORPUS_MISSING);
  const receiver = await startHttpReceiver();
  try {
    const dir = corpusCopy(receiver);
    const planOf = (task: string) => {
      const file = join(dir, `${task}.yaml`);
      writeFileSync(file, `name: corpus_${task}\ntasks:\n  - name: ${task}\n    dataSourceName: httpbin\n`);
      return file;
    };
    const accounts = await run(dir, [planOf("json_account_http")]);
    assert.equal(accounts.steps[0]!.records, 50);
    assert.equal(receiver.received("/anything/").filter((q) => q.method === "PUT").length, 50);
    // The task asks for the default 1,000 rows at one a second: three are enough to see the pace.
    writeFileSync(
      join(dir, "application.conf"),
      `${readFileSync(join(dir, "application.conf"), "utf8")}\ngeneration.numRecordsPerStep = 3\n`,
    );
    const t0 = performance.now();
    const pets = await run(dir, [planOf("http_query_params_task")]);
    assert.equal(pets.steps[0]!.records, 3);
    const got = receiver.received("/anything/pets");
    assert.equal(got.length, 3);
    assert.ok(got[2]!.at - got[0]!.at >= 1900, "one request a second");
    assert.ok(performance.now() - t0 < 30_000);
    for (const q of got) {
      assert.equal(q.method, "GET");
      assert.match(q.url, /^\/anything\/pets\?(tags|limit)=/);
    }
  } finally {
    await receiver.close();
  }
});
