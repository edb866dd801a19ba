import assert from "node:assert/strict";
import { test } from "node:test";
import { planFrom } from "../../../test/support/plans.ts";
import { compilePlan } from "../../engine/index.ts";
import { executorDemand } from "./run-demand.ts";

/** A unified plan of one 100,000-row step per connection `type` (with its options). */
const planOf = (...targets: readonly (readonly [type: string, options: string])[]) =>
  planFrom(
    `name: demand
dataSources:
${targets
  .map(
    ([type, options], k) => `  - name: s${k}
    connection: {type: ${type}, options: ${options}}
    steps:
      - name: t${k}
        count: {records: 100000}
        fields: [{name: id, type: long}, {name: name, options: {regex: "[a-z]{8}"}}]
`,
  )
  .join("")}`,
    {},
  );

const shapeOf = async (...targets: readonly (readonly [string, string])[]) => {
  const plan = await planOf(...targets);
  const demand = await executorDemand(
    compilePlan(plan, { seed: "1", nowMicros: 0, fastMode: true }),
    undefined,
  );
  assert.equal(demand.totalRows, 100_000 * targets.length);
  return demand.shape;
};

const PG = ["postgres", '{url: "jdbc:postgresql://127.0.0.1:1/db", user: u, dbtable: t}'] as const;
const MYSQL = ["mysql", '{url: "jdbc:mysql://127.0.0.1:1/db", user: u, password: p, dbtable: t}'] as const;
const CSV = ["csv", "{path: /tmp/rowforge-demand-csv}"] as const;

test("a run into PostgreSQL or MySQL tables leaves the calling thread idle: the workers encode the rows, it only sends them", async () => {
  for (const targets of [[PG], [MYSQL], [PG, CSV], [MYSQL, PG]] as const) {
    const shape = await shapeOf(...targets);
    assert.equal(shape.callingThreadIdle, true, targets.map((t) => t[0]).join(" + "));
    assert.equal(shape.callingThreadBusy, false);
  }
});

test("a run with a sink that busies the calling thread, or a segmented file, does not count it idle", async () => {
  const cassandra = ["cassandra", '{host: 127.0.0.1, port: "1", keyspace: k, table: t}'] as const;
  const busy = await shapeOf(PG, cassandra);
  assert.equal(busy.callingThreadIdle, false);
  assert.equal(busy.callingThreadBusy, true);
  const parquet = await shapeOf(MYSQL, ["parquet", "{path: /tmp/rowforge-demand-parquet}"]);
  assert.equal(parquet.callingThreadIdle, false);
  assert.equal(parquet.workersEncodeSegments, true);
});
