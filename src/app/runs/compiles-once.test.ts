import assert from "node:assert/strict";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { collectingIo } from "../../../test/support/collecting-io.ts";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { openAccess } from "../../access/index.ts";
import { main } from "../../cli/main.ts";
import { loadPlanFile } from "../../config/index.ts";
import { COMPILE_PLAN_CHANNEL } from "../../engine/index.ts";
import { executorFactory } from "../executors.ts";
import { OUTPUT_KINDS } from "../output-kinds.ts";
import { checkRun } from "./check-run.ts";
import { runPlan } from "./run-plan.ts";

/** A unified plan of CSV files in `dir`: customers, and orders pointing at them through a foreign key. */
const shop = (dir: string) => `name: shop
sinkOptions: {seed: "5"}
dataSources:
  - name: files
    connection: {type: csv, options: {header: "true"}}
    steps:
      - name: customers
        options: {path: ${join(dir, "customers")}}
        count: {records: 300}
        fields: [{name: customer_id, options: {regex: "C[0-9]{9}"}}, {name: since, type: date}]
      - name: orders
        options: {path: ${join(dir, "orders")}}
        count: {records: 200, perField: {fieldNames: [customer_id], count: 2}}
        fields: [{name: order_id, options: {regex: "O[0-9]{9}"}}, {name: customer_id}]
foreignKeys:
  - source: {dataSource: files, step: customers, fields: [customer_id]}
    generate: [{dataSource: files, step: orders, fields: [customer_id]}]
`;

/** How often `fn` compiles a plan (compilePlan, in this thread). */
async function compilesDuring(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const count = () => {
    n++;
  };
  subscribe(COMPILE_PLAN_CHANNEL, count);
  try {
    await fn();
  } finally {
    unsubscribe(COMPILE_PLAN_CHANNEL, count);
  }
  return n;
}

for (const workers of [[], ["--workers", "0"]]) {
  test(`rowforge run ${workers.join(" ")} compiles its plan once in its thread: the pre-run check's compile is the run's, adopted by the executor`, async () => {
    const dir = fixtureDir({});
    writeFileSync(join(dir, "shop.yaml"), shop(dir));
    const said: string[] = [];
    let exit = -1;
    const compiles = await compilesDuring(async () => {
      exit = await main(
        ["node", "rowforge", "run", join(dir, "shop.yaml"), "--no-history", "-q", ...workers],
        collectingIo(dir, said),
      );
    });
    assert.equal(exit, 0, said.join(""));
    assert.match(said.join(""), /done: plan shop, .* 900 records written/);
    assert.ok(readdirSync(join(dir, "orders")).some((f) => f.endsWith(".csv")));
    assert.equal(compiles, 1);
  });
}

test("a run given no pre-run check (a run thread's) reads and compiles its plan once, the executor adopting that compile", async () => {
  const dir = fixtureDir({});
  writeFileSync(join(dir, "shop.yaml"), shop(dir));
  const load = await loadPlanFile(join(dir, "shop.yaml"), { outputKinds: OUTPUT_KINDS, cwd: dir, env: {} });
  const compiles = await compilesDuring(async () => {
    const result = await runPlan(load.plan!, { access: openAccess(dir), executor: executorFactory(0) });
    assert.equal(result.success, true, result.failedReason ?? "");
    assert.equal(
      result.steps.reduce((n, s) => n + s.records, 0),
      900,
    );
  });
  assert.equal(compiles, 1);
});

test("the pre-run check of a run in another thread (POST /run) compiles once to check and count: no second compile for the row limit", async () => {
  const dir = fixtureDir({});
  writeFileSync(join(dir, "shop.yaml"), shop(dir));
  const load = await loadPlanFile(join(dir, "shop.yaml"), { outputKinds: OUTPUT_KINDS, cwd: dir, env: {} });
  let refused: unknown;
  const compiles = await compilesDuring(async () => {
    await checkRun(load.plan!, {
      access: openAccess(dir),
      limits: { maxRows: 899, maxBytes: 1e12, maxSeconds: 60 },
    }).catch((e: unknown) => {
      refused = e;
    });
  });
  assert.match(String(refused), /900/);
  assert.equal(compiles, 1);
});
