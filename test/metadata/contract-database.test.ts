import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCliAsync } from "../support/run-cli.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";

const CONTRACT = join(import.meta.dirname, "contracts", "orders.odcs-v3.yaml");

test("an ODCS contract with two tables fills two PostgreSQL tables (created in the step's schema under their physical names), and its quality rules are checked on the rows read back", async () => {
  const schema = `rf_contract_${process.pid}`;
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await pgQuery(`CREATE SCHEMA ${schema}`);
  const f = postgresFacts();
  const dir = fixtureDir({
    "plan.yaml": `name: contract_pg
dataSources:
  - name: shop_pg
    connection:
      type: postgres
      options: {url: "${postgresJdbcUrl(f)}", user: ${f.user}}
    steps:
      - name: from_contract
        count: {records: 2000}
        options: {metadataSourceType: openDataContractStandard, dataContractFile: ${CONTRACT}, schema: ${schema}, createTable: true}
`,
  });
  const r = await runCliAsync(
    ["run", join(dir, "plan.yaml"), "--home", join(dir, "home"), "--seed", "4", "--json"],
    {
      cwd: dir,
      timeoutMs: 120_000,
    },
  );
  const out = JSON.parse(r.stdout) as {
    steps: { name: string; records: number }[];
    validations: { description: string; success: boolean; records: number }[];
  };
  assert.equal(r.status, 0, `${r.stderr}\n${JSON.stringify(out.validations.filter((v) => !v.success))}`);
  assert.deepEqual(
    out.steps.map((s) => [s.name, s.records]),
    [
      ["orders", 2000],
      ["refunds", 2000],
    ],
  );
  const [orders] = await pgQuery<{ n: string; ids: string; statuses: string }>(
    `SELECT count(*) AS n, count(DISTINCT order_id) AS ids, count(*) FILTER (WHERE status NOT IN ('placed','paid','shipped','delivered','cancelled')) AS statuses FROM ${schema}.orders_v1`,
  );
  assert.deepEqual([Number(orders!.n), Number(orders!.ids), Number(orders!.statuses)], [2000, 2000, 0]);
  const [refunds] = await pgQuery<{ n: string; bad: string }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE amount < 1 OR amount > 500 OR reason IS NULL) AS bad FROM ${schema}.refunds_v1`,
  );
  assert.deepEqual([Number(refunds!.n), Number(refunds!.bad)], [2000, 0]);
  const types = await pgQuery<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'refunds_v1' ORDER BY ordinal_position`,
  );
  assert.deepEqual(
    types.map((t) => [t.column_name, t.data_type]),
    [
      ["refund_id", "text"],
      ["order_id", "text"],
      ["amount", "numeric"],
      ["reason", "text"],
    ],
  );
  // The rules were read back from the tables: every row was checked.
  const status = out.validations.find((v) => v.description.startsWith("status in"));
  assert.deepEqual([status?.success, status?.records], [true, 2000]);
  assert.equal(out.validations.find((v) => v.description.startsWith("reason in"))?.records, 2000);
  await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});
