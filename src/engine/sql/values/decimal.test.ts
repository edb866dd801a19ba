import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DataTypes as T } from "../../../model/data-type.ts";
import {
  decimalFromNumber,
  decimalFromString,
  decimalToNumber,
  decimalToPlainString,
  decimalToString,
  decimalTruncate,
  decimalTypeOfInteger,
  parseDecimalText,
  rescaleDecimal,
  toDecimalType,
} from "./decimal.ts";

describe("decimal helpers", () => {
  it("rescales HALF_UP (half away from zero)", () => {
    assert.equal(rescaleDecimal(125n, 2, 1), 13n);
    assert.equal(rescaleDecimal(-125n, 2, 1), -13n);
    assert.equal(rescaleDecimal(124n, 2, 1), 12n);
    assert.equal(rescaleDecimal(-149n, 2, 0), -1n);
    assert.equal(rescaleDecimal(15n, 1, 3), 1500n);
  });

  it("gives NULL when the value overflows the precision", () => {
    assert.equal(toDecimalType(99999n, 2, T.decimal(5, 2)), 99999n);
    assert.equal(toDecimalType(100000n, 2, T.decimal(5, 2)), null);
    assert.equal(toDecimalType(99995n, 3, T.decimal(4, 2)), null);
  });

  it("writes decimals as Spark's CAST to string does", () => {
    assert.equal(decimalToString(-150n, 2), "-1.50");
    assert.equal(decimalToString(5n, 3), "0.005");
    assert.equal(decimalToString(1n, 7), "1E-7");
    assert.equal(decimalToString(-123n, 9), "-1.23E-7");
    assert.equal(decimalToString(42n, 0), "42");
    assert.equal(decimalToPlainString(1n, 7), "0.0000001");
  });

  it("reads text and numbers", () => {
    assert.deepEqual(parseDecimalText("-1.50"), { unscaled: -150n, scale: 2 });
    assert.deepEqual(parseDecimalText("1.5e3"), { unscaled: 1500n, scale: 0 });
    assert.deepEqual(parseDecimalText("2.5E-2"), { unscaled: 25n, scale: 3 });
    assert.equal(parseDecimalText("."), null);
    assert.equal(parseDecimalText("1,5"), null);
    assert.equal(decimalFromString(" 12.345 ", T.decimal(5, 2)), 1235n);
    assert.equal(decimalFromString("x", T.decimal(5, 2)), null);
    assert.equal(decimalFromNumber(0.1, T.decimal(3, 2)), 10n);
    assert.equal(decimalFromNumber(2.675, T.decimal(3, 2)), 268n);
    assert.equal(decimalFromNumber(1e20, T.decimal(38, 0)), 100000000000000000000n);
    assert.equal(decimalFromNumber(Number.POSITIVE_INFINITY, T.decimal(10, 0)), null);
  });

  it("converts to doubles and integers", () => {
    assert.equal(decimalToNumber(123456789n, 3), 123456.789);
    assert.equal(decimalToNumber(12345678901234567890123n, 5), 123456789012345680);
    assert.equal(decimalTruncate(-199n, 2), -1n);
    assert.deepEqual(decimalTypeOfInteger(-1234), T.decimal(4, 0));
  });
});
