import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { test } from "node:test";
import { Field, Float64, List, Table, Utf8, vectorFromArray } from "apache-arrow";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { writeCopyCsv } from "./copy-csv.ts";
import { postgresConnector } from "./postgres-connector.ts";
import { readPostgresOptions } from "./postgres-options.ts";

function stepWith(options: Record<string, string>): ResolvedStep {
  return {
    taskName: "t",
    dataSourceName: "my_pg",
    format: "postgres",
    connection: { name: "my_pg", type: "postgres", groupType: "database", options: {} },
    step: { name: "accounts", type: "postgres", options, fields: [], count: {}, enabled: true },
  } as unknown as ResolvedStep;
}

test("Data Caterer's JDBC URLs and step options: host, port, database, schema from dbtable or currentSchema, case folding like PostgreSQL's", () => {
  const o = readPostgresOptions(
    stepWith({
      url: "jdbc:postgresql://db.example:6543/customer?stringtype=unspecified",
      user: "app",
      password: "s3cret",
      driver: "org.postgresql.Driver",
      dbtable: "Account.Accounts",
    }),
  );
  assert.deepEqual(
    {
      host: o.host,
      port: o.port,
      database: o.database,
      user: o.user,
      schema: o.schema,
      table: o.table,
      saveMode: o.saveMode,
    },
    {
      host: "db.example",
      port: 6543,
      database: "customer",
      user: "app",
      schema: "account",
      table: "accounts",
      saveMode: "append",
    },
  );
  const quoted = readPostgresOptions(
    stepWith({ url: "jdbc:postgresql://h/db?currentSchema=sales", dbtable: '"MixedCase"' }),
  );
  assert.deepEqual([quoted.port, quoted.schema, quoted.table], [5432, "sales", "MixedCase"]);
  const split = readPostgresOptions(
    stepWith({ url: "postgresql://h:1/db", schema: "s", table: "t", saveMode: "overwrite" }),
  );
  assert.deepEqual([split.schema, split.table, split.saveMode], ["s", "t", "overwrite"]);
});

test("a bad URL or option is a coded error that never shows a password", () => {
  const bad = (options: Record<string, string>) => {
    try {
      readPostgresOptions(stepWith(options));
    } catch (e) {
      assert.ok(isRowforgeError(e));
      return `${e.code} ${e.message}`;
    }
    assert.fail("no error");
  };
  const m = bad({ url: "jdbc:mysql://user:hunter2@h:3306/db?password=hunter2", dbtable: "t" });
  assert.match(m, /^RF_VALUE_INVALID .*connection "my_pg".*is not a PostgreSQL URL/);
  assert.ok(!m.includes("hunter2"), m);
  assert.match(bad({ dbtable: "t" }), /^RF_KEY_MISSING .*has no url/);
  assert.match(bad({ url: "jdbc:postgresql://h/db" }), /^RF_KEY_MISSING .*names no table/);
  assert.match(
    bad({ url: "jdbc:postgresql://h/db", dbtable: "t", saveMode: "merge" }),
    /^RF_VALUE_INVALID .*saveMode "merge"/,
  );
  assert.match(
    bad({ url: "jdbc:postgresql://h/db", dbtable: "t", createTable: "yes" }),
    /^RF_VALUE_INVALID .*createTable/,
  );
});

test("a server that accepts but never answers: RF_DB_UNREACHABLE naming connection and host:port after the connect timeout, no hang", async () => {
  const sockets: Socket[] = [];
  const silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    const step = stepWith({
      url: `jdbc:postgresql://127.0.0.1:${port}/db`,
      dbtable: "t",
      connectTimeout: "1",
      password: "pw-never-shown",
    });
    await assert.rejects(postgresConnector.checkTarget(step, OPEN_ACCESS), (e: unknown) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_DB_UNREACHABLE");
      assert.match(
        e.message,
        new RegExp(
          `connection "my_pg": cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(no answer within 1 s\\)`,
        ),
      );
      assert.ok(!e.message.includes("pw-never-shown"));
      return true;
    });
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  }
});

test("delete mode on PostgreSQL without a run history refuses, naming the table and what to do (nothing is reached)", async () => {
  assert.equal(postgresConnector.capabilities.delete, true);
  const step = stepWith({ url: "jdbc:postgresql://h:5/db", dbtable: "s.t" });
  for (const history of [
    undefined,
    { runs: undefined, missing: "no home was given", deletedBefore: [], planRuns: 0 },
  ]) {
    await assert.rejects(postgresConnector.deleteGenerated(step, "p", history, OPEN_ACCESS), (e: unknown) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_DELETE_HISTORY_MISSING");
      assert.match(e.message, /step "accounts" \(table s\.t\)/);
      if (history) assert.match(e.message, /no home was given/);
      return true;
    });
  }
});

test("COPY CSV: text always quoted (empty text is not null), quotes doubled, nulls empty, floats as PostgreSQL spells them, arrays as literals", () => {
  const table = new Table({
    s: vectorFromArray(["", 'say "hi"', "a,b\nc", null], new Utf8()),
    d: vectorFromArray([Number.NaN, Number.NEGATIVE_INFINITY, -0, 0.1], new Float64()),
    a: vectorFromArray([["x", 'q"\\'], [], null, ["NULL"]], new List(new Field("element", new Utf8(), true))),
  });
  const out = new ByteSink();
  writeCopyCsv(out, table.batches[0]!);
  const text = new TextDecoder().decode(out.buf.subarray(0, out.pos));
  assert.equal(
    text,
    [
      '"",NaN,"{""x"",""q\\""\\\\""}"',
      '"say ""hi""",-Infinity,"{}"',
      '"a,b\nc",-0,',
      ',0.1,"{""NULL""}"',
      "",
    ].join("\n"),
  );
});
