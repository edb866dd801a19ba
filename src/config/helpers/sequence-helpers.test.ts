import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codesOf, expandOption, pathsOf } from "../../../test/support/config/expand-helpers.ts";

const sql = (option: string, value: unknown): unknown => {
  const r = expandOption(option, value);
  assert.deepEqual(r.reports, [], `no reports for ${option}: ${JSON.stringify(value)}`);
  return (r.options as { sql?: unknown }).sql;
};

describe("sequence", () => {
  const plain = (start: string, step = "1") =>
    `CONCAT('', CAST((${start} + __index_inc * ${step}) AS STRING), '')`;
  it("starts at 1 by default", () => {
    for (const v of ["", null, true, {}]) assert.equal(sql("sequence", v), plain("1"));
  });
  it("takes a number or numeric text as the start", () => {
    assert.equal(sql("sequence", 1000), plain("1000"));
    assert.equal(sql("sequence", "42"), plain("42"));
    assert.equal(sql("sequence", "9223372036854775807"), plain("9223372036854775807"));
  });
  it("reads start, step, prefix, padding and suffix from a map", () => {
    assert.equal(
      sql("sequence", { start: 100, step: 2, prefix: "ORD-", padding: 6 }),
      "CONCAT('ORD-', LPAD(CAST((100 + __index_inc * 2) AS STRING), 6, '0'), '')",
    );
    assert.equal(
      sql("sequence", { prefix: 2024, suffix: "-X", step: "-1", padding: 0 }),
      "CONCAT('2024', CAST((1 + __index_inc * -1) AS STRING), '-X')",
    );
  });
  it("escapes quotes in prefix and suffix", () => {
    assert.equal(
      sql("sequence", { prefix: "it's-" }),
      "CONCAT('it\\'s-', CAST((1 + __index_inc * 1) AS STRING), '')",
    );
  });
  it("is switched off by false", () => assert.deepEqual(expandOption("sequence", false).options, {}));
  it("reports bad parts at their paths", () => {
    assert.deepEqual(pathsOf(expandOption("sequence", "abc").reports), [["options", "sequence"]]);
    assert.deepEqual(pathsOf(expandOption("sequence", 1.5).reports), [["options", "sequence"]]);
    assert.deepEqual(pathsOf(expandOption("sequence", [1]).reports), [["options", "sequence"]]);
    const r = expandOption("sequence", { start: "x", step: 0.5, padding: -1, prefix: ["a"] });
    assert.deepEqual(pathsOf(r.reports), [
      ["options", "sequence", "start"],
      ["options", "sequence", "step"],
      ["options", "sequence", "padding"],
      ["options", "sequence", "prefix"],
    ]);
    assert.equal((r.options as { sql: string }).sql, plain("1"));
  });
  it("reports unknown keys as RF_KEY_UNKNOWN", () => {
    const r = expandOption("sequence", { strat: 5 });
    assert.deepEqual(codesOf(r.reports), ["RF_KEY_UNKNOWN"]);
    assert.match(r.reports[0]?.message ?? "", /did you mean "start"/);
  });
});

describe("dailyBatchSequence", () => {
  const batch = (prefix: string, format: string) =>
    `CONCAT('${prefix}', DATE_FORMAT(CURRENT_DATE(), '${format}'), '-', LPAD(CAST(__index_inc AS STRING), 3, '0'))`;
  it("defaults to BATCH- and yyyyMMdd", () => {
    for (const v of [true, "", null, {}])
      assert.equal(sql("dailyBatchSequence", v), batch("BATCH-", "yyyyMMdd"));
  });
  it("reads prefix and dateFormat; a bare string is the prefix", () => {
    assert.equal(
      sql("dailyBatchSequence", { prefix: "RUN_", dateFormat: "yyMMdd" }),
      batch("RUN_", "yyMMdd"),
    );
    assert.equal(sql("dailyBatchSequence", "ORD-"), batch("ORD-", "yyyyMMdd"));
  });
  it("reports other forms", () => {
    assert.deepEqual(pathsOf(expandOption("dailyBatchSequence", 3).reports), [
      ["options", "dailyBatchSequence"],
    ]);
    assert.deepEqual(pathsOf(expandOption("dailyBatchSequence", { dateFormat: true }).reports), [
      ["options", "dailyBatchSequence", "dateFormat"],
    ]);
  });
});

describe("semanticVersion", () => {
  it("defaults to 1.0.<row>", () => {
    for (const v of [true, "", null, {}])
      assert.equal(sql("semanticVersion", v), "CONCAT('1', '.', '0', '.', __index_inc)");
  });
  it("reads major, minor and patchIncrement", () => {
    assert.equal(sql("semanticVersion", { major: 2, minor: "1" }), "CONCAT('2', '.', '1', '.', __index_inc)");
    assert.equal(sql("semanticVersion", { patchIncrement: false }), "CONCAT('1', '.', '0', '.', 0)");
    assert.equal(
      sql("semanticVersion", { patchIncrement: "true" }),
      "CONCAT('1', '.', '0', '.', __index_inc)",
    );
  });
  it("reports bad values", () => {
    assert.deepEqual(pathsOf(expandOption("semanticVersion", "2.1").reports), [
      ["options", "semanticVersion"],
    ]);
    assert.deepEqual(
      pathsOf(expandOption("semanticVersion", { major: -1, patchIncrement: "maybe" }).reports),
      [
        ["options", "semanticVersion", "major"],
        ["options", "semanticVersion", "patchIncrement"],
      ],
    );
  });
});
