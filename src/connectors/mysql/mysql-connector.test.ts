import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { test } from "node:test";
import { Binary, Bool, Float64, Table, Utf8, vectorFromArray } from "apache-arrow";
import { OPEN_ACCESS } from "../../../test/support/open-access.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { writeLoadDataTsv } from "./load-data-tsv.ts";
import { mysqlConnector } from "./mysql-connector.ts";
import { readMysqlOptions } from "./mysql-options.ts";

function stepWith(options: Record<string, string>): ResolvedStep {
  return {
    taskName: "t",
    dataSourceName: "my_maria",
    format: "mysql",
    connection: { name: "my_maria", type: "mysql", groupType: "database", options: {} },
    step: { name: "accounts", type: "mysql", options, fields: [], count: {}, enabled: true },
  } as unknown as ResolvedStep;
}

test("Data Caterer's JDBC URLs and step options: jdbc:mysql and jdbc:mariadb, database from the URL or dbtable's db. part, names keep their case", () => {
  const o = readMysqlOptions(
    stepWith({
      url: "jdbc:mysql://db.example:3307/customer?useSSL=false",
      user: "app",
      password: "s3cret",
      driver: "com.mysql.cj.jdbc.Driver",
      dbtable: "Accounts",
    }),
  );
  assert.deepEqual(
    [o.host, o.port, o.database, o.user, o.table, o.saveMode, o.createTable, o.connectTimeoutSeconds],
    ["db.example", 3307, "customer", "app", "Accounts", "append", false, 10],
  );
  const maria = readMysqlOptions(
    stepWith({ url: "jdbc:mariadb://h/ignored?user=u", dbtable: "sales.`odd.name`", saveMode: "Overwrite" }),
  );
  assert.deepEqual(
    [maria.port, maria.database, maria.table, maria.user, maria.saveMode],
    [3306, "sales", "odd.name", "u", "overwrite"],
  );
  const split = readMysqlOptions(
    stepWith({ url: "mysql://h:1/db", schema: "s", table: "t", createTable: "true" }),
  );
  assert.deepEqual([split.database, split.table, split.createTable], ["s", "t", true]);
});

test("a bad URL or option is a coded error that never shows a password", () => {
  const bad = (options: Record<string, string>) => {
    try {
      readMysqlOptions(stepWith(options));
    } catch (e) {
      assert.ok(isRowforgeError(e));
      return `${e.code} ${e.message}`;
    }
    assert.fail("no error");
  };
  const m = bad({ url: "jdbc:postgresql://user:hunter2@h:5432/db?password=hunter2", dbtable: "t" });
  assert.match(m, /^RF_VALUE_INVALID .*connection "my_maria".*is not a MySQL\/MariaDB URL/);
  assert.ok(!m.includes("hunter2"), m);
  assert.match(bad({ dbtable: "t" }), /^RF_KEY_MISSING .*has no url/);
  assert.match(bad({ url: "jdbc:mysql://h/db" }), /^RF_KEY_MISSING .*names no table/);
  assert.match(bad({ url: "jdbc:mysql://h", dbtable: "t" }), /^RF_KEY_MISSING .*no database/);
  assert.match(
    bad({ url: "jdbc:mysql://h/db", dbtable: "t", saveMode: "merge" }),
    /^RF_VALUE_INVALID .*saveMode "merge"/,
  );
  assert.match(
    bad({ url: "jdbc:mysql://h/db", dbtable: "t", connectTimeout: "0" }),
    /^RF_VALUE_INVALID .*connectTimeout/,
  );
});

test("a server that accepts but never answers: RF_DB_UNREACHABLE naming connection and host:port after the connect timeout, no hang", async () => {
  const sockets: Socket[] = [];
  const silent = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as { port: number };
  try {
    const step = stepWith({
      url: `jdbc:mysql://127.0.0.1:${port}/db`,
      dbtable: "t",
      connectTimeout: "1",
      password: "pw-never-shown",
    });
    await assert.rejects(mysqlConnector.checkTarget(step, OPEN_ACCESS), (e: unknown) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_DB_UNREACHABLE");
      assert.match(
        e.message,
        new RegExp(
          `connection "my_maria": cannot reach MySQL/MariaDB at 127\\.0\\.0\\.1:${port} \\(no answer within 1 s\\)`,
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

test("delete mode on MySQL/MariaDB without a run history refuses, naming the table and what to do (nothing is reached)", async () => {
  assert.equal(mysqlConnector.capabilities.delete, true);
  const step = stepWith({ url: "jdbc:mysql://h:5/db", dbtable: "s.t" });
  for (const history of [
    undefined,
    { runs: undefined, missing: "no home was given", deletedBefore: [], planRuns: 0 },
  ]) {
    await assert.rejects(mysqlConnector.deleteGenerated(step, "p", history, OPEN_ACCESS), (e: unknown) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_DELETE_HISTORY_MISSING");
      assert.match(e.message, /step "accounts" \(table s\.t\)/);
      if (history) assert.match(e.message, /no home was given/);
      return true;
    });
  }
});

test("LOAD DATA lines: tab-separated, nulls as \\N, text escaped (backslash, tab, newline, CR, NUL), booleans 1/0, binary as hex; NaN refused naming row and column", () => {
  const table = new Table({
    s: vectorFromArray(["", "a\tb\\c", "line\nx\r\0", null], new Utf8()),
    b: vectorFromArray([true, false, null, true], new Bool()),
    x: vectorFromArray(
      [new Uint8Array([0, 255]), new Uint8Array([]), null, new Uint8Array([9])],
      new Binary(),
    ),
    d: vectorFromArray([-0, 0.1, null, 1e300], new Float64()),
  });
  const out = new ByteSink();
  writeLoadDataTsv(out, table.batches[0]!, 0);
  const text = new TextDecoder().decode(out.buf.subarray(0, out.pos));
  assert.equal(
    text,
    ["\t1\t00ff\t-0", "a\\tb\\\\c\t0\t\t0.1", "line\\nx\\r\\0\t\\N\t\\N\t\\N", "\\N\t1\t09\t1e+300", ""].join(
      "\n",
    ),
  );
  const nan = new Table({ d: vectorFromArray([1, Number.NaN], new Float64()) });
  assert.throws(
    () => writeLoadDataTsv(new ByteSink(), nan.batches[0]!, 100),
    (e: unknown) =>
      isRowforgeError(e) &&
      e.code === "RF_DB_WRITE_FAILED" &&
      /column "d" at row 101 holds NaN/.test(e.message),
  );
});
