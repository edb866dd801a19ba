import assert from "node:assert/strict";
import { test } from "node:test";
import type { RawField } from "../../config/index.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { type AvroComplex, AvroNames } from "../../formats/avro/avro-schema.ts";
import { avroRecordFields } from "./avro-field.ts";

const fieldsOf = (record: Record<string, unknown>): RawField[] => {
  const names = new AvroNames('step "s": Avro schema s.avsc');
  names.defineTree(record, "");
  return avroRecordFields(record as unknown as AvroComplex, names, "", "");
};
const one = (type: unknown): RawField =>
  fieldsOf({ type: "record", name: "R", fields: [{ name: "x", type }] })[0]!;

test("scalars and logical types: their rowforge types, never null unless a union says so", () => {
  assert.deepEqual(one("long"), { name: "x", type: "long", nullable: false });
  assert.equal(one({ type: "int", logicalType: "date" }).type, "date");
  assert.equal(one({ type: "long", logicalType: "timestamp-micros" }).type, "timestamp");
  assert.deepEqual(one({ type: "string", logicalType: "uuid" }).options, { uuid: "" });
  const money = one({ type: "bytes", logicalType: "decimal", precision: 5, scale: 2 });
  assert.equal(money.type, "decimal(5,2)");
  assert.deepEqual(money.options, { min: 0, max: 999.99 }, "within the precision");
  assert.deepEqual(one(["null", "string"]), {
    name: "x",
    type: "string",
    nullable: true,
    options: { enableNull: true },
  });
});

test("enums are their symbols, fixed its size, arrays of enums arrayOneOf, maps a key and a value field", () => {
  assert.deepEqual(one({ type: "enum", name: "E", symbols: ["A", "B"] }).options, { oneOf: ["A", "B"] });
  assert.deepEqual(one({ type: "fixed", name: "F", size: 16 }).options, { minLen: 16, maxLen: 16 });
  const tags = one({ type: "array", items: { type: "enum", name: "T", symbols: ["x", "y"] } });
  assert.equal(tags.type, "array<string>");
  assert.deepEqual(tags.options, { arrayMinLen: 0, arrayMaxLen: 5, arrayOneOf: ["x", "y"] });
  assert.equal(one({ type: "map", values: "int" }).type, "map<string,int>");
});

test("named types are followed by short and full name; records become structs, arrays of records arrays of structs", () => {
  const fields = fieldsOf({
    type: "record",
    name: "Order",
    namespace: "shop",
    fields: [
      { name: "home", type: { type: "record", name: "Address", fields: [{ name: "city", type: "string" }] } },
      { name: "work", type: "Address" },
      { name: "other", type: ["null", "shop.Address"] },
      { name: "stops", type: { type: "array", items: "Address" } },
    ],
  });
  assert.deepEqual(
    fields.map((f) => [f.name, f.type, f.nullable]),
    [
      ["home", "struct", false],
      ["work", "struct", false],
      ["other", "struct", true],
      ["stops", "array", false],
    ],
  );
  assert.deepEqual(
    (fields[3]!.fields as RawField[]).map((f) => f.name),
    ["city"],
  );
});

test("maps of records, of arrays of records and of maps keep their values' schema in the value field", () => {
  const record = {
    type: "record",
    name: "V",
    fields: [{ name: "a", type: { type: "enum", name: "E", symbols: ["x"] } }],
  };
  const byKey = one({ type: "map", values: record });
  const value = (byKey.fields as RawField[])[1]!;
  assert.deepEqual([value.name, value.type], ["value", "struct"]);
  assert.deepEqual((value.fields as RawField[])[0]!.options, { oneOf: ["x"] });
  const nested = one({ type: "map", values: { type: "map", values: { type: "array", items: record } } });
  const inner = (nested.fields as RawField[])[1]!;
  assert.equal(inner.type, "map");
  assert.equal((inner.fields as RawField[])[1]!.type, "array");
});

test("refused with the field's path: a decimal wider than its fixed bytes", () => {
  const refused = (type: unknown, message: RegExp) =>
    assert.throws(
      () => one(type),
      (e) => isRowforgeError(e) && e.code === "RF_METADATA_SCHEMA_INVALID" && message.test(e.message),
    );
  refused(
    { type: "fixed", name: "D", size: 2, logicalType: "decimal", precision: 9, scale: 0 },
    /precision 9, more digits than its 2 fixed bytes/,
  );
});
