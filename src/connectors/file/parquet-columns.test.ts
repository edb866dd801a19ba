import assert from "node:assert/strict";
import { test } from "node:test";
import { parquetColumns } from "./parquet-columns.ts";

const LEAVES = [
  { path: ["id"], bytes: 900 },
  { path: ["history", "list", "element", "at"], bytes: 3000 },
  { path: ["history", "list", "element", "status"], bytes: 180 },
  { path: ["customer", "name"], bytes: 1600 },
  { path: ["customer", "age"], bytes: 110 },
];

test("Parquet columns: struct fields by their path, an array's sizes by its smallest (fixed-width) leaf, nothing twice", () => {
  assert.deepEqual(
    parquetColumns(LEAVES, [
      { path: ["id"] },
      { path: ["customer", "age"] },
      { path: ["history"], sizesOnly: true },
    ]),
    ["id", "customer.age", "history.list.element.status"],
  );
  // A whole struct covers its fields; a whole array covers its sizes.
  assert.deepEqual(
    parquetColumns(LEAVES, [
      { path: ["customer", "age"] },
      { path: ["customer"] },
      { path: ["history"], sizesOnly: true },
      { path: ["history"] },
    ]),
    ["customer", "history"],
  );
  // Fixed-width leaves first (they decode faster than text, however small the text is on disk).
  assert.deepEqual(parquetColumns(LEAVES, [{ path: ["history"], sizesOnly: true, fixedLeaves: [["at"]] }]), [
    "history.list.element.at",
  ]);
  assert.deepEqual(
    parquetColumns(LEAVES, [{ path: ["history"], sizesOnly: true, fixedLeaves: [["when"]] }]),
    ["history.list.element.status"],
  );
  // Only the rows counted: the smallest column of all.
  assert.deepEqual(parquetColumns(LEAVES, []), ["customer.age"]);
});

test("Parquet columns: every column when a need names none of the file's, or a name holds a dot", () => {
  assert.equal(parquetColumns(LEAVES, [{ path: ["missing"] }]), undefined);
  assert.equal(parquetColumns(LEAVES, [{ path: ["customer", "ag"] }]), undefined);
  assert.equal(parquetColumns([...LEAVES, { path: ["a.b"], bytes: 1 }], [{ path: ["id"] }]), undefined);
});
