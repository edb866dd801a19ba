import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type ServerOptions } from "../../src/api/build-server.ts";
import { createRuntime, type Runtime, type RuntimeOptions } from "../../src/app/compose.ts";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { inThreadHost } from "../../src/app/runs/run-host.ts";
import { fixtureDir } from "../support/fixture-dir.ts";

export interface ApiRuntimeOptions {
  /** The files of the temporary folder, by relative path (see fixtureDir). */
  readonly files?: Readonly<Record<string, string>>;
  /**
   * Runtime options given the folder, over the defaults: home `<folder>/home`, cwd the folder,
   * the folder as the data (and output) folder of plans, an empty environment, and runs done in
   * this thread with the inline executor.
   */
  readonly runtime?: (dir: string) => Partial<RuntimeOptions>;
  /** Whether the server serves the run routes with the runtime's run manager (default true). */
  readonly serveRuns?: boolean;
  readonly server?: ServerOptions;
}

export interface ApiRuntime {
  readonly dir: string;
  readonly runtime: Runtime;
  readonly app: FastifyInstance;
  readonly store: Runtime["store"];
  readonly svc: Runtime["service"];
  readonly runs: Runtime["runs"];
  /** Closes the server, then the runtime (runs, samples' workers, the store). */
  close(): Promise<void>;
}

/** A runtime over a temporary folder and the HTTP server over it, for in-process requests. */
export async function apiRuntime(o: ApiRuntimeOptions = {}): Promise<ApiRuntime> {
  const dir = fixtureDir(o.files ?? {});
  const runtime = await createRuntime({
    home: join(dir, "home"),
    env: {},
    cwd: dir,
    access: { dataDirs: [dir] },
    host: inThreadHost(() => createInlineExecutor()),
    ...o.runtime?.(dir),
  });
  let app: FastifyInstance;
  try {
    app = await buildServer(runtime.service, {
      ...(o.serveRuns === false ? {} : { runs: runtime.runs }),
      ...o.server,
    });
  } catch (e) {
    await runtime.close();
    throw e;
  }
  return {
    dir,
    runtime,
    app,
    store: runtime.store,
    svc: runtime.service,
    runs: runtime.runs,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

/** A server over a temporary home, configuration, task folder and plan folder, for in-process requests. */
export async function apiFixture(options: Omit<ServerOptions, "onShutdown"> = {}): Promise<{
  app: FastifyInstance;
  dir: string;
  close(): Promise<void>;
  shutdowns: number[];
}> {
  const shutdowns: number[] = [];
  const fixture = await apiRuntime({
    files: {
      "conf/application.conf": `
folders {
  planFilePath = "PLANS/plan.yaml"
  taskFolderPath = "TASKS"
}
postgres { pg { url = "jdbc:postgresql://127.0.0.1:5432/shop", user = app, password = "s3cret-pw" } }
json { out_json { path = "out/api-out" } }
`,
      "tasks/accounts.yaml": `name: accounts_task
steps:
  - name: accounts
    type: json
    options: {path: out/accounts}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}"}}
      - {name: name, options: {expression: "#{Name.firstName}"}}
      - {name: opened, type: date, options: {min: "2024-01-01", max: "2024-12-31"}}
`,
      "tasks/transactions.yaml": `name: txn_task
steps:
  - name: transactions
    type: csv
    options: {path: out/txns}
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
    },
    runtime: (dir) => {
      // The configuration names the plan and task folders of this temporary folder.
      const confPath = join(dir, "conf", "application.conf");
      writeFileSync(
        confPath,
        readFileSync(confPath, "utf8")
          .replace("PLANS", join(dir, "plans"))
          .replace("TASKS", join(dir, "tasks")),
      );
      return { configPath: confPath, now: () => Date.UTC(2026, 10, 1) };
    },
    serveRuns: false,
    server: { logger: false, ...options, onShutdown: () => shutdowns.push(1) },
  });
  return { app: fixture.app, dir: fixture.dir, shutdowns, close: fixture.close };
}
