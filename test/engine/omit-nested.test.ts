import assert from "node:assert/strict";
import { test } from "node:test";
import { singleStepPlan } from "../support/plans.ts";
import { generateAll, type Row } from "../support/rows.ts";

test("item 7: omit: true inside structs and array elements leaves the field out at every depth, usable by sibling SQL", async () => {
  const plan = await singleStepPlan(
    [
      "      - name: account",
      "        fields:",
      "          - {name: secret, type: int, options: {min: 5, max: 5, omit: true}}",
      "          - {name: doubled, type: int, options: {sql: 'account.secret * 2'}}",
      "          - name: inner",
      "            fields:",
      "              - {name: hidden, options: {regex: 'H[0-9]', omit: true}}",
      "              - {name: shown, options: {regex: 'S[0-9]'}}",
      "      - name: items",
      "        type: array",
      "        options: {arrayMinLen: 2, arrayMaxLen: 2}",
      "        fields:",
      "          - {name: sku, options: {regex: 'K[0-9]{3}'}}",
      "          - {name: cost, type: double, options: {min: 1, max: 2, omit: true}}",
      "",
    ].join("\n"),
    20,
  );
  const rows = [...generateAll(plan).values()][0]!;
  assert.equal(rows.length, 20);
  for (const r of rows) {
    const account = r.account as Row;
    assert.deepEqual(Object.keys(account), ["doubled", "inner"]);
    assert.equal(account.doubled, 10, "the omitted field was generated for its sibling's SQL");
    assert.deepEqual(Object.keys(account.inner as Row), ["shown"]);
    const items = r.items as Row[];
    assert.equal(items.length, 2);
    for (const item of items) assert.deepEqual(Object.keys(item), ["sku"]);
  }
});
