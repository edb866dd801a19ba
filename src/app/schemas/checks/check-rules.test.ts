import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ColumnDescription } from "../../../connectors/table-description.ts";
import { checkOptions } from "./check-options.ts";
import { readCheck } from "./check-rules.ts";

const col = (name: string, type: string, extra: Partial<ColumnDescription> = {}): ColumnDescription => ({
  name,
  dbType: type,
  type,
  nullable: true,
  unique: false,
  hasDefault: false,
  ...extra,
});

const COLUMNS = [
  col("price", "decimal(8,2)", { precision: 8, scale: 2 }),
  col("qty", "int"),
  col("status", "string", { maxLength: 10 }),
  col("lo", "int"),
  col("name", "string", { maxLength: 30 }),
  col("name2", "string"),
  col("code", "string", { maxLength: 10 }),
  col("sku", "string"),
  col("start_date", "date"),
  col("end_date", "date"),
  col("ts", "timestamp"),
  col("born", "date"),
  col("note", "string"),
  col("rate", "double"),
  col("kind", "string"),
  col("neg", "int"),
  col("weird", "int"),
  col("flag", "boolean"),
  col("attrs", "map<string,string>"),
];

/** The options one CHECK gives its column (or the reason it is not understood). */
function optionsOf(clause: string): Record<string, unknown> | string {
  const read = readCheck(clause, COLUMNS);
  if (!read.ok) return read.reason;
  const [name, rules] = [...read.rules][0]!;
  const made = checkOptions(COLUMNS.find((c) => c.name === name)!, rules);
  return typeof made === "string" ? made : { [name]: made.options };
}

describe("CHECK constraints as PostgreSQL writes them", () => {
  it("ranges, lists, lengths, patterns, booleans and the current date become field options", () => {
    assert.deepEqual(optionsOf("CHECK ((price > (0)::numeric))"), { price: { min: 0.01, max: 100000 } });
    assert.deepEqual(optionsOf("CHECK (((qty >= 1) AND (qty <= 50)))"), { qty: { min: 1, max: 50 } });
    assert.deepEqual(optionsOf("CHECK (((lo >= 0) AND (lo <= 10)))"), { lo: { min: 0, max: 10 } });
    assert.deepEqual(optionsOf("CHECK ((neg < '-5'::integer))"), { neg: { min: -100006, max: -6 } });
    assert.deepEqual(
      optionsOf("CHECK (((rate >= (0.0)::double precision) AND (rate < (1)::double precision)))"),
      { rate: { min: 0, max: 1 - 1e-9 } },
    );
    assert.deepEqual(
      optionsOf(
        "CHECK (((status)::text = ANY ((ARRAY['new'::character varying, 'paid'::character varying, 'shipped'::character varying])::text[])))",
      ),
      { status: { oneOf: [{ value: "new" }, { value: "paid" }, { value: "shipped" }] } },
    );
    assert.deepEqual(optionsOf("CHECK (((kind = 'a'::text) OR (kind = 'b'::text)))"), {
      kind: { oneOf: [{ value: "a" }, { value: "b" }] },
    });
    assert.deepEqual(optionsOf("CHECK ((length((name)::text) <= 12))"), { name: { maxLen: 12 } });
    assert.deepEqual(optionsOf("CHECK ((char_length(name2) >= 3))"), { name2: { minLen: 3, maxLen: 20 } });
    assert.deepEqual(optionsOf("CHECK (((code)::text ~ '^[A-Z]{3}-[0-9]{2}$'::text))"), {
      code: { regex: "^[A-Z]{3}-[0-9]{2}$" },
    });
    assert.deepEqual(optionsOf("CHECK ((sku ~~ 'SKU-%'::text))"), {
      sku: { regex: "SKU\\-[A-Za-z0-9]{0,8}" },
    });
    assert.deepEqual(optionsOf("CHECK ((ts >= '2020-01-01 00:00:00+00'::timestamp with time zone))"), {
      ts: { min: "2020-01-01 00:00:00", max: "2020-12-31 00:00:00" },
    });
    assert.deepEqual(optionsOf("CHECK ((born < CURRENT_DATE))"), { born: { max: "today-1d" } });
    assert.deepEqual(optionsOf("CHECK (((note IS NULL) OR (note <> ''::text)))"), { note: { maxLen: 20 } });
    assert.deepEqual(optionsOf("CHECK (flag)"), { flag: { oneOf: [{ value: true }] } });
  });

  it("comparisons between columns are relations; what it cannot read says why", () => {
    const rel = readCheck("CHECK ((end_date > start_date))", COLUMNS);
    assert.ok(rel.ok);
    assert.deepEqual(rel.relations, [{ left: "end_date", op: ">", right: "start_date" }]);
    assert.deepEqual(readCheck("CHECK (((weird % 2) = 0))", COLUMNS), {
      ok: false,
      reason: "arithmetic on its columns",
    });
    assert.deepEqual(readCheck("CHECK ((upper(kind) = kind))", COLUMNS), {
      ok: false,
      reason: "a comparison with something other than a constant or the current time",
    });
    assert.deepEqual(readCheck("CHECK ((missing > 0))", COLUMNS), {
      ok: false,
      reason: "it names missing, which is not a column of the table",
    });
    assert.equal(
      (readCheck("CHECK (((qty > 0) OR (lo > 0)))", COLUMNS) as { reason: string }).reason,
      "OR of conditions that are not values of one column",
    );
  });
});

describe("CHECK constraints as MariaDB writes them", () => {
  it("read the same way, backquotes and backslash escapes included; json_valid holds by itself", () => {
    assert.deepEqual(optionsOf("`price` > 0"), { price: { min: 0.01, max: 100000 } });
    assert.deepEqual(optionsOf("`qty` between 1 and 50"), { qty: { min: 1, max: 50 } });
    assert.deepEqual(optionsOf("`status` in ('new','paid','it\\'s')"), {
      status: { oneOf: [{ value: "new" }, { value: "paid" }, { value: "it's" }] },
    });
    assert.deepEqual(optionsOf("char_length(`name`) <= 12"), { name: { maxLen: 12 } });
    assert.deepEqual(optionsOf("`code` regexp '^[A-Z]{3}-[0-9]{2}$'"), {
      code: { regex: "^[A-Z]{3}-[0-9]{2}$" },
    });
    assert.deepEqual(optionsOf("`ts` >= '2020-01-01'"), {
      ts: { min: "2020-01-01 00:00:00", max: "2020-12-31 00:00:00" },
    });
    assert.deepEqual(optionsOf("`note` is null or `note` <> ''"), { note: { maxLen: 20 } });
    const json = readCheck("json_valid(`attrs`)", COLUMNS);
    assert.ok(json.ok && json.rules.size === 0 && json.relations.length === 0);
    const rel = readCheck("`end_date` > `start_date`", COLUMNS);
    assert.ok(rel.ok && rel.relations.length === 1);
  });

  it("an enum column's values are narrowed by a CHECK", () => {
    const mood = col("mood", "string", { values: ["happy", "sad", "angry"] });
    const read = readCheck("`mood` <> 'angry'", [mood]);
    assert.ok(read.ok);
    const made = checkOptions(mood, read.rules.get("mood")!);
    assert.deepEqual(typeof made === "string" ? made : made.options, {
      oneOf: [{ value: "happy" }, { value: "sad" }],
    });
  });

  it("a label may give text only where the CHECK refuses no value but ''", () => {
    const status = col("status", "string", { maxLength: 10 });
    const allowed = (clause: string) => {
      const read = readCheck(clause, [status]);
      assert.ok(read.ok);
      const made = checkOptions(status, read.rules.get("status")!);
      return typeof made === "string" ? made : made.labelAllowed;
    };
    assert.equal(allowed("`status` <> ''"), true);
    assert.equal(allowed("`status` <> 'closed'"), false);
  });

  it("constraints that no value satisfies within the column are refused with the reason", () => {
    assert.equal(
      optionsOf("`status` in ('a-long-status-value')"),
      "no value satisfies it together with the column's other constraints",
    );
    assert.match(
      String(optionsOf("`code` regexp '^[A-Z]{3}[0-9]+$'")),
      /makes values up to 12 characters, wider than 10/,
    );
    assert.equal(optionsOf("`qty` <> 7"), "it refuses 7, inside the range rowforge generates");
  });
});
