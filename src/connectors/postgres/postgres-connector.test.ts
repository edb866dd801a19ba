import assert from "node:assert/strict";
import { test } from "node:test";
import { Field, Float64, List, Table, Utf8, vectorFromArray } from "apache-arrow";
import { connectorStep } from "../../../test/support/connector-step.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { writeCopyCsv } from "./copy-csv.ts";
import { readPostgresOptions } from "./postgres-options.ts";

const STEP = { format: "postgres", connection: "my_pg", step: "accounts" };
const stepWith = (options: Record<string, string>): ResolvedStep => connectorStep(STEP, options);

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
