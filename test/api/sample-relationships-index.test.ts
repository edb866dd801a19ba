import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

let f: ApiRuntime;
before(async () => {
  f = await apiRuntime({
    files: {
      "tasks/accounts.yaml": `name: accounts_task
steps:
  - name: accounts
    type: json
    options: {path: /tmp/rowforge-rel/accounts}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{8}"}}
`,
      "tasks/transactions.yaml": `name: txn_task
steps:
  - name: transactions
    type: json
    options: {path: /tmp/rowforge-rel/txns}
    fields:
      - {name: account_id}
      - {name: amount, type: double, options: {min: 1, max: 100}}
`,
    },
    runtime: (dir) => {
      const configPath = join(dir, "application.conf");
      writeFileSync(
        configPath,
        `folders { taskFolderPath = "${join(dir, "tasks")}" }\njson { out_json { path = "/tmp/rowforge-rel" } }\n`,
      );
      return { configPath };
    },
  });
});
after(() => f.close());

/** A saved plan request listing tasks of the task folder, with a foreign key when it lists both. */
const planRequest = (name: string, tasks: readonly string[]) => ({
  plan: {
    name,
    tasks: tasks.map((t) => ({ name: t, dataSourceName: "out_json", enabled: true })),
    ...(tasks.length === 2
      ? {
          sinkOptions: {
            foreignKeys: [
              {
                source: { dataSource: "out_json", step: "accounts", fields: ["account_id"] },
                generate: [{ dataSource: "out_json", step: "transactions", fields: ["account_id"] }],
              },
            ],
          },
        }
      : {}),
  },
});

test("enableRelationships on a task sample finds the plan that lists the task through an index, not by reading every saved plan", async () => {
  // 300 saved plans that list only the accounts task, and one (last by name) that links both tasks.
  const savedAt = new Date().toISOString();
  for (let i = 0; i < 300; i++) {
    const name = `plan_${String(i).padStart(3, "0")}`;
    await f.store.plans.put({ id: name, name, request: planRequest(name, ["accounts_task"]), savedAt });
  }
  const saved = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: planRequest("zz_linked", ["accounts_task", "txn_task"]),
  });
  assert.equal(saved.statusCode, 200, saved.body);

  const sample = () => f.app.inject({ url: "/sample/tasks/txn_task?sampleSize=5&enableRelationships=true" });
  const first = await sample();
  assert.equal(first.statusCode, 200, first.body);

  // Count what the next samples read from the store.
  const plans = f.store.plans;
  const reads = { list: 0, get: 0 };
  const { list, get } = plans;
  Object.assign(plans, {
    list: () => {
      reads.list++;
      return list.call(plans);
    },
    get: (name: string) => {
      reads.get++;
      return get.call(plans, name);
    },
  });
  try {
    for (let i = 0; i < 3; i++) {
      const r = await sample();
      assert.equal(r.statusCode, 200, r.body);
      const body = r.json() as {
        samples: { transactions: { account_id: string }[] };
        metadata: { relationshipsEnabled: boolean };
      };
      assert.equal(body.metadata.relationshipsEnabled, true);
      // The linked plan's foreign key: transactions carry account ids of the accounts step.
      for (const row of body.samples.transactions) assert.match(row.account_id, /^ACC\d{8}$/);
    }
    assert.equal(reads.list, 0, "no listing of the saved plans");
    assert.ok(
      reads.get <= 3,
      `at most one read per sample (the linked plan), not one per saved plan: ${reads.get}`,
    );
  } finally {
    Object.assign(plans, { list, get });
  }

  // The index follows saves and deletes.
  assert.equal((await f.app.inject({ method: "DELETE", url: "/plan/zz_linked" })).statusCode, 200);
  const unlinked = (await sample()).json() as { samples: { transactions: { account_id: string }[] } };
  assert.ok(
    unlinked.samples.transactions.some((r) => !/^ACC\d{8}$/.test(r.account_id)),
    "no plan links the tasks now",
  );
  const again = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: planRequest("aa_linked", ["txn_task", "accounts_task"]),
  });
  assert.equal(again.statusCode, 200, again.body);
  const relinked = (await sample()).json() as { samples: { transactions: { account_id: string }[] } };
  for (const row of relinked.samples.transactions) assert.match(row.account_id, /^ACC\d{8}$/);
});
