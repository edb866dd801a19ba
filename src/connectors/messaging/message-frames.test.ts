import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { singleStepPlan, TEST_NOW_MICROS } from "../../../test/support/plans.ts";
import { compilePlan } from "../../engine/compile/compile-plan.ts";
import { loadSqlCompiler } from "../../engine/sql/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import { MessageFrames, slotsOption, writeMessageFrames } from "./message-frames.ts";
import type { MessageSlot } from "./message-slot.ts";

// Plans with sql fields compile with the SQL compiler loaded, as a run's loadPlanCode leaves it.
await loadSqlCompiler();

const text = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString("utf8"));

describe("message frames", () => {
  it("carry each row's parts: text, JSON, the row as JSON, headers, nulls and missing columns", async () => {
    const plan = await singleStepPlan(
      [
        "      - {name: key, options: {sql: \"CONCAT('k', CAST(__index_inc AS STRING))\"}}",
        "      - {name: n, type: long, options: {sql: __index_inc}}",
        "      - {name: maybe, options: {sql: \"CASE WHEN __index_inc % 2 = 0 THEN NULL ELSE 'odd' END\"}}",
        "      - name: body",
        "        type: struct",
        "        fields:",
        "          - {name: a, type: int, options: {sql: '__index_inc * 2'}}",
        "      - name: headers",
        "        type: 'array<struct<key:string,value:binary>>'",
        "        options: {sql: \"ARRAY(NAMED_STRUCT('key', 'trace', 'value', TO_BINARY(CONCAT('t', CAST(__index_inc AS STRING)), 'utf-8')))\"}",
        "",
      ].join("\n"),
      3,
    );
    const [step] = compilePlan(plan, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }).steps;
    const batch = step!.batch(0, 3);
    const slots: MessageSlot[] = [
      { as: "text", column: "key" },
      { as: "text", column: "n" },
      { as: "text", column: "maybe" },
      { as: "json", column: "body" },
      { as: "row-json", exclude: ["key", "headers", "body"] },
      { as: "headers", column: "headers" },
      { as: "text", column: "absent" },
    ];
    const out = new ByteSink(16);
    writeMessageFrames(out, batch, slotsOption(slots));
    const frames = new MessageFrames(out.buf.subarray(0, out.pos), 3, slots);
    for (let r = 0; r < 3; r++) {
      const i = r;
      assert.equal(frames.text(r, 0), `k${i}`);
      assert.equal(frames.text(r, 1), String(i));
      assert.equal(frames.text(r, 2), i % 2 === 0 ? null : "odd");
      assert.deepEqual(JSON.parse(frames.text(r, 3)!), { a: i * 2 });
      assert.deepEqual(JSON.parse(frames.text(r, 4)!), { n: i, maybe: i % 2 === 0 ? null : "odd" });
      const headers = frames.headers(r, 5)!;
      assert.deepEqual(
        headers.map(([k, v]) => [text(k), text(v)]),
        [["trace", `t${i}`]],
      );
      assert.equal(frames.part(r, 6), null);
    }
  });

  it("refuses frames that do not add up", () => {
    const out = new ByteSink(16);
    out.bytes(new Uint8Array([5, 0, 0, 0, 1, 2, 3, 4, 5, 9]));
    assert.throws(
      () => new MessageFrames(out.buf.subarray(0, out.pos), 1, [{ as: "text", column: "x" }]),
      /1 bytes left over/,
    );
  });
});
