import assert from "node:assert/strict";
import { test } from "node:test";
import { Binary, Bool, Float64, Table, Utf8, vectorFromArray } from "apache-arrow";
import { connectorStep } from "../../../test/support/connector-step.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { writeLoadDataTsv } from "./load-data-tsv.ts";
import { readMysqlOptions } from "./mysql-options.ts";

const STEP = { format: "mysql", connection: "my_maria", step: "accounts" };
const stepWith = (options: Record<string, string>): ResolvedStep => connectorStep(STEP, options);

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

test("a MySQL/MariaDB URL without a database, and no db. part in dbtable, is refused", () => {
  assert.throws(
    () => readMysqlOptions(stepWith({ url: "jdbc:mysql://h", dbtable: "t" })),
    (e: unknown) => isRowforgeError(e) && e.code === "RF_KEY_MISSING" && /no database/.test(e.message),
  );
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
