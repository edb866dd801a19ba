import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

let f: ApiRuntime;
before(async () => {
  f = await apiRuntime();
});
after(async () => {
  await f.close();
});

/** A plan of accounts -> transactions to JSON files whose foreign key's generate relation is `target`. */
const plan = (name: string, target: { dataSource: string; step: string; fields: string[] }) => ({
  plan: {
    name,
    tasks: [
      { name: "accounts", dataSourceName: "out", enabled: true },
      { name: "transactions", dataSourceName: "out", enabled: true },
    ],
    sinkOptions: {
      seed: "7",
      foreignKeys: [
        { source: { dataSource: "out", step: "accounts", fields: ["account_id"] }, generate: [target] },
      ],
    },
  },
  tasks: [
    {
      name: "accounts",
      type: "json",
      options: { path: join(f.dir, "out/accounts") },
      count: { records: 5 },
      fields: [{ name: "account_id", options: { regex: "ACC[0-9]{6}" } }],
    },
    {
      name: "transactions",
      type: "json",
      options: { path: join(f.dir, "out/transactions") },
      count: { records: 20 },
      fields: [{ name: "account_id" }, { name: "amount", type: "double" }],
    },
  ],
});

const cases = [
  {
    name: "a typo in the step name",
    target: { dataSource: "out", step: "transaction", fields: ["account_id"] },
    message:
      /step \\"transaction\\" does not exist in data source \\"out\\"; did you mean \\"transactions\\"/,
  },
  {
    name: "a typo in the data source name",
    target: { dataSource: "ot", step: "transactions", fields: ["account_id"] },
    message: /data source \\"ot\\" is not used by any task of the plan; did you mean \\"out\\"/,
  },
  {
    name: "a missing child field",
    target: { dataSource: "out", step: "transactions", fields: ["acount_id"] },
    message: /field \\"acount_id\\" does not exist in step \\"transactions\\"; did you mean \\"account_id\\"/,
  },
];

for (const [i, c] of cases.entries()) {
  test(`POST /plan refuses ${c.name} of a foreign key with a 400 naming the nearest name; nothing is saved`, async () => {
    const name = `fk_mistake_${i}`;
    const r = await f.app.inject({ method: "POST", url: "/plan", payload: plan(name, c.target) });
    assert.equal(r.statusCode, 400, r.body);
    assert.match(r.body, /RF_FOREIGN_KEY_INVALID/);
    assert.match(r.body, c.message);
    assert.equal(await f.store.plans.get(name), undefined);
  });
}

test("POST /plan saves the same plan with the foreign key written right", async () => {
  const r = await f.app.inject({
    method: "POST",
    url: "/plan",
    payload: plan("fk_right", { dataSource: "out", step: "transactions", fields: ["account_id"] }),
  });
  assert.equal(r.statusCode, 200, r.body);
});
