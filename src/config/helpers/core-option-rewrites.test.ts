import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandCollect, pathsOf } from "../../../test/support/config/expand-helpers.ts";

describe("weighted oneOf", () => {
  it("keeps the weighted values and sets type string when the field has none", () => {
    for (const oneOf of [["open->0.8", "closed->0.2"], "open->0.8, closed->0.2", ["1->1", "2->3"]]) {
      const { out, reports } = expandCollect({ name: "s", options: { oneOf, enableNull: true } });
      assert.deepEqual(reports, []);
      assert.deepEqual(out, [{ name: "s", options: { oneOf, enableNull: true }, type: "string" }]);
    }
  });
  it("keeps an explicit type", () => {
    const { out } = expandCollect({ name: "n", type: "int", options: { oneOf: ["1->0.5", "2->0.5"] } });
    assert.deepEqual(out, [{ name: "n", type: "int", options: { oneOf: ["1->0.5", "2->0.5"] } }]);
  });
  it("leaves unweighted and partly weighted lists alone", () => {
    for (const oneOf of [["a", "b"], "a,b", ["a->1", "b"], [], 5]) {
      const field = { name: "x", options: { oneOf } };
      assert.deepEqual(expandCollect(field).out, [field]);
    }
  });
  it("adds no hidden weight field", () => {
    assert.equal(expandCollect({ name: "w", options: { oneOf: ["a->1"] } }).out.length, 1);
  });
});

describe("uuid and incremental", () => {
  it("uuid makes the field a string and keeps the option", () => {
    assert.deepEqual(expandCollect({ name: "id", type: "int", options: { uuid: "" } }).out, [
      { name: "id", type: "string", options: { uuid: "" } },
    ]);
    assert.deepEqual(
      expandCollect({ name: "id", options: { uuid: "product_id_int", isPrimaryKey: true } }).out,
      [{ name: "id", options: { uuid: "product_id_int", isPrimaryKey: true }, type: "string" }],
    );
  });
  it("uuid with nothing or true means random UUIDs; false removes it", () => {
    assert.deepEqual(expandCollect({ name: "id", options: { uuid: null } }).out[0]?.options, { uuid: "" });
    assert.deepEqual(expandCollect({ name: "id", options: { uuid: true } }).out[0]?.options, { uuid: "" });
    assert.deepEqual(expandCollect({ name: "id", type: "long", options: { uuid: false } }).out, [
      { name: "id", type: "long", options: {} },
    ]);
  });
  it("uuid with incremental is a string; the start becomes a number", () => {
    assert.deepEqual(expandCollect({ name: "id", options: { uuid: "", incremental: "1000000" } }).out, [
      { name: "id", options: { uuid: "", incremental: 1000000 }, type: "string" },
    ]);
  });
  it("incremental alone forces type integer", () => {
    for (const type of [undefined, "string", "long"]) {
      const field =
        type === undefined
          ? { name: "n", options: { incremental: 1 } }
          : { name: "n", type, options: { incremental: 1 } };
      assert.deepEqual(expandCollect(field).out[0]?.type, "integer");
    }
  });
  it("reports bad values and removes them", () => {
    let r = expandCollect({ name: "n", options: { incremental: "one" } });
    assert.deepEqual(pathsOf(r.reports), [["options", "incremental"]]);
    assert.equal(r.reports[0]?.code, "RF_HELPER_INVALID");
    assert.deepEqual(r.out, [{ name: "n", options: {} }]);
    r = expandCollect({ name: "n", options: { incremental: 1.5, uuid: 7 } });
    assert.deepEqual(pathsOf(r.reports), [
      ["options", "uuid"],
      ["options", "incremental"],
    ]);
  });
  it("does not apply to fields with nested fields", () => {
    const field = { name: "s", type: "struct", options: { uuid: "" }, fields: [{ name: "a" }] };
    assert.deepEqual(expandCollect(field).out, [field]);
  });
});
