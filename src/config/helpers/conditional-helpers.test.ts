import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codesOf, expandOption, pathsOf } from "../../../test/support/config/expand-helpers.ts";

/** A `{when, then}` case of the user's YAML (written as a function so the `then` key is in one place). */
function kase(when: string | undefined, result: unknown): Record<string, unknown> {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the key users write in conditionalValue cases
  const c: Record<string, unknown> = { then: result };
  if (when !== undefined) c.when = when;
  return c;
}

const sql = (option: string, value: unknown): unknown => {
  const r = expandOption(option, value);
  assert.deepEqual(r.reports, []);
  return (r.options as { sql?: unknown }).sql;
};

describe("conditionalValue", () => {
  it("builds CASE WHEN with quoted text, numbers and booleans as literals", () => {
    assert.equal(
      sql("conditionalValue", {
        cases: [kase("amount > 1000", "HIGH"), kase("amount > 500", 2), kase("flag", true)],
        else: "LOW",
      }),
      "CASE WHEN amount > 1000 THEN 'HIGH' WHEN amount > 500 THEN 2 WHEN flag THEN true ELSE 'LOW' END",
    );
  });
  it("uses NULL when then or else are missing, null or the text NULL; accepts elseValue", () => {
    assert.equal(
      sql("conditionalValue", { cases: [{ when: "a = 1" }] }),
      "CASE WHEN a = 1 THEN NULL ELSE NULL END",
    );
    assert.equal(
      sql("conditionalValue", { cases: [kase("a = 1", "NULL")], elseValue: null }),
      "CASE WHEN a = 1 THEN NULL ELSE NULL END",
    );
    assert.equal(
      sql("conditionalValue", { cases: [kase("a = 1", "it's")], elseValue: 0 }),
      "CASE WHEN a = 1 THEN 'it\\'s' ELSE 0 END",
    );
  });
  it("reports a missing or empty case list, bad cases and non-scalar results", () => {
    for (const v of ["HIGH", {}, { cases: [] }, { cases: "x" }, null]) {
      const r = expandOption("conditionalValue", v);
      assert.equal(r.reports.length, 1, JSON.stringify(v));
      assert.equal(r.reports[0]?.code, "RF_HELPER_INVALID");
      assert.deepEqual(r.options, {});
    }
    assert.deepEqual(pathsOf(expandOption("conditionalValue", { cases: [] }).reports), [
      ["options", "conditionalValue", "cases"],
    ]);
    assert.deepEqual(
      pathsOf(expandOption("conditionalValue", { cases: [kase(undefined, 1), "x"] }).reports),
      [
        ["options", "conditionalValue", "cases", 0, "when"],
        ["options", "conditionalValue", "cases", 1],
      ],
    );
    assert.deepEqual(
      pathsOf(expandOption("conditionalValue", { cases: [kase("a", [1])], else: {} }).reports),
      [
        ["options", "conditionalValue", "cases", 0, "then"],
        ["options", "conditionalValue", "else"],
      ],
    );
  });
  it("reports unknown keys", () => {
    const r = expandOption("conditionalValue", { cases: [{ ...kase("a", 1), than: 2 }], otherwise: 1 });
    assert.deepEqual(codesOf(r.reports), ["RF_KEY_UNKNOWN", "RF_KEY_UNKNOWN"]);
    assert.deepEqual(pathsOf(r.reports), [
      ["options", "conditionalValue", "otherwise"],
      ["options", "conditionalValue", "cases", 0, "than"],
    ]);
  });
});

describe("mapping", () => {
  it("maps source values (compared as text) to results with a default", () => {
    assert.equal(
      sql("mapping", {
        sourceField: "status",
        mappings: { OPEN: 1, CLOSED: "two", "1": false },
        defaultValue: 0,
      }),
      "CASE WHEN status = '1' THEN false WHEN status = 'OPEN' THEN 1 WHEN status = 'CLOSED' THEN 'two' ELSE 0 END",
    );
    assert.equal(
      sql("mapping", { sourceField: "body.kind", mappings: { a: "b" } }),
      "CASE WHEN body.kind = 'a' THEN 'b' ELSE NULL END",
    );
  });
  it("reports a missing source field or mappings", () => {
    assert.deepEqual(pathsOf(expandOption("mapping", { mappings: { a: 1 } }).reports), [
      ["options", "mapping", "sourceField"],
    ]);
    assert.deepEqual(pathsOf(expandOption("mapping", { sourceField: "s", mappings: {} }).reports), [
      ["options", "mapping", "mappings"],
    ]);
    assert.deepEqual(pathsOf(expandOption("mapping", { sourceField: "s", mappings: ["a"] }).reports), [
      ["options", "mapping", "mappings"],
    ]);
    assert.deepEqual(pathsOf(expandOption("mapping", "status").reports), [["options", "mapping"]]);
    assert.deepEqual(pathsOf(expandOption("mapping", { sourceField: "s", mappings: { a: [1] } }).reports), [
      ["options", "mapping", "mappings", "a"],
    ]);
  });
});
