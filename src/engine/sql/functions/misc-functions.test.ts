import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ctxAt, lit, NULL, run, T } from "../../../../test/support/sql/sql-function-kit.ts";
import { listSqlFunctionNames, SQL_FUNCTIONS } from "./index.ts";

describe("misc functions", () => {
  it("row information and types", () => {
    assert.equal(run("monotonically_increasing_id", [], ctxAt(41)), 41n);
    assert.equal(run("spark_partition_id", []), 0);
    assert.equal(run("typeof", [lit(1)]), "int");
    assert.equal(run("typeof", [lit(1n)]), "bigint");
    assert.equal(run("typeof", [lit(1, T.short)]), "smallint");
    assert.equal(run("typeof", [lit(1n, T.decimal(10, 2))]), "decimal(10,2)");
    assert.equal(run("typeof", [lit([[1]], T.array(T.array(T.long)))]), "array<array<bigint>>");
    assert.equal(run("typeof", [NULL]), "void");
    assert.equal(run("input_file_name", []), "");
    assert.throws(() => run("raise_error", [lit("boom")]), /boom/);
  });
});

describe("the function table", () => {
  it("has lower-case unique names and a sorted listing", () => {
    const names = listSqlFunctionNames();
    assert.equal(names.length, SQL_FUNCTIONS.size);
    assert.deepEqual(names, [...names].sort());
    for (const n of names) {
      assert.equal(n, n.toLowerCase());
      const f = SQL_FUNCTIONS.get(n)!;
      assert.equal(f.name, n);
      assert.ok(f.doc.length > 0, n);
      assert.ok(f.minArgs <= f.maxArgs, n);
    }
    for (const required of [
      "concat",
      "substr",
      "regexp_replace",
      "sha2",
      "element_at",
      "aggregate",
      "to_json",
      "date_format",
      "nvl2",
      "typeof",
      "uuid",
    ]) {
      assert.ok(SQL_FUNCTIONS.has(required), required);
    }
  });
});
