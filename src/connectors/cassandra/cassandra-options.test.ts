import assert from "node:assert/strict";
import { test } from "node:test";
import {
  Binary,
  DateDay,
  Field,
  Int64,
  List,
  Map_,
  Struct,
  Table,
  TimestampMicrosecond,
  Utf8,
  vectorFromArray,
} from "apache-arrow";
import { connectorStep } from "../../../test/support/connector-step.ts";
import { isRowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { connectError, writeError } from "./cassandra-client.ts";
import { loadCassandraDriver } from "./cassandra-driver.ts";
import { readCassandraOptions } from "./cassandra-options.ts";
import { tableKeyOf } from "./cassandra-table.ts";
import { cqlColumnType } from "./cassandra-types.ts";
import { batchParameters } from "./cassandra-values.ts";

const STEP = { format: "cassandra", connection: "my_cass", step: "events" };
const stepWith = (options: Record<string, string>, fields: unknown[] = []): ResolvedStep =>
  connectorStep(STEP, options, fields);

test("Data Caterer's unified names and the Spark connector's names both read; defaults as Data Caterer's", () => {
  const o = readCassandraOptions(
    stepWith({
      host: "c1, c2",
      port: "9043",
      user: "app",
      password: "s3cret",
      keyspace: "shop",
      table: "Events",
    }),
  );
  assert.deepEqual(
    [
      o.hosts,
      o.port,
      o.user,
      o.password,
      o.keyspace,
      o.table,
      o.saveMode,
      o.createTable,
      o.batchSize,
      o.concurrency,
    ],
    [["c1", "c2"], 9043, "app", "s3cret", "shop", "Events", "append", false, 1, 64],
  );
  const spark = readCassandraOptions(
    stepWith({
      "spark.cassandra.connection.host": "cassandraserver",
      "spark.cassandra.auth.username": "cassandra",
      "spark.cassandra.auth.password": "pw",
      "spark.cassandra.connection.localDC": "dc2",
      "spark.cassandra.output.concurrent.writes": "8",
      table: "account.accounts",
      saveMode: "Overwrite",
      batchsize: "20",
    }),
  );
  assert.deepEqual(
    [spark.hosts, spark.port, spark.user, spark.password, spark.localDataCenter, spark.keyspace, spark.table],
    [["cassandraserver"], 9042, "cassandra", "pw", "dc2", "account", "accounts"],
  );
  assert.deepEqual([spark.saveMode, spark.concurrency, spark.batchSize], ["overwrite", 8, 20]);
});

test("missing or bad options are coded errors naming the step and connection, never the password", () => {
  const bad = (options: Record<string, string>) => {
    try {
      readCassandraOptions(stepWith({ password: "hunter2", ...options }));
    } catch (e) {
      assert.ok(isRowforgeError(e));
      assert.ok(!e.message.includes("hunter2"));
      return `${e.code} ${e.message}`;
    }
    assert.fail("no error");
  };
  assert.match(
    bad({ keyspace: "k", table: "t" }),
    /^RF_KEY_MISSING step "events" \(connection "my_cass"\) names no Cassandra host/,
  );
  assert.match(bad({ host: "h", table: "t" }), /^RF_KEY_MISSING .*names no keyspace/);
  assert.match(bad({ host: "h", keyspace: "k" }), /^RF_KEY_MISSING .*names no table/);
  assert.match(
    bad({ host: "h", port: "99999", keyspace: "k", table: "t" }),
    /^RF_VALUE_INVALID .*port "99999"/,
  );
  assert.match(
    bad({ host: "h", keyspace: "k", table: "t", concurrency: "0" }),
    /^RF_VALUE_INVALID .*concurrency/,
  );
  assert.match(
    bad({ host: "h", keyspace: "k", table: "t", saveMode: "merge" }),
    /^RF_VALUE_INVALID .*saveMode "merge"/,
  );
});

test("a created table's key: partition key by primaryKeyPos, clustering columns by clusteringPos, omitted fields left out", () => {
  const fields = [
    { name: "c2", options: { clusteringPos: 2 } },
    { name: "p2", options: { isPrimaryKey: true, primaryKeyPos: 2 } },
    { name: "v", options: {} },
    { name: "c1", options: { clusteringPos: 1 } },
    { name: "p1", options: { isPrimaryKey: true, primaryKeyPos: 1 } },
    { name: "gone", options: { isPrimaryKey: true, omit: true } },
  ];
  const step = stepWith({ host: "h", keyspace: "k", table: "t", createTable: "true" }, fields);
  assert.deepEqual(tableKeyOf(step, readCassandraOptions(step)), {
    partition: ["p1", "p2"],
    clustering: ["c1", "c2"],
  });
});

test("CQL column types: collections as list/map, nested collections frozen, structs as JSON text", () => {
  const text = new Field("element", new Utf8(), true);
  assert.equal(cqlColumnType(new List(text)), "list<text>");
  assert.equal(
    cqlColumnType(new List(new Field("element", new List(text), true))),
    "list<frozen<list<text>>>",
  );
  const entries = new Struct([new Field("key", new Utf8(), false), new Field("value", new Int64(), true)]);
  assert.equal(cqlColumnType(new Map_(new Field("entries", entries, false))), "map<text, bigint>");
  assert.equal(cqlColumnType(new Struct([new Field("a", new Utf8(), true)])), "text");
  assert.equal(cqlColumnType(new TimestampMicrosecond("UTC")), "timestamp");
  assert.equal(cqlColumnType(new Binary()), "blob");
});

test("batch parameters: converted column by column, nulls as null, timestamps to milliseconds, dates as LocalDate", async () => {
  // A sink loads the driver when it connects; the conversion runs after that.
  await loadCassandraDriver();
  const table = new Table({
    id: vectorFromArray([1n, 2n, null], new Int64()),
    s: vectorFromArray(["a", null, "ü"], new Utf8()),
    day: vectorFromArray(
      [new Date(Date.UTC(2024, 1, 29)), null, new Date(Date.UTC(1969, 11, 31))],
      new DateDay(),
    ),
  });
  const rows = batchParameters(table.batches[0]!);
  assert.deepEqual(
    rows.map((r) => r.map((v) => (v === null ? null : String(v)))),
    [
      ["1", "a", "2024-02-29"],
      ["2", null, null],
      [null, "ü", "1969-12-31"],
    ],
  );
});

test("the server going away midway is RF_DB_UNREACHABLE with the count of rows the step had written", () => {
  const o = readCassandraOptions(
    stepWith({ host: "127.0.0.1", keyspace: "k", table: "t", password: "pw-hidden" }),
  );
  const gone = Object.assign(new Error("All host(s) tried for query failed."), {
    name: "NoHostAvailableError",
    innerErrors: { "127.0.0.1:9042": new Error("connect ECONNREFUSED 127.0.0.1:9042") },
  });
  const e = writeError(o, "events", gone, " at row 12", 4096);
  assert.equal(e.code, "RF_DB_UNREACHABLE");
  assert.match(
    e.message,
    /cannot reach Cassandra at 127\.0\.0\.1:9042 \(connection refused.*\); 4096 records of the step were written and stay in the table/,
  );
  assert.ok(!e.message.includes("pw-hidden"));
  assert.equal(writeError(o, "events", gone).message, connectError(o, gone).message);
});
