import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  abaCheckDigit,
  gtinCheckDigit,
  ibanCheckDigits,
  isbn10CheckChar,
  isIbanValid,
  isLuhnValid,
  isVinValid,
  luhnCheckDigit,
  vinCheckChar,
} from "./check-digits.ts";

describe("check digits", () => {
  it("computes Luhn digits of known numbers", () => {
    assert.equal(luhnCheckDigit("411111111111111"), 1);
    assert.equal(luhnCheckDigit("7992739871"), 3);
    assert.ok(isLuhnValid("4111-1111-1111-1111"));
    assert.ok(!isLuhnValid("4111-1111-1111-1112"));
  });

  it("computes ISBN-10 and GTIN digits of known numbers", () => {
    assert.equal(isbn10CheckChar("030640615"), "2");
    assert.equal(isbn10CheckChar("080442957"), "X");
    assert.equal(gtinCheckDigit("978030640615"), 7);
    assert.equal(gtinCheckDigit("400638133393"), 1);
    assert.equal(gtinCheckDigit("9638507"), 4);
  });

  it("computes IBAN check digits of known accounts", () => {
    assert.equal(ibanCheckDigits("GB", "WEST12345698765432"), "82");
    assert.equal(ibanCheckDigits("DE", "370400440532013000"), "89");
    assert.ok(isIbanValid("GB82 WEST 1234 5698 7654 32"));
    assert.ok(!isIbanValid("GB83WEST12345698765432"));
  });

  it("computes ABA routing check digits", () => {
    assert.equal(abaCheckDigit("01100001"), 5);
    assert.equal(abaCheckDigit("12100035"), 8);
  });

  it("computes VIN check characters of known VINs", () => {
    assert.equal(vinCheckChar("1M8GDM9AXKP042788"), "X");
    assert.equal(vinCheckChar("11111111111111111"), "1");
    assert.ok(isVinValid("1HGCM82633A004352"));
    assert.ok(!isVinValid("1HGCM82643A004352"));
    assert.ok(!isVinValid("1HGCM8263IA004352"), "I is not a VIN character");
  });
});
