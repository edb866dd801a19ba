import assert from "node:assert/strict";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { loadProject } from "../config/index.ts";
import type { ValidationResult } from "./validation-result.ts";
import { validationsPlan } from "./validations-plan.ts";

/**
 * Ten accounts with known defects: id ACC0000003 twice, one null name, amounts 250 and -5
 * outside 1..100, status "frozen" outside the set, one email without "@", one bad card number
 * (Luhn), one unparsable JSON text, created "2024/01/07" in another format, seq drops once.
 */
const ROWS = [
  {
    id: "ACC0000001",
    name: "ann",
    amount: 10.5,
    status: "open",
    email: "a@x.io",
    card: "4539578763621486",
    doc: '{"id":"1"}',
    created: "2024-01-01",
    seq: 1,
    links: ["a", "b"],
  },
  {
    id: "ACC0000002",
    name: "bob",
    amount: 20,
    status: "open",
    email: "b@x.io",
    card: "4556737586899855",
    doc: '{"id":"2"}',
    created: "2024-01-02",
    seq: 2,
    links: ["a"],
  },
  {
    id: "ACC0000003",
    name: "cy",
    amount: 250,
    status: "closed",
    email: "c@x.io",
    card: "4539578763621486",
    doc: '{"id":"3"}',
    created: "2024-01-03",
    seq: 3,
    links: [],
  },
  {
    id: "ACC0000003",
    name: null,
    amount: 30,
    status: "open",
    email: "d@x.io",
    card: "4539578763621486",
    doc: "{oops",
    created: "2024-01-04",
    seq: 4,
    links: ["a", "b", "c"],
  },
  {
    id: "ACC0000005",
    name: "eve",
    amount: -5,
    status: "frozen",
    email: "e-at-x.io",
    card: "4539578763621487",
    doc: '{"id":"5"}',
    created: "2024-01-05",
    seq: 5,
    links: ["a"],
  },
  {
    id: "ACC0000006",
    name: "fay",
    amount: 40,
    status: "open",
    email: "f@x.io",
    card: "4539578763621486",
    doc: '{"id":"6"}',
    created: "2024-01-06",
    seq: 6,
    links: ["a"],
  },
  {
    id: "ACC0000007",
    name: "gus",
    amount: 50,
    status: "closed",
    email: "g@x.io",
    card: "4539578763621486",
    doc: '{"id":"7"}',
    created: "2024/01/07",
    seq: 4,
    links: ["a"],
  },
  {
    id: "ACC0000008",
    name: "hal",
    amount: 60,
    status: "open",
    email: "h@x.io",
    card: "4539578763621486",
    doc: '{"id":"8"}',
    created: "2024-01-08",
    seq: 8,
    links: ["a"],
  },
  {
    id: "ACC0000009",
    name: "ivy",
    amount: 70,
    status: "open",
    email: "i@x.io",
    card: "4539578763621486",
    doc: '{"id":"9"}',
    created: "2024-01-09",
    seq: 9,
    links: ["a"],
  },
  {
    id: "ACC0000010",
    name: "jon",
    amount: 80,
    status: "open",
    email: "j@x.io",
    card: "4539578763621486",
    doc: '{"id":"10"}',
    created: "2024-01-10",
    seq: 10,
    links: ["a"],
  },
];

async function validate(
  validationsYaml: string,
  rows: readonly object[] = ROWS,
): Promise<ValidationResult[]> {
  const dir = fixtureDir({
    "data/accounts/part-00000.json": `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`,
  });
  const file = join(dir, "checks.yaml");
  writeFileSync(
    file,
    `name: account_checks\ndataSources:\n  json:\n    - options: {path: "${join(dir, "data/accounts")}"}\n      validations:\n${validationsYaml}`,
  );
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  const errors = load.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(errors, []);
  return runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
  });
}

const outcome = (r: ValidationResult) => ({ success: r.success, records: r.records, failed: r.failed });

test("an expression fails the records where it is false, with a sample of them", async () => {
  const [pass, fail] = await validate(
    `        - expr: "length(id) == 10"\n        - expr: "amount BETWEEN 1 AND 100"\n`,
  );
  assert.deepEqual(outcome(pass!), { success: true, records: 10, failed: 0 });
  assert.deepEqual(outcome(fail!), { success: false, records: 10, failed: 2 });
  assert.deepEqual(
    fail!.sample.map((s) => s.amount),
    [250, -5],
  );
});

test("field checks pass on clean fields and fail exactly on the planted defects", async () => {
  const results = await validate(`        - field: name
          validation:
            - {type: "null", negate: true}
            - {type: lengthBetween, min: 2, max: 3}
        - field: id
          validation:
            - {type: unique}
            - {type: matches, regex: "ACC[0-9]{7}"}
            - {type: startsWith, value: ACC}
        - field: amount
          validation:
            - {type: between, min: 1, max: 100}
            - {type: between, min: 1, max: 100, errorThreshold: 2}
            - {type: between, min: 1, max: 100, errorThreshold: 0.1}
            - {type: lessThan, value: 250, strictly: false}
            - {type: greaterThan, value: -5}
            - {type: maxBetween, min: 1, max: 300}
            - {type: meanBetween, min: 1, max: 10}
            - {type: medianBetween, min: 30, max: 50}
        - field: status
          validation:
            - {type: in, values: [open, closed]}
            - {type: distinctInSet, values: [open, closed, frozen]}
            - {type: mostCommonValueInSet, values: [open]}
        - field: email
          validation:
            - {type: contains, value: "@"}
        - field: card
          validation:
            - {type: luhnCheck}
        - field: doc
          validation:
            - {type: isJsonParsable}
        - field: created
          validation:
            - {type: matchDateTimeFormat, format: "yyyy-MM-dd"}
        - field: seq
          validation:
            - {type: isIncreasing}
        - field: links
          validation:
            - {type: lessThanSize, size: 3}
            - {type: hasType, value: "array<string>"}
`);
  const got = Object.fromEntries(results.map((r) => [r.description, outcome(r)]));
  assert.deepEqual(got, {
    "name is not null": { success: false, records: 10, failed: 1 },
    "length of name between 2 and 3": { success: true, records: 10, failed: 0 },
    "id is unique": { success: false, records: 9, failed: 1 },
    "id matches ACC[0-9]{7}": { success: true, records: 10, failed: 0 },
    "id starts with ACC": { success: true, records: 10, failed: 0 },
    "amount between 1 and 100": { success: false, records: 10, failed: 2 },
    "amount <= 250": { success: true, records: 10, failed: 0 },
    "amount > -5": { success: false, records: 10, failed: 1 },
    "max of amount between 1 and 300": { success: true, records: 1, failed: 0 },
    "mean of amount between 1 and 10": { success: false, records: 1, failed: 1 },
    "median of amount between 30 and 50": { success: true, records: 1, failed: 0 },
    "status in open, closed": { success: false, records: 10, failed: 1 },
    "distinctInSet of status: open, closed, frozen": { success: true, records: 1, failed: 0 },
    "mostCommonValueInSet of status: open": { success: true, records: 1, failed: 0 },
    "email contains @": { success: false, records: 10, failed: 1 },
    "card passes the Luhn check": { success: false, records: 10, failed: 1 },
    "doc is JSON": { success: false, records: 10, failed: 1 },
    "created matches date-time format yyyy-MM-dd": { success: false, records: 10, failed: 1 },
    "seq is strictly increasing": { success: false, records: 10, failed: 1 },
    "size of links < 3": { success: false, records: 10, failed: 1 },
    "links has type array<string>": { success: true, records: 10, failed: 0 },
  });
  // The same between check with thresholds: 2 failures allowed, then 10% (1 of 10) allowed.
  const between = results.filter((r) => r.description === "amount between 1 and 100");
  assert.deepEqual(
    between.map((r) => [r.errorThreshold, r.success]),
    [
      [undefined, false],
      [2, true],
      [0.1, false],
    ],
  );
});

test("preFilterExpr, group-by aggregates and field-name checks", async () => {
  const results = await validate(`        - {preFilterExpr: "status == 'open'", expr: "amount < 100"}
        - {preFilterExpr: "status == 'closed'", expr: "amount < 100"}
        - {groupByFields: [id], aggType: count, aggExpr: "count == 1"}
        - {groupByFields: [status], aggField: amount, aggType: sum, aggExpr: "sum(amount) < 305"}
        - {groupByFields: [status], aggField: amount, aggType: max, aggExpr: "max(amount) <= 100"}
        - {aggType: count, aggExpr: "count == 10"}
        - {fieldNameType: fieldCountEqual, count: 10}
        - {fieldNameType: fieldNameMatchSet, names: [id, amount, nmae]}
        - {fieldNameType: fieldNameMatchOrder, names: [id, name, amount]}
`);
  assert.deepEqual(
    results.map((r) => [r.kind, r.unit, outcome(r)]),
    [
      ["expression", "rows", { success: true, records: 7, failed: 0 }],
      ["expression", "rows", { success: false, records: 2, failed: 1 }],
      ["groupBy", "groups", { success: false, records: 9, failed: 1 }],
      ["groupBy", "groups", { success: false, records: 3, failed: 1 }],
      ["groupBy", "groups", { success: false, records: 3, failed: 1 }],
      ["groupBy", "groups", { success: true, records: 1, failed: 0 }],
      ["fieldNames", "fields", { success: true, records: 1, failed: 0 }],
      ["fieldNames", "fields", { success: false, records: 3, failed: 1 }],
      ["fieldNames", "fields", { success: true, records: 3, failed: 0 }],
    ],
  );
  assert.deepEqual(results[3]!.sample, [{ status: "open", "sum(amount)": 310.5 }]);
  assert.deepEqual(results[7]!.sample, [{ missing: "nmae" }]);
});

test("a unique check past its budget of groups spills to disk and stays exact", async () => {
  const { runValidations: run } = await import("../app/validations/run-validations.ts");
  const dir = fixtureDir({ "d/x.json": `${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n` });
  const load = await loadProject([], { outputKinds: OUTPUT_KINDS, env: {} });
  const plan = validationsPlan(
    [
      {
        name: "v",
        description: "",
        dataSources: {
          json: [
            {
              options: { path: join(dir, "d") },
              validations: [
                { kind: "field", field: "id", checks: [{ type: "unique", options: {} }], nested: [] },
              ],
            },
          ],
        },
      },
    ],
    load.config,
    [],
  );
  const spillDir = fixtureDir({});
  const [r] = await run(plan, { access: OPEN_ACCESS, limits: { maxGroups: 4, spillDir } });
  // Nine distinct ids, one (ACC0000003) twice: the same answer as in memory.
  assert.equal(r!.records, 9);
  assert.equal(r!.failed, 1);
  assert.deepEqual(r!.sample, [{ id: "ACC0000003", count: 2 }]);
  assert.equal(r!.details?.spilled, true);
  assert.ok(Number(r!.details?.partitions) >= 3);
  assert.match(r!.note ?? "", /more than 4 groups: spilled to \d+ partition files/);
  assert.deepEqual(readdirSync(spillDir), [], "the spill files are removed");
});

test("a field that does not exist or an expression that does not compile fails that validation with a coded error", async () => {
  const results = await validate(`        - field: amout
          validation:
            - {type: between, min: 1, max: 2}
        - expr: "amount <"
        - expr: "amont > 1"
        - expr: "id"
        - expr: "amount > -10"
`);
  assert.deepEqual(
    results.map((r) => [r.success, r.error?.code]),
    [
      [false, "RF_SQL_INVALID"],
      [false, "RF_SQL_INVALID"],
      [false, "RF_SQL_INVALID"],
      [false, "RF_SQL_INVALID"],
      [true, undefined],
    ],
  );
  assert.match(results[0]!.error!.message, /amout/);
  assert.match(results[2]!.error!.message, /did you mean "amount"/);
});

test("missing data fails every validation of the entry with RF_FILE_NOT_FOUND", async () => {
  const dir = fixtureDir({ "x.yaml": "" });
  const file = join(dir, "v.yaml");
  writeFileSync(
    file,
    `name: v\ndataSources:\n  csv:\n    - options: {path: "${join(dir, "nothing")}"}\n      validations:\n        - expr: "a > 1"\n        - expr: "b > 1"\n`,
  );
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  const results = await runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
  });
  assert.deepEqual(
    results.map((r) => [r.success, r.error?.code]),
    [
      [false, "RF_FILE_NOT_FOUND"],
      [false, "RF_FILE_NOT_FOUND"],
    ],
  );
});

test("expressions that read a struct's fields or an array's size decode only those, and give the same answers", async () => {
  const rows = [
    { id: 1, details: { age: 30, name: "ann", city: "x" }, tags: ["a", "b"] },
    { id: 2, details: { age: 10, name: "bob", city: "y" }, tags: ["a"] },
    { id: 3, details: null, tags: null },
  ];
  const results = await validate(
    `        - expr: "details.age >= 18"
        - expr: "size(tags) == 2"
        - expr: "details.age >= 18 AND length(details.name) == 3"
        - expr: "exists(tags, t -> t == 'b')"
        - expr: "to_json(details) LIKE '%city%'"
        - field: details.age
          validation: [{type: between, min: 18, max: 90}]
`,
    rows,
  );
  assert.deepEqual(
    results.map((r) => [r.description, r.failed]),
    [
      ["details.age >= 18", 1],
      ["size(tags) == 2", 2],
      ["details.age >= 18 AND length(details.name) == 3", 1],
      ["exists(tags, t -> t == 'b')", 1],
      ["to_json(details) LIKE '%city%'", 0],
      ["details.age between 18 and 90", 1],
    ],
  );
  // A failing record's sample holds the whole record, whatever the check decoded.
  assert.deepEqual(results[0]!.sample, [
    { id: 2, details: { age: 10, name: "bob", city: "y" }, tags: ["a"] },
  ]);
});
