import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { pgQuery, postgresFacts, postgresJdbcUrl } from "../support/servers.ts";
import { apiRuntime } from "./api-fixture.ts";

const SCHEMA = `api_tables_${process.pid}`;

before(async () => {
  await pgQuery(`CREATE SCHEMA ${SCHEMA}`);
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.customers (customer_id integer PRIMARY KEY, email varchar(40) NOT NULL)`,
  );
  await pgQuery(
    `CREATE TABLE ${SCHEMA}.orders (order_id bigint PRIMARY KEY, customer_id integer REFERENCES ${SCHEMA}.customers, total numeric(8,2), doubled numeric GENERATED ALWAYS AS (total * 2) STORED)`,
  );
});

after(async () => {
  await pgQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

test("a database connection's tables and a table's columns over HTTP; other kinds and unknown tables are refused saying why", async () => {
  const { app, close } = await apiRuntime();
  try {
    const f = postgresFacts();
    const saved = await app.inject({
      method: "POST",
      url: "/connection",
      payload: {
        connections: [
          {
            name: "shop_db",
            type: "postgres",
            options: { url: postgresJdbcUrl(), user: f.user, schema: SCHEMA },
          },
          { name: "files", type: "json", options: { path: "out" } },
        ],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);

    const tables = await app.inject({ url: "/connection/shop_db/tables" });
    assert.equal(tables.statusCode, 200, tables.body);
    assert.deepEqual(tables.json(), {
      connectionName: "shop_db",
      tables: [
        { name: "customers", options: { dbtable: `${SCHEMA}.customers` } },
        { name: "orders", options: { dbtable: `${SCHEMA}.orders` } },
      ],
    });

    const columns = await app.inject({ url: `/connection/shop_db/tables/${SCHEMA}.orders` });
    assert.equal(columns.statusCode, 200, columns.body);
    const body = columns.json() as { table: string; options: unknown; columns: Record<string, unknown>[] };
    assert.equal(body.table, `${SCHEMA}.orders`);
    assert.deepEqual(body.options, { dbtable: `${SCHEMA}.orders` });
    assert.deepEqual(
      body.columns.map((c) => [c.name, c.type, c.primaryKey, c.nullable, c.omitted]),
      [
        ["order_id", "long", true, false, undefined],
        ["customer_id", "int", false, true, undefined],
        ["total", "decimal(8,2)", false, true, undefined],
        ["doubled", "decimal(38,10)", false, true, "computed by the database"],
      ],
    );

    // A table named as the list names it, without its schema, is that table.
    const bare = await app.inject({ url: "/connection/shop_db/tables/orders" });
    assert.equal(bare.statusCode, 200, bare.body);
    assert.equal(bare.json<{ table: string }>().table, `${SCHEMA}.orders`);

    const missing = await app.inject({ url: `/connection/shop_db/tables/${SCHEMA}.ordres` });
    assert.equal(missing.statusCode, 404, missing.body);
    assert.match(
      missing.json<{ message: string }>().message,
      new RegExp(`has no table ${SCHEMA}.ordres; did you mean "${SCHEMA}.orders"`),
    );

    const files = await app.inject({ url: "/connection/files/tables" });
    assert.equal(files.statusCode, 400, files.body);
    assert.equal(
      files.json<{ details: string }>().details,
      "RF_CONNECTION_NOT_A_DATABASE",
      "a refusal of the request's meaning, not of its shape",
    );
    assert.match(
      files.json<{ message: string }>().message,
      /"files" is a json connection, which has no tables/,
    );

    const unknown = await app.inject({ url: "/connection/shop_dbb/tables" });
    assert.equal(unknown.statusCode, 404, unknown.body);
    assert.match(unknown.json<{ message: string }>().message, /did you mean "shop_db"/);
  } finally {
    await close();
  }
});
