import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { parse } from "yaml";
import { screenshot, useUiSession } from "../support/browser.ts";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import { until } from "../support/until.ts";

const ui = useUiSession();
const SCHEMA = `ui_conn_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.customers (customer_id integer PRIMARY KEY, email varchar(40) NOT NULL)`,
  );
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.orders (order_id bigint PRIMARY KEY, customer_id integer NOT NULL REFERENCES ${SCHEMA}.customers, total numeric(8,2))`,
  );
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

/** A unified file: a PostgreSQL and a JSON data source with inline connections, foreign keys across both. */
const unified = (plan: string, events: string) => `# the shop, in one file
version: "1.0"
name: ${plan}
dataSources:
  - name: shop_pg
    connection:
      type: postgres
      options:
        url: "${postgresJdbcUrl()}"
        user: "${postgresFacts().user}"
    steps:
      - name: customers
        options:
          dbtable: ${SCHEMA}.customers
        count:
          records: 5
        fields:
          - name: customer_id
            type: int
            options:
              isPrimaryKey: true
          - name: email
      - name: orders
        options:
          dbtable: ${SCHEMA}.orders
        count:
          records: 10
        fields:
          - name: order_id
            type: long
            options:
              isPrimaryKey: true
          - name: customer_id
            type: int
  - name: events_json
    connection:
      type: json
      options:
        path: "${events}"
    steps:
      - name: page_views
        count:
          records: 4
        fields:
          - name: view_id
          - name: customer_id
            type: int
foreignKeys:
  - source:
      dataSource: shop_pg
      step: customers
      fields: [customer_id]
    generate:
      - dataSource: shop_pg
        step: orders
        fields: [customer_id]
      - dataSource: events_json
        step: page_views
        fields: [customer_id]
`;

async function importText(page: Page, text: string): Promise<void> {
  await page.getByText("Import YAML").click();
  await page.getByLabel(/Paste a Data Caterer plan/).fill(text);
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

async function newPlan(page: Page, name: string): Promise<void> {
  await page.goto(`/ui/#/plans/${name}?new=1`);
  await page.getByRole("heading", { level: 1, name: `Plan ${name}` }).waitFor();
}

const planYaml = async (page: Page, name: string): Promise<Record<string, unknown>> => {
  await page.getByRole("tab", { name: "YAML" }).click();
  const text = await page.getByLabel(new RegExp(`YAML of plan/${name}.yaml`)).inputValue();
  await page.getByRole("tab", { name: "Form" }).click();
  return parse(text) as Record<string, unknown>;
};

const dataSourcesOf = (plan: Record<string, unknown>) => {
  const fks = (
    plan.sinkOptions as {
      foreignKeys: { source: { dataSource: string }; generate: { dataSource: string }[] }[];
    }
  ).foreignKeys;
  return {
    tasks: (plan.tasks as { dataSourceName: string }[]).map((t) => t.dataSourceName),
    foreignKeys: fks.flatMap((fk) => [fk.source.dataSource, ...fk.generate.map((g) => g.dataSource)]),
  };
};

test("a unified file with inline connections and foreign keys is imported and saved as it is, and its run writes both data sources", async () => {
  const s = ui();
  const page = await s.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await newPlan(page, "shop_unified");
  await importText(page, unified("shop_unified", join(s.scratch, "events")));
  const offered = page.getByRole("region", { name: "Connections of the imported file" });
  await offered.getByText(/shop_pg \(postgres\): new, saved with the plan/).waitFor();
  await offered.getByText(/events_json \(json\): new, saved with the plan/).waitFor();
  await page.getByRole("button", { name: "Save and run" }).click();
  await page.waitForURL(/#\/runs\//);
  await page.getByText("success", { exact: true }).waitFor({ timeout: 60_000 });
  await screenshot(page, "plan-import-unified-run");

  const saved = await s.api("GET", "/connection/shop_pg");
  assert.equal(saved.status, 200, saved.text);
  assert.equal((saved.json as { options: { url: string } }).options.url, postgresJdbcUrl());
  assert.equal((await s.api("GET", "/connection/events_json")).status, 200);
  const orders = await pgQuery<{ n: string; orphans: string }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE customer_id NOT IN (SELECT customer_id FROM ${SCHEMA}.customers)) AS orphans FROM ${SCHEMA}.orders`,
  );
  assert.deepEqual(orders, [{ n: "10", orphans: "0" }]);
  await pgQuery(`TRUNCATE ${SCHEMA}.orders, ${SCHEMA}.customers`);
  assert.deepEqual(errors, []);
});

test("an imported connection named like a different saved one is renamed, and foreign keys follow the rename and a connection picked instead", async () => {
  const s = ui();
  const f = postgresFacts();
  const made = await s.api("POST", "/connection", {
    connections: [
      { name: "shop_pg", type: "postgres", options: { url: `${postgresJdbcUrl()}_elsewhere`, user: f.user } },
      { name: "warehouse_pg", type: "postgres", options: { url: postgresJdbcUrl(), user: f.user } },
    ],
  });
  assert.equal(made.status, 200, made.text);
  const page = await s.newPage();
  await newPlan(page, "shop_renamed");
  // The JSON data source as the first test saved it (when it ran): that connection, or a new one.
  await importText(page, unified("shop_renamed", join(s.scratch, "events")));
  const offered = page.getByRole("region", { name: "Connections of the imported file" });
  await offered.getByText(/shop_pg_2 \(postgres\): new, saved with the plan; renamed from shop_pg/).waitFor();
  assert.deepEqual(dataSourcesOf(await planYaml(page, "shop_renamed")), {
    tasks: ["shop_pg_2", "events_json"],
    foreignKeys: ["shop_pg_2", "shop_pg_2", "events_json"],
  });

  // Picking a saved connection instead: the foreign keys of the task's steps name it.
  await page.getByLabel("Connection of shop_pg_task").selectOption("warehouse_pg");
  assert.deepEqual(dataSourcesOf(await planYaml(page, "shop_renamed")), {
    tasks: ["warehouse_pg", "events_json"],
    foreignKeys: ["warehouse_pg", "warehouse_pg", "events_json"],
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'shop_renamed' saved successfully").waitFor();
  // The connection no task uses any more is not saved; the one the file named stays as it was.
  assert.equal((await s.api("GET", "/connection/shop_pg_2")).status, 404);
  const kept = (await s.api("GET", "/connection/shop_pg")).json as { options: { url: string } };
  assert.equal(kept.options.url, `${postgresJdbcUrl()}_elsewhere`);
});

test("Add task then a PostgreSQL connection picked: the step becomes a postgres step naming a table, and the table's columns are offered as its fields", async () => {
  const s = ui();
  const f = postgresFacts();
  const made = await s.api("POST", "/connection", {
    connections: [
      { name: "a_files", type: "json", options: {} },
      {
        name: "shop_db",
        type: "postgres",
        options: { url: postgresJdbcUrl(), user: f.user, schema: SCHEMA },
      },
    ],
  });
  assert.equal(made.status, 200, made.text);
  const page = await s.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await newPlan(page, "from_table");
  await page.getByRole("button", { name: "Add task" }).click();
  await page.getByLabel("path", { exact: true }).waitFor();
  await page.getByLabel("Connection of task_1").selectOption("shop_db");
  await page.getByLabel("Step type").waitFor();
  assert.equal(await page.getByLabel("Step type").inputValue(), "postgres");
  assert.equal(await page.getByLabel("path", { exact: true }).count(), 0, "no path option is left");
  const table = page.getByLabel("Table of step_1");
  await page.getByRole("option", { name: `${SCHEMA}.orders` }).waitFor({ state: "attached" });
  await table.selectOption(`${SCHEMA}.orders`);
  const dbtable = page.getByLabel("dbtable", { exact: true });
  await until(
    "dbtable set from the table picked",
    async () => (await dbtable.inputValue()) === `${SCHEMA}.orders`,
  );
  assert.equal(await dbtable.inputValue(), `${SCHEMA}.orders`);
  await page.getByRole("button", { name: `Use the columns of ${SCHEMA}.orders as fields` }).click();
  await page.getByLabel("Type of total").waitFor();
  await screenshot(page, "plan-add-task-postgres");

  await page.getByRole("tab", { name: "YAML" }).click();
  await page.getByLabel("File", { exact: true }).selectOption({ label: "task/task_1.yaml" });
  const task = parse(await page.getByLabel(/YAML of task\/task_1.yaml/).inputValue()) as {
    steps: { type: string; options: Record<string, unknown>; fields: { name: string; type: string }[] }[];
  };
  assert.equal(task.steps[0]!.type, "postgres");
  assert.deepEqual(task.steps[0]!.options, { dbtable: `${SCHEMA}.orders` });
  assert.deepEqual(
    task.steps[0]!.fields.map((x) => [x.name, x.type]),
    [
      ["order_id", "long"],
      ["customer_id", "int"],
      ["total", "decimal(8,2)"],
    ],
  );
  await page.getByRole("tab", { name: "Form" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Plan 'from_table' saved successfully").waitFor();
  assert.deepEqual(errors, []);
});
