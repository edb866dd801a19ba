import assert from "node:assert/strict";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { type ServeProcess, startServe } from "../support/start-serve.ts";

/**
 * Issue 26, items 1, 5 and 6 against a real `rowforge serve` (heap limited): a plan sent over
 * HTTP reads only the data folders and allowed URLs, writes only the output folders, and no
 * answer carries the server's environment, its configuration's password or its folders. The
 * CLI, run by its user, still reads what it names.
 */

const PASSWORD = "conf-pa55word-never-shown";
const ENV_SECRET = "env-s3cret-never-shown";
const schema = (value: string) =>
  JSON.stringify({ type: "object", properties: { v: { type: "string", enum: [value] } }, required: ["v"] });

let dir = "";
let home = "";
let server: ServeProcess;
let web: Server;
let base = "";
const hits: string[] = [];

before(async () => {
  web = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(req.url?.startsWith("/ok/") ? schema("from-allowed-url") : schema(`internal-${ENV_SECRET}`));
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
  dir = fixtureDir({
    "conf/application.conf": `json { files { path = "unused" } }\npostgres { pg { url = "jdbc:postgresql://127.0.0.1:1/x", user = app, password = "${PASSWORD}" } }\n`,
    "data/schemas/local.json": schema("from-data-folder"),
    "outside/secret.json": schema(`outside-${PASSWORD}`),
  });
  home = join(dir, "home");
  symlinkSync(join(dir, "conf", "application.conf"), join(dir, "data", "schemas", "conf.json"));
  process.env.ROWFORGE_E2E_SECRET = ENV_SECRET;
  try {
    server = await startServe([
      "--home",
      home,
      "--config",
      join(dir, "conf", "application.conf"),
      "--data-dir",
      join(dir, "data"),
      "--allow-url",
      `${base}/ok/`,
      "--max-heap",
      "512",
    ]);
  } finally {
    delete process.env.ROWFORGE_E2E_SECRET;
  }
});

after(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  web.close();
});

const post = async (path: string, body: unknown) => {
  const r = await fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.text() };
};

/**
 * Nothing of the environment, the configuration, the files outside or the server's folders:
 * the one path the request named (`sent`) may come back as it was written.
 */
function clean(body: string, sent = ""): string {
  for (const secret of [ENV_SECRET, PASSWORD, "PATH=", "HOME="])
    assert.ok(!body.includes(secret), `${secret} in ${body}`);
  const rest = sent === "" ? body : body.split(sent).join("");
  assert.ok(!rest.includes(dir), `the server's folders in ${body}`);
  return body;
}

const plan = (name: string, options: Record<string, string>, fields: unknown[] = []) => ({
  plan: { name, tasks: [{ name: "t", dataSourceName: "files", enabled: true }] },
  tasks: [
    { name: "t", type: "json", options: { path: `out/${name}`, ...options }, count: { records: 5 }, fields },
  ],
});

test("serve: a plan's documents outside the data folders are refused, never read back into an answer", async () => {
  for (const [i, location] of [
    "/proc/self/environ",
    join(dir, "conf", "application.conf"),
    "schemas/conf.json",
    join(dir, "outside", "secret.json"),
    "../outside/secret.json",
    `file://${join(dir, "outside", "secret.json")}`,
  ].entries()) {
    const r = await post(
      "/plan",
      plan(`p${i}`, { metadataSourceType: "jsonSchema", jsonSchemaFile: location }),
    );
    assert.equal(r.status, 400, `${location}: ${r.body}`);
    assert.match(clean(r.body, location), /RF_PATH_NOT_ALLOWED/, location);
  }
  const url = await post(
    "/plan",
    plan("url", { metadataSourceType: "jsonSchema", jsonSchemaFile: `${base}/internal/x.json` }),
  );
  assert.equal(url.status, 400, url.body);
  assert.match(clean(url.body), /RF_URL_NOT_ALLOWED/);
  assert.deepEqual(hits, [], "the internal URL was requested");
});

test("serve: a document in a data folder and one at an allowed URL give their fields", async () => {
  for (const [name, location, value] of [
    ["local", "schemas/local.json", "from-data-folder"],
    ["remote", `${base}/ok/schema.json`, "from-allowed-url"],
  ] as const) {
    const saved = await post(
      "/plan",
      plan(name, { metadataSourceType: "jsonSchema", jsonSchemaFile: location }),
    );
    assert.equal(saved.status, 200, saved.body);
    const sample = await fetch(`${server.url}/sample/plans/${name}?sampleSize=2`);
    assert.equal(sample.status, 200);
    assert.match(await sample.text(), new RegExp(value));
  }
});

test("serve: outputs go into the data folder, never into the home or outside", async () => {
  const serverFile = readFileSync(join(home, "server.json"), "utf8");
  for (const path of [
    join(home, "server.json"),
    join(home, "store", "x"),
    join(dir, "outside", "x"),
    "../outside/y",
  ]) {
    const r = await post("/run", plan("writes", { path, allowForeignFiles: "true" }, [{ name: "a" }]));
    assert.equal(r.status, 400, `${path}: ${r.body}`);
    assert.match(clean(r.body, path), /RF_PATH_NOT_ALLOWED/);
  }
  assert.equal(readFileSync(join(home, "server.json"), "utf8"), serverFile);
  assert.ok(!existsSync(join(dir, "outside", "x")));
  const ok = await post("/run", plan("relative", {}, [{ name: "a" }]));
  assert.equal(ok.status, 200, ok.body);
  const id = (JSON.parse(ok.body) as { executionId: string }).executionId;
  let status = { status: "", failedReason: null as string | null };
  for (
    let i = 0;
    i < 400 && (status.status === "" || status.status === "queued" || status.status === "running");
    i++
  ) {
    status = (await (await fetch(`${server.url}/run/status/${id}`)).json()) as typeof status;
    await sleep(50);
  }
  assert.equal(status.status, "success", String(status.failedReason));
  assert.ok(existsSync(join(dir, "data", "out", "relative", "_SUCCESS")));
});

test("serve: a connection test of a file outside says nothing about it", async () => {
  const r = await post("/connection/test", { type: "csv", options: { path: "/etc/shadow" } });
  assert.equal(r.status, 400, r.body);
  assert.doesNotMatch(clean(r.body), /bytes|writable|exists/);
  assert.match(r.body, /RF_PATH_NOT_ALLOWED/);
});

test("the CLI reads the files and URLs its user names, as before", async () => {
  const task = join(dir, "cli-task.yaml");
  writeFileSync(
    task,
    `name: cli\nsteps:\n  - name: s\n    type: json\n    options: {path: out/cli, metadataSourceType: jsonSchema, jsonSchemaFile: ${join(dir, "outside", "secret.json")}}\n  - name: u\n    type: json\n    options: {path: out/u, metadataSourceType: jsonSchema, jsonSchemaFile: "${base}/internal/cli.json"}\n`,
  );
  const r = await runCliAsync(["sample", task, "-n", "1", "--format", "json"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`outside-${PASSWORD}`));
  const u = await runCliAsync(["sample", task, "-n", "1", "--format", "json", "--step", "u"], { cwd: dir });
  assert.equal(u.status, 0, u.stderr);
  assert.match(u.stdout, /internal-/);
});
