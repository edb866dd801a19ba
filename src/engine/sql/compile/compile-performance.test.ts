/**
 * Per-row cost of a compiled expression. The target is < 100 ns per row for
 * `amount * 2 + 1 > 100 AND name LIKE 'A%'`; the assertion is looser so that a busy machine
 * does not fail the build, and the measured figure is reported as a test diagnostic.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { compileWith, testScope } from "../../../../test/support/sql/sql-scope.ts";
import type { SqlValue } from "../sql-contract.ts";

const EXPRESSION = "amount * 2 + 1 > 100 AND name LIKE 'A%'";
const NAMES = ["Alice", "Bob", "Anna", "Zed"];

function nsPerRow(amountType: string, value: (i: number) => SqlValue): number {
  const scope = testScope({ amount: amountType, name: "string" });
  const { evaluate } = compileWith(EXPRESSION, scope);
  const rows = Array.from({ length: 1024 }, (_, i) =>
    scope.row({ amount: i % 17 === 0 ? null : value(i), name: NAMES[i % 4]! }),
  );
  // Rounds of 300,000 rows (tens of milliseconds each): the best of five is the compiled code's
  // rate once optimised, as the best of four rounds of 2M was, in a fifth of the time.
  const n = 300_000;
  let best = Number.POSITIVE_INFINITY;
  let hits = 0;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) if (evaluate(rows[i & 1023]!) === true) hits++;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
  }
  assert.ok(hits > 0);
  return best;
}

it(`evaluates ${EXPRESSION} in well under a microsecond per row`, (t) => {
  const double = nsPerRow("double", (i) => (i * 7.3) % 120);
  const decimal = nsPerRow("decimal(10,2)", (i) => BigInt((i * 733) % 12000));
  t.diagnostic(
    `double amount: ${double.toFixed(1)} ns/row; decimal(10,2) amount: ${decimal.toFixed(1)} ns/row`,
  );
  assert.ok(double < 1000, `${double} ns/row`);
  assert.ok(decimal < 2000, `${decimal} ns/row`);
});
