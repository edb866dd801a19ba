import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type ServerOptions } from "../../src/api/build-server.ts";
import { createRuntime } from "../../src/app/compose.ts";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { fixtureDir } from "../support/fixture-dir.ts";

/** A server over a temporary home, configuration, task folder and plan folder, for in-process requests. */
export async function apiFixture(options: Omit<ServerOptions, "onShutdown"> = {}): Promise<{
  app: FastifyInstance;
  dir: string;
  close(): Promise<void>;
  shutdowns: number[];
}> {
  const dir = fixtureDir({
    "conf/application.conf": `
folders {
  planFilePath = "PLANS/plan.yaml"
  taskFolderPath = "TASKS"
}
postgres { pg { url = "jdbc:postgresql://127.0.0.1:5432/shop", user = app, password = "s3cret-pw" } }
json { out_json { path = "/tmp/rowforge-api-out" } }
`,
    "tasks/accounts.yaml": `name: accounts_task
steps:
  - name: accounts
    type: json
    options: {path: /tmp/rowforge-api/accounts}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}"}}
      - {name: name, options: {expression: "#{Name.firstName}"}}
      - {name: opened, type: date, options: {min: "2024-01-01", max: "2024-12-31"}}
`,
    "tasks/transactions.yaml": `name: txn_task
steps:
  - name: transactions
    type: csv
    options: {path: /tmp/rowforge-api/txns}
    fields:
      - {name: account_id}
      - {name: amount, type: double, options: {min: 1, max: 100, round: 2}}
`,
    "plans/plan.yaml": `name: shop_plan
description: "accounts and their transactions"
tasks:
  - {name: accounts_task, dataSourceName: out_json}
  - {name: txn_task, dataSourceName: out_json}
sinkOptions:
  foreignKeys:
    - source: {dataSource: out_json, step: accounts, fields: [account_id]}
      generate: [{dataSource: out_json, step: transactions, fields: [account_id]}]
`,
  });
  const confPath = join(dir, "conf", "application.conf");
  const { readFileSync, writeFileSync } = await import("node:fs");
  writeFileSync(
    confPath,
    readFileSync(confPath, "utf8").replace("PLANS", join(dir, "plans")).replace("TASKS", join(dir, "tasks")),
  );
  const runtime = await createRuntime({
    home: join(dir, "home"),
    configPath: confPath,
    env: {},
    cwd: dir,
    now: () => Date.UTC(2026, 10, 1),
    executor: () => createInlineExecutor(),
  });
  const svc = runtime.service;
  const shutdowns: number[] = [];
  const app = await buildServer(svc, { logger: false, ...options, onShutdown: () => shutdowns.push(1) });
  return {
    app,
    dir,
    shutdowns,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
