import assert from "node:assert/strict";
import { test } from "node:test";
import { OUTPUT_KINDS } from "../../app/output-kinds.ts";
import type { OutputKinds } from "../../model/output-kinds.ts";
import { normaliseFormat } from "./merge-step-options.ts";

const KINDS: OutputKinds = {
  names: ["json", "csv", "parquet", "kafka"],
  aliases: { postgresql: "postgres", "org.apache.spark.sql.cassandra": "cassandra" },
  jdbcWords: [
    ["postgres", "postgres"],
    ["mariadb", "mysql"],
  ],
  groups: { json: "file", csv: "file", parquet: "file", kafka: "messaging", postgres: "database" },
  tables: ["postgres"],
};
const NONE: OutputKinds = { names: [], aliases: {}, jdbcWords: [], groups: {}, tables: [] };

test("a format is resolved against the output kinds handed in: known ones in any case, aliases, the rest as written", () => {
  assert.equal(normaliseFormat(" Parquet ", {}, KINDS), "parquet");
  assert.equal(normaliseFormat("KAFKA", {}, KINDS), "kafka");
  assert.equal(normaliseFormat("Kafkaa", {}, KINDS), "Kafkaa");
  assert.equal(normaliseFormat("Parquet", {}, NONE), "Parquet");
  assert.equal(normaliseFormat("jdbc", { url: "jdbc:postgresql://db/x" }, KINDS), "postgres");
  assert.equal(normaliseFormat("org.apache.spark.sql.cassandra", {}, KINDS), "cassandra");
});

test("the aliases and jdbc words the connectors declare name their kinds: Data Caterer's and Spark's names resolve as before", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["postgresql", {}, "postgres"],
    ["PostgreSQL", {}, "postgres"],
    ["mariadb", {}, "mysql"],
    ["org.apache.spark.sql.cassandra", {}, "cassandra"],
    ["jdbc", { url: "jdbc:postgresql://db:5432/shop" }, "postgres"],
    ["jdbc", { url: "jdbc:mysql://db:3306/shop" }, "mysql"],
    ["jdbc", { url: "jdbc:mariadb://db:3306/shop" }, "mysql"],
    ["jdbc", { url: "jdbc:x://db", driver: "org.postgresql.Driver" }, "postgres"],
    ["jdbc", { url: "jdbc:sqlserver://db" }, "jdbc"],
    ["Kafka", {}, "kafka"],
  ];
  for (const [format, options, kind] of cases)
    assert.equal(
      normaliseFormat(format, options, OUTPUT_KINDS),
      kind,
      `${format} ${JSON.stringify(options)}`,
    );
});
