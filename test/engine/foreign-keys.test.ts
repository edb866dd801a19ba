import assert from "node:assert/strict";
import { test } from "node:test";
import { compilePlan } from "../../src/engine/compile/compile-plan.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { generateAll } from "../support/rows.ts";

const TASKS = {
  accounts: `name: accounts
steps:
  - name: accounts
    count: {records: 200}
    fields:
      - {name: account_id, options: {regex: "ACC[0-9]{6}"}}
      - {name: name, options: {expression: "#{Name.name}"}}
      - {name: region, options: {oneOf: [eu, us]}}
`,
  txns: `name: txns
steps:
  - name: transactions
    type: csv
    count: {records: 1000}
    fields:
      - {name: txn_id, options: {regex: "T[0-9]{9}", isUnique: true}}
      - {name: account_id}
      - {name: name}
      - {name: amount, type: double}
`,
};

const plan = (generate: string) =>
  planFrom(
    `name: fk
tasks: [{name: accounts, dataSourceName: a}, {name: txns, dataSourceName: t}]
sinkOptions:
  foreignKeys:
    - source: {dataSource: a, step: accounts, fields: [account_id, name]}
      generate:
${generate}
`,
    TASKS,
  );

const parentKeys = (rows: Map<string, Record<string, unknown>[]>) =>
  new Set(rows.get("a.accounts")!.map((r) => `${r.account_id}|${r.name}`));

test("children take key values of existing parents (composite key), recomputed not joined", async () => {
  const rows = generateAll(
    await plan("        - {dataSource: t, step: transactions, fields: [account_id, name]}"),
  );
  const keys = parentKeys(rows);
  assert.equal(keys.size, 200, "source key fields are made unique");
  const txns = rows.get("t.transactions")!;
  assert.equal(txns.length, 1000);
  for (const r of txns) assert.ok(keys.has(`${r.account_id}|${r.name}`));
});

test("cardinality ratio gives exactly ratio children per parent", async () => {
  const rows = generateAll(
    await plan(
      "        - {dataSource: t, step: transactions, fields: [account_id, name], cardinality: {ratio: 3}}",
    ),
  );
  const txns = rows.get("t.transactions")!;
  assert.equal(txns.length, 600);
  const per = new Map<string, number>();
  for (const r of txns) per.set(String(r.account_id), (per.get(String(r.account_id)) ?? 0) + 1);
  assert.deepEqual(new Set(per.values()), new Set([3]));
});

test("cardinality min/max bounds the children of each parent", async () => {
  const rows = generateAll(
    await plan(
      "        - {dataSource: t, step: transactions, fields: [account_id, name], cardinality: {min: 1, max: 4, distribution: zipf}}",
    ),
  );
  const per = new Map<string, number>();
  for (const r of rows.get("t.transactions")!)
    per.set(String(r.account_id), (per.get(String(r.account_id)) ?? 0) + 1);
  assert.equal(per.size, 200);
  for (const n of per.values()) assert.ok(n >= 1 && n <= 4);
});

test("nullability: head, tail and random", async () => {
  for (const strategy of ["head", "tail", "random"]) {
    const rows = generateAll(
      await plan(
        `        - {dataSource: t, step: transactions, fields: [account_id, name], nullability: {nullPercentage: 0.25, strategy: ${strategy}}}`,
      ),
    );
    const txns = rows.get("t.transactions")!;
    const nulls = txns.map((r, i) => (r.account_id === null ? i : -1)).filter((i) => i >= 0);
    if (strategy === "head")
      assert.deepEqual(
        nulls,
        Array.from({ length: 250 }, (_, i) => i),
      );
    if (strategy === "tail")
      assert.deepEqual(
        nulls,
        Array.from({ length: 250 }, (_, i) => 750 + i),
      );
    if (strategy === "random") assert.ok(nulls.length > 200 && nulls.length < 300);
  }
});

/** The accounts → transactions plan keyed by (account_id, name), with the transactions' count replaced by `count`. */
const withTransactionsCount = (count: string) =>
  planFrom(
    `name: fk
tasks: [{name: accounts, dataSourceName: a}, {name: txns, dataSourceName: t}]
sinkOptions:
  foreignKeys:
    - source: {dataSource: a, step: accounts, fields: [account_id, name]}
      generate: [{dataSource: t, step: transactions, fields: [account_id, name]}]
`,
    { ...TASKS, txns: TASKS.txns.replace("count: {records: 1000}", count) },
  );

test("perField on the foreign-key fields groups children by parent", async () => {
  const p = await withTransactionsCount(
    "count: {records: 200, perField: {fieldNames: [account_id, name], count: 4}}",
  );
  const rows = generateAll(p);
  const txns = rows.get("t.transactions")!;
  assert.equal(txns.length, 800);
  const keys = parentKeys(rows);
  const per = new Map<string, number>();
  for (const r of txns) {
    const k = `${r.account_id}|${r.name}`;
    assert.ok(keys.has(k));
    per.set(k, (per.get(k) ?? 0) + 1);
  }
  assert.equal(per.size, 200);
  assert.deepEqual(new Set(per.values()), new Set([4]));
});

/** Rows per parent key of a child step. */
const perParent = (rows: readonly Record<string, unknown>[], key: string) => {
  const per = new Map<string, number>();
  for (const r of rows) per.set(String(r[key]), (per.get(String(r[key])) ?? 0) + 1);
  return per;
};

test("perField on the foreign-key fields is a count per parent row: records follow the parent, transitively", async () => {
  const p = await planFrom(
    `name: shop
tasks: [{name: shop, dataSourceName: s}]
sinkOptions:
  foreignKeys:
    - {source: s.customers.customer_id, generate: [s.orders.customer_id]}
    - {source: s.orders.order_id, generate: [s.order_items.order_id]}
`,
    {
      shop: `name: shop
steps:
  - name: customers
    count: {records: 200}
    fields: [{name: customer_id, options: {regex: "C[0-9]{8}"}}]
  - name: orders
    count: {records: 50, perField: {fieldNames: [customer_id], count: 3}}
    fields: [{name: order_id, options: {regex: "O[0-9]{9}"}}, {name: customer_id}]
  - name: order_items
    count: {perField: {fieldNames: [order_id], count: 2}}
    fields: [{name: item_id, options: {regex: "I[0-9]{9}"}}, {name: order_id}]
`,
    },
  );
  const compiled = compilePlan(p, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  assert.deepEqual(
    compiled.steps.map((s) => s.rowCount),
    [200, 600, 1200],
  );
  assert.match(
    compiled.step("s.orders")!.countRule!.reason,
    /^3 rows for each of the 200 rows of s\.customers: perField names the foreign-key field customer_id; the step's count\.records is not used$/,
  );
  assert.equal(compiled.step("s.orders")!.countRule!.followsParent, true);
  const rows = generateAll(p);
  const customers = new Set(rows.get("s.customers")!.map((r) => r.customer_id));
  const orders = perParent(rows.get("s.orders")!, "customer_id");
  assert.deepEqual([...orders.keys()].sort(), [...customers].sort(), "every customer has orders");
  assert.deepEqual(new Set(orders.values()), new Set([3]));
  assert.deepEqual(new Set(perParent(rows.get("s.order_items")!, "order_id").values()), new Set([2]));
  assert.equal(perParent(rows.get("s.order_items")!, "order_id").size, 600);
});

test("perField options on a foreign-key field draw each parent's children from the seed, the same every time", async () => {
  const p = await withTransactionsCount(
    "count: {records: 10, perField: {fieldNames: [account_id, name], options: {min: 1, max: 4}}}",
  );
  const rows = generateAll(p);
  const per = perParent(rows.get("t.transactions")!, "account_id");
  assert.equal(per.size, 200, "each of the 200 accounts, not the 10 records");
  for (const n of per.values()) assert.ok(n >= 1 && n <= 4);
  assert.deepEqual(generateAll(p).get("t.transactions"), rows.get("t.transactions"));
});

test("perField on other fields than a foreign key's keeps records × count, and says so", async () => {
  const p = await plan("        - {dataSource: t, step: transactions, fields: [account_id, name]}");
  const withPerField = await planFrom(
    `name: fk
tasks: [{name: accounts, dataSourceName: a}, {name: txns, dataSourceName: t}]
sinkOptions:
  foreignKeys:
    - {source: a.accounts.account_id, generate: [t.transactions.account_id]}
`,
    {
      ...TASKS,
      txns: TASKS.txns.replace(
        "count: {records: 1000}",
        "count: {records: 30, perField: {fieldNames: [amount], count: 2}}",
      ),
    },
  );
  const c = compilePlan(withPerField, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  assert.equal(c.step("t.transactions")!.rowCount, 60);
  assert.equal(c.step("t.transactions")!.countRule!.followsParent, false);
  assert.match(c.step("t.transactions")!.countRule!.reason, /2 rows for each of 30 values of amount/);
  const plain = compilePlan(p, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  assert.equal(plain.step("t.transactions")!.countRule, undefined, "count.records alone: nothing to explain");
});

test("a cardinality says it overrides count.records and perField", async () => {
  const c = compilePlan(
    await plan(
      "        - {dataSource: t, step: transactions, fields: [account_id, name], cardinality: {min: 1, max: 10}}",
    ),
    { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true },
  );
  const rule = c.step("t.transactions")!.countRule!;
  assert.equal(rule.followsParent, true);
  assert.match(
    rule.reason,
    /^1 to 10 rows \(uniform, drawn from the seed\) for each of the 200 rows of a\.accounts \(the foreign key's cardinality\); the step's count\.records is not used$/,
  );
});

test("steps are generated parents first; a foreign-key cycle is refused with its path", async () => {
  const p = await plan("        - {dataSource: t, step: transactions, fields: [account_id, name]}");
  const c = compilePlan(p, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  assert.deepEqual(
    c.steps.map((s) => s.id),
    ["a.accounts", "t.transactions"],
  );
  const cyclic = await planFrom(
    `name: fk
tasks: [{name: accounts, dataSourceName: a}, {name: txns, dataSourceName: t}]
sinkOptions:
  foreignKeys:
    - {source: a.accounts.account_id, generate: [t.transactions.account_id]}
    - {source: t.transactions.txn_id, generate: [a.accounts.name]}
`,
    TASKS,
  );
  assert.throws(
    () => compilePlan(cyclic, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }),
    /cycle: .*a\.accounts.*t\.transactions/,
  );
});

test("a key inside array elements (items.id, as the corpus's new-features plan writes) takes a parent key per element", async () => {
  const p = await planFrom(
    `name: fk
tasks: [{name: accounts, dataSourceName: a}, {name: orders, dataSourceName: o}]
sinkOptions:
  seed: "5"
  foreignKeys:
    - source: {dataSource: a, step: accounts, fields: [account_id]}
      generate: [{dataSource: o, step: orders, fields: [items.account_id]}]
`,
    {
      accounts: TASKS.accounts,
      orders: `name: orders
steps:
  - name: orders
    count: {records: 50}
    fields:
      - name: items
        type: array
        options: {arrayMinLen: 1, arrayMaxLen: 4}
        fields:
          - {name: account_id}
          - {name: qty, type: int, options: {min: 1, max: 9}}
`,
    },
  );
  const rows = generateAll(p);
  const keys = new Set(rows.get("a.accounts")!.map((r) => r.account_id));
  const ids = rows
    .get("o.orders")!
    .flatMap((r) => (r.items as { account_id: string }[]).map((i) => i.account_id));
  assert.ok(ids.length >= 50);
  assert.ok(
    ids.every((id) => keys.has(id)),
    JSON.stringify(ids.slice(0, 5)),
  );
  assert.ok(new Set(ids).size > 10, "elements draw parents of their own");
});

test("a nested parent key (body.owner.id, as an OpenAPI body holds it) gives children that field, not its whole struct", async () => {
  const p = await planFrom(
    `name: fk
tasks: [{name: pets, dataSourceName: a}, {name: visits, dataSourceName: v}]
sinkOptions:
  seed: "5"
  foreignKeys:
    - source: {dataSource: a, step: pets, fields: [body.owner.id]}
      generate: [{dataSource: v, step: visits, fields: [owner_id]}]
`,
    {
      pets: `name: pets
steps:
  - name: pets
    count: {records: 40}
    fields:
      - name: body
        fields:
          - {name: name}
          - name: owner
            fields:
              - {name: id, options: {regex: "OWN[0-9]{6}"}}
              - {name: email}
`,
      visits: `name: visits
steps:
  - name: visits
    count: {records: 200}
    fields:
      - {name: owner_id}
      - name: body
        fields:
          - {name: reason}
`,
    },
  );
  const rows = generateAll(p);
  const keys = new Set(rows.get("a.pets")!.map((r) => (r.body as { owner: { id: string } }).owner.id));
  const visits = rows.get("v.visits")!;
  assert.equal(visits.length, 200);
  for (const r of visits) {
    assert.equal(typeof r.owner_id, "string", JSON.stringify(r));
    assert.ok(keys.has(r.owner_id as string), JSON.stringify(r));
  }
});

/** Students and courses, and enrolments keyed by both (a key whose fields are all foreign keys). */
const enrolments = (records: number, keyOptions: string, extra = "") =>
  planFrom(
    `name: enrol
tasks: [{name: school, dataSourceName: s}]
sinkOptions:
  foreignKeys:
    - source: {dataSource: s, step: students, fields: [student_id]}
      generate: [{dataSource: s, step: enrolments, fields: [student_id]}]
    - source: {dataSource: s, step: courses, fields: [course_id]}
      generate: [{dataSource: s, step: enrolments, fields: [course_id]}]
`,
    {
      school: `name: school
steps:
  - name: students
    count: {records: 40}
    fields: [{name: student_id, type: int, options: {isPrimaryKey: true}}]
  - name: courses
    count: {records: 12}
    fields: [{name: course_id, type: int, options: {isPrimaryKey: true}}]
  - name: enrolments
    count: {records: ${records}}
    fields:
      - {name: student_id, type: int${keyOptions}}
      - {name: course_id, type: int${keyOptions}}
${extra}`,
    },
  );

test("a key whose fields are all foreign keys takes distinct parent combinations, any batch, and refuses more rows than combinations", async () => {
  const p = await enrolments(400, ", options: {isPrimaryKey: true}");
  const rows = generateAll(p).get("s.enrolments")!;
  const pairs = rows.map((r) => `${r.student_id}|${r.course_id}`);
  assert.equal(new Set(pairs).size, 400, "every (student, course) pair once");
  const students = new Set(
    generateAll(p)
      .get("s.students")!
      .map((r) => r.student_id),
  );
  const courses = new Set(
    generateAll(p)
      .get("s.courses")!
      .map((r) => r.course_id),
  );
  assert.ok(
    rows.every((r) => students.has(r.student_id) && courses.has(r.course_id)),
    "every key exists in its parent",
  );
  assert.ok(new Set(rows.map((r) => r.student_id)).size > 35, "parents are spread, not taken in order");
  // Rows 100..199 alone are the same rows.
  const c = compilePlan(p, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true });
  const step = c.steps.find((s) => s.id === "s.enrolments")!;
  const part = step
    .batch(100, 100)
    .toArray()
    .map((r) => `${r.student_id}|${r.course_id}`);
  assert.deepEqual(part, pairs.slice(100, 200));

  const tooMany = await enrolments(481, ", options: {isPrimaryKey: true}");
  assert.throws(
    () => compilePlan(tooMany, { seed: "1", nowMicros: TEST_NOW_MICROS, fastMode: true }),
    /student_id, course_id must be unique together but take their values from s\.students \(40 rows\) and s\.courses \(12 rows\): 480 combination\(s\) for 481 rows/,
  );
});

test("the schema stage's composite keys (uniqueKeys) and a unique foreign-key field draw distinct parents too", async () => {
  const p = await enrolments(300, "");
  const keyed = {
    ...p,
    steps: p.steps.map((s) =>
      s.step.name === "enrolments" ? { ...s, uniqueKeys: [["student_id", "course_id"]] } : s,
    ),
  };
  const pairs = generateAll(keyed)
    .get("s.enrolments")!
    .map((r) => `${r.student_id}|${r.course_id}`);
  assert.equal(new Set(pairs).size, 300);
  const oneToOne = await enrolments(40, "", "");
  const unique = {
    ...oneToOne,
    steps: oneToOne.steps.map((s) =>
      s.step.name === "enrolments"
        ? {
            ...s,
            step: {
              ...s.step,
              fields: s.step.fields.map((f) =>
                f.name === "student_id" ? { ...f, options: { isUnique: true } } : f,
              ),
            },
          }
        : s,
    ),
  };
  const students = generateAll(unique)
    .get("s.enrolments")!
    .map((r) => r.student_id);
  assert.equal(new Set(students).size, 40, "a unique foreign-key field takes each parent once");
});
