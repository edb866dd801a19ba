import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Field } from "../../../model/field.ts";
import { applyRelations } from "./check-relations.ts";

const field = (name: string, type: string, options: Field["options"] = {}): Field => ({
  name,
  type,
  nullable: false,
  options,
  fields: [],
});

describe("comparisons between columns", () => {
  it("make one column follow the other, a step away in the right direction", () => {
    const out = applyRelations(
      [
        { left: "end_date", op: ">", right: "start_date" },
        { left: "low", op: "<=", right: "high" },
        { left: "closed_at", op: ">=", right: "opened_at" },
      ],
      [
        field("start_date", "date"),
        field("end_date", "date"),
        field("high", "int"),
        field("low", "int", { min: 5 }),
        field("opened_at", "timestamp"),
        field("closed_at", "timestamp"),
      ],
      new Set(["end_date", "low", "closed_at"]),
    );
    const sql = Object.fromEntries(out.fields.map((f) => [f.name, f.options.sql]));
    assert.equal(sql.end_date, "date_add(`start_date`, 1 + CAST(floor(rand() * 365) AS INT))");
    assert.equal(sql.low, "`high` - (CAST(floor(rand() * 101) AS INT))");
    assert.equal(
      out.fields.find((f) => f.name === "low")!.options.min,
      undefined,
      "the follower's own range is gone",
    );
    assert.match(sql.closed_at!, /^timestamp_micros\(unix_micros\(`opened_at`\) \+ \(CAST/);
    assert.ok(out.outcomes.every((o) => o.honoured));
  });

  it("keep a number's step within the follower's type: the source's top is lowered", () => {
    const out = applyRelations(
      [{ left: "total", op: ">", right: "subtotal" }],
      [field("subtotal", "decimal(5,2)", { max: 999.99 }), field("total", "decimal(5,2)")],
      new Set(["total", "subtotal"]),
    );
    assert.equal(out.fields[0]!.options.max, 898.99);
    assert.equal(out.fields[1]!.options.sql, "`subtotal` + (0.01 + round(rand() * 100, 2))");
  });

  it("say why when neither column may follow (keys, declared fields)", () => {
    const out = applyRelations(
      [{ left: "a", op: ">", right: "b" }],
      [field("a", "int"), field("b", "int")],
      new Set(),
    );
    assert.equal(out.outcomes[0]!.honoured, false);
    assert.match(out.outcomes[0]!.note, /neither a nor b can follow the other/);
  });
});
