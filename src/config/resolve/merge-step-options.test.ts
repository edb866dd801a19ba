import assert from "node:assert/strict";
import { test } from "node:test";
import { normaliseFormat } from "./merge-step-options.ts";

const KINDS = ["json", "csv", "parquet", "kafka"];

test("a format is resolved against the output kinds handed in: known ones in any case, aliases, the rest as written", () => {
  assert.equal(normaliseFormat(" Parquet ", {}, KINDS), "parquet");
  assert.equal(normaliseFormat("KAFKA", {}, KINDS), "kafka");
  assert.equal(normaliseFormat("Kafkaa", {}, KINDS), "Kafkaa");
  assert.equal(normaliseFormat("Parquet", {}, []), "Parquet");
  assert.equal(normaliseFormat("jdbc", { url: "jdbc:postgresql://db/x" }, KINDS), "postgres");
  assert.equal(normaliseFormat("org.apache.spark.sql.cassandra", {}, KINDS), "cassandra");
});
