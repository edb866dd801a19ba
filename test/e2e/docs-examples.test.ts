import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { RouteExample } from "../../src/api/route-example.ts";
import { ROUTE_EXAMPLES } from "../../src/api/route-examples.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startServe } from "../support/start-serve.ts";

/** The keys an answer must have: those of the documented example (objects), or of its first element (arrays). */
function assertShape(actual: unknown, documented: unknown, where: string): void {
  if (Array.isArray(documented)) {
    assert.ok(Array.isArray(actual), `${where}: an array`);
    if (documented.length > 0 && actual.length > 0) assertShape(actual[0], documented[0], `${where}[0]`);
    return;
  }
  if (documented !== null && typeof documented === "object") {
    assert.ok(actual !== null && typeof actual === "object" && !Array.isArray(actual), `${where}: an object`);
    assert.deepEqual(
      Object.keys(actual as object).sort(),
      Object.keys(documented as object).sort(),
      `${where}: the documented keys`,
    );
  }
}

test("every route has a worked example in /docs, and every example answers as documented", async () => {
  const dir = fixtureDir({
    "conf/application.conf": `folders {\n  planFilePath = "PLANS/plan.yaml"\n  taskFolderPath = "TASKS"\n}\n`,
    "tasks/accounts.yaml": `name: accounts_task
steps:
  - name: accounts
    type: json
    options: {path: out/accounts}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}"}}
`,
    "plans/plan.yaml": `name: shop_plan\ntasks:\n  - {name: accounts_task, dataSourceName: files}\n`,
  });
  const conf = join(dir, "conf", "application.conf");
  const { readFileSync, writeFileSync } = await import("node:fs");
  writeFileSync(
    conf,
    readFileSync(conf, "utf8").replace("PLANS", join(dir, "plans")).replace("TASKS", join(dir, "tasks")),
  );
  // Relative output paths land in the server's data folder, <home>/data.
  const server = await startServe(["--home", join(dir, "home"), "--config", conf]);
  try {
    const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(ROUTE_EXAMPLES.map((e) => `${e.method} ${e.route}`));
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of Object.keys(item)) {
        assert.ok(
          documented.has(`${method.toUpperCase()} ${path}`),
          `${method.toUpperCase()} ${path} has no example`,
        );
      }
    }
    const served = (await (await fetch(`${server.url}/docs/examples.json`)).json()) as RouteExample[];
    assert.equal(served.length, ROUTE_EXAMPLES.length, "the docs page reads the same examples");
    let executionId = "";
    const fill = (text: string) =>
      text.replaceAll("{executionId}", executionId).replaceAll("{taskFolder}", join(dir, "tasks"));
    for (const ex of ROUTE_EXAMPLES) {
      const where = `${ex.method} ${ex.url}`;
      const body =
        ex.body === undefined
          ? undefined
          : typeof ex.body === "string"
            ? fill(ex.body)
            : fill(JSON.stringify(ex.body));
      const r = await fetch(`${server.url}${fill(ex.url)}`, {
        method: ex.method,
        ...(body === undefined
          ? {}
          : { body, headers: { "content-type": ex.contentType ?? "application/json" } }),
      });
      const text = await r.text();
      assert.equal(r.status, ex.status, `${where}: ${text}`);
      if (ex.pattern !== undefined) assert.match(text, new RegExp(ex.pattern), where);
      else if (typeof ex.response !== "string") assertShape(JSON.parse(text), ex.response, where);
      if (ex.capturesExecutionId) {
        executionId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(text)?.[0] ?? "";
        assert.ok(executionId, `${where} states an execution id`);
        // Later examples read the finished run.
        for (let i = 0; i < 200; i++) {
          const st = (await (await fetch(`${server.url}/run/status/${executionId}`)).json()) as {
            status: string;
          };
          if (st.status === "success" || st.status === "failed") {
            assert.equal(st.status, "success", `${where}: the run succeeded`);
            break;
          }
          await new Promise((res) => setTimeout(res, 50));
        }
      }
    }
    assert.equal(await server.exited, 0, "the last example shut the server down");
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
  }
});
