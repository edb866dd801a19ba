import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RowRandom } from "../rng/index.ts";
import { ibanCheckDigits, isIbanValid, isLuhnValid } from "./check-digits.ts";
import { cardSpec, creditCardKinds, ibanParts } from "./generators.ts";
import {
  anyCreditCardDraw,
  anyIbanDraw,
  creditCardDraw,
  ibanDraw,
  uuidDraw,
  uuidV7Draw,
} from "./id-draws.ts";
import type { Draw } from "./locale-draw.ts";
import { IBAN_SHAPES } from "./word-lists.ts";

const draws = (draw: Draw, n: number, key = 1): string[] => {
  const rnd = new RowRandom(key);
  return Array.from({ length: n }, (_, i) => draw(rnd.at(i)));
};

describe("compiled card numbers", () => {
  it("are Luhn-valid, start with one of their kind's prefixes and come in its groups", () => {
    for (const kind of creditCardKinds()) {
      const spec = cardSpec(kind);
      const seen = new Set<string>();
      for (const v of draws(creditCardDraw(kind), 400)) {
        assert.ok(isLuhnValid(v), `${kind} ${v}`);
        assert.deepEqual(
          v.split("-").map((g) => g.length),
          [...spec.groups],
          `${kind} ${v}`,
        );
        const digits = v.replaceAll("-", "");
        const prefix = spec.prefixes.find((p) => digits.startsWith(p));
        assert.ok(prefix !== undefined, `${kind} ${v} has none of ${spec.prefixes.join(", ")}`);
        seen.add(prefix);
      }
      assert.equal(seen.size, spec.prefixes.length, `${kind}: every prefix is drawn`);
    }
  });

  it("of any kind draw every kind, and differ from row to row", () => {
    const values = draws(anyCreditCardDraw(creditCardKinds()), 2_000);
    assert.equal(new Set(values).size, values.length);
    const lengths = new Set(values.map((v) => v.replaceAll("-", "").length));
    assert.deepEqual([...lengths].sort(), ["14", "15", "16"].map(Number));
  });

  it("refuse an unknown kind when compiled", () => {
    assert.throws(() => creditCardDraw("BANKCARD"), /"BANKCARD" is not a credit card type/);
  });
});

describe("compiled IBANs", () => {
  it("have valid check digits and their country's account-number shape", () => {
    for (const country of Object.keys(IBAN_SHAPES)) {
      const parts = ibanParts(country);
      const shape = new RegExp(
        `^${country}\\d{2}${parts.map((p) => `${p.kind === "n" ? "\\d" : p.kind === "a" ? "[A-Z]" : "[A-Z0-9]"}{${p.length}}`).join("")}$`,
      );
      for (const v of draws(ibanDraw(country), 200)) {
        assert.match(v, shape);
        assert.ok(isIbanValid(v), v);
        assert.equal(ibanCheckDigits(country, v.slice(4)), v.slice(2, 4));
      }
    }
  });

  it("of any country draw every supported country", () => {
    const countries = new Set(draws(anyIbanDraw(), 3_000).map((v) => v.slice(0, 2)));
    assert.deepEqual([...countries].sort(), Object.keys(IBAN_SHAPES).sort());
  });

  it("refuse an unsupported country when compiled", () => {
    assert.throws(() => ibanDraw("ZZ"), /IBANs for country "ZZ" are not supported/);
  });
});

describe("compiled UUIDs", () => {
  it("carry their version and the RFC 4122 variant, with every variant digit drawn", () => {
    for (const version of [3, 4]) {
      const values = draws(uuidDraw(version), 2_000);
      const shape = new RegExp(
        `^[0-9a-f]{8}-[0-9a-f]{4}-${version}[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
      );
      for (const v of values) assert.match(v, shape);
      assert.equal(new Set(values).size, values.length);
      assert.equal(new Set(values.map((v) => v[19])).size, 4);
    }
  });

  it("of version 7 hold a moment within the year before the run date, in order of time", () => {
    const ref = Date.UTC(2025, 5, 15, 12);
    for (const v of draws(uuidV7Draw(ref), 2_000)) {
      assert.match(v, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = Number.parseInt(v.replaceAll("-", "").slice(0, 12), 16);
      assert.ok(ms <= ref && ms >= ref - 365 * 86_400_000, v);
    }
  });

  it("depend only on the key and the row", () => {
    assert.deepEqual(draws(uuidDraw(4), 100, 7), draws(uuidDraw(4), 100, 7));
    assert.notDeepEqual(draws(uuidDraw(4), 100, 7), draws(uuidDraw(4), 100, 8));
  });
});
