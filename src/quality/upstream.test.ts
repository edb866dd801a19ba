import assert from "node:assert/strict";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { loadProject } from "../config/index.ts";
import { validationsPlan } from "./validations-plan.ts";

/**
 * Transactions (the validated data) and accounts (the upstream, a second file): account A3 has
 * no transactions, transaction t5 points at account A9 that does not exist, and A2's
 * transactions add up to more than its balance.
 */
const ACCOUNTS = [
  { account_id: "A1", balance: 100 },
  { account_id: "A2", balance: 50 },
  { account_id: "A3", balance: 10 },
];
const TXNS = [
  { txn: "t1", account_id: "A1", amount: 40 },
  { txn: "t2", account_id: "A1", amount: 50 },
  { txn: "t3", account_id: "A2", amount: 30 },
  { txn: "t4", account_id: "A2", amount: 35 },
  { txn: "t5", account_id: "A9", amount: 5 },
];

async function validate(validationsYaml: string, limits: { maxGroups?: number; spillDir?: string } = {}) {
  const dir = fixtureDir({
    "txns/part-0.json": TXNS.map((r) => JSON.stringify(r)).join("\n"),
    "accounts/part-0.json": ACCOUNTS.map((r) => JSON.stringify(r)).join("\n"),
  });
  const file = join(dir, "v.yaml");
  writeFileSync(
    file,
    `name: upstream_checks\ndataSources:\n  json:\n    - options: {path: "${join(dir, "txns")}"}\n      validations:\n${validationsYaml.replaceAll("ACCOUNTS", join(dir, "accounts"))}`,
  );
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
    limits,
  });
}

const up = (joinType: string, joinFields = "[account_id]") =>
  `upstreamDataSource: my_accounts\n          upstreamReadOptions: {path: "ACCOUNTS", format: json}\n          joinFields: ${joinFields}\n          joinType: ${joinType}`;

test("upstream validations join the data with a second file, name its fields <upstream>_<field> and check the joined rows", async () => {
  const results = await validate(`        - ${up("outer")}
          validation:
            - {expr: "amount <= my_accounts_balance"}
            - {expr: "my_accounts_balance IS NOT NULL"}
            - {aggType: count, aggExpr: "count == 6"}
        - ${up("anti")}
          validation:
            - {aggType: count, aggExpr: "count == 0"}
        - ${up("inner")}
          validation:
            - {groupByFields: [account_id, my_accounts_balance], aggType: sum, aggField: amount, aggExpr: "sum(amount) <= my_accounts_balance"}
        - ${up("left", '["expr:account_id == my_accounts_account_id"]')}
          validation:
            - {expr: "my_accounts_account_id IS NOT NULL"}
`);
  assert.deepEqual(
    results.map((r) => [r.kind, r.success, r.records, r.failed, r.error?.code]),
    [
      // Full outer: 5 transactions + account A3 alone; t5 has no balance (NULL passes), A3 has no amount.
      ["upstream", true, 6, 0, undefined],
      ["upstream", false, 6, 1, undefined],
      ["upstream", true, 1, 0, undefined],
      // Anti: t5, whose account does not exist.
      ["upstream", false, 1, 1, undefined],
      // Inner, grouped per account: A2's 65 is more than its 50.
      ["upstream", false, 2, 1, undefined],
      // A join expression, left: t5 finds no account.
      ["upstream", false, 5, 1, undefined],
    ],
  );
  assert.deepEqual(results[1]!.sample, [
    { txn: "t5", account_id: "A9", amount: 5, my_accounts_balance: null },
  ]);
  assert.deepEqual(results[4]!.sample, [{ account_id: "A2", my_accounts_balance: 50, "sum(amount)": 65 }]);
  assert.match(results[0]!.description, /joined with my_accounts \(full\) on account_id/);
});

test("an upstream join field that one side lacks is a coded failure naming the side", async () => {
  const results = await validate(`        - ${up("outer", "[acct]")}
          validation:
            - {expr: "true"}
`);
  assert.equal(results[0]!.error?.code, "RF_VALIDATION_FIELD_UNKNOWN");
  assert.match(results[0]!.error!.message, /joinFields names "acct", which the validated data does not have/);
});

test("an upstream larger than the budget is joined from partition files on disk with the same results", async () => {
  const yaml = `        - ${up("outer")}
          validation:
            - {expr: "amount <= my_accounts_balance"}
            - {aggType: count, aggExpr: "count == 6"}
        - ${up("anti")}
          validation:
            - {aggType: count, aggExpr: "count == 0"}
        - ${up("right")}
          validation:
            - {expr: "txn IS NOT NULL"}
        - ${up("inner")}
          validation:
            - {groupByFields: [account_id, my_accounts_balance], aggType: sum, aggField: amount, aggExpr: "sum(amount) <= my_accounts_balance"}
`;
  const spillDir = fixtureDir({});
  const inMemory = await validate(yaml);
  // One row of budget: the three accounts are spilled (and the group-by's groups too).
  const spilled = await validate(yaml, { maxGroups: 1, spillDir });
  const counts = (rs: typeof inMemory) => rs.map((r) => [r.success, r.records, r.failed, r.error?.code]);
  assert.deepEqual(counts(spilled), counts(inMemory));
  assert.deepEqual(
    counts(inMemory).map((c) => c.slice(0, 3)),
    [
      [true, 6, 0],
      [true, 1, 0],
      [false, 1, 1],
      // Right: the four transactions of known accounts and account A3 alone (no txn).
      [false, 5, 1],
      [false, 2, 1],
    ],
  );
  for (const r of spilled) {
    assert.equal(r.details?.spilled, true, r.description);
    assert.equal(r.details?.joinPartitions, 32);
    assert.match(r.note ?? "", /joined from 32 partition files on disk \(exact/);
  }
  assert.deepEqual(spilled[0]!.sample, inMemory[0]!.sample);
  assert.deepEqual(spilled[4]!.sample, [{ account_id: "A2", my_accounts_balance: 50, "sum(amount)": 65 }]);
  assert.deepEqual(readdirSync(spillDir), [], "spill files are removed");
});
