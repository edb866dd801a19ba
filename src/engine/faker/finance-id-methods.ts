import { base } from "@faker-js/faker";
import { YEAR_MS } from "./date-entry-kinds.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { counted, upTo } from "./faker-size.ts";
import * as g from "./generators.ts";
import {
  anyCreditCardDraw,
  anyIbanDraw,
  creditCardDraw,
  gtinDraw,
  ibanDraw,
  imeiDraw,
  isbnDraw,
  isbnRegistrantDraw,
  UPPER,
  UPPER_DIGITS,
  usRoutingDraw,
} from "./id-draws.ts";
import { localDateText } from "./java-text.ts";
import { fromList, localeColumn, localeList } from "./list-entries.ts";
import {
  charRun,
  constant,
  digitRun,
  hexRun,
  joinDraws,
  pickDraw,
  pickFrom,
  symbolFormat,
  weightedDraw,
} from "./locale-draw.ts";
import { ssnDraw } from "./table-draws.ts";
import { boolArg, choiceArg, digits, hex, intArgOr, now, numArg, pick } from "./table-support.ts";
import * as w from "./word-lists.ts";

/** The expression table's money and identifiers: Finance, Business, Stock, Money, Currency, Commerce, IdNumber, Code, Barcode, Hashing. */

/** The card kinds of Business.creditCardNumber. */
const BUSINESS_CARDS = ["VISA", "MASTERCARD", "AMERICAN_EXPRESS", "DISCOVER"];

/** How far after the run date a card's expiry date can be. */
const EXPIRY_MS = 5 * YEAR_MS;

/** The card kind Finance.creditCard's argument names (AMEX and DINERS are short names), or undefined without one. */
function cardKindArg(a: readonly string[]): string | undefined {
  if (a.length === 0) return undefined;
  const short: Readonly<Record<string, string>> = { AMEX: "AMERICAN_EXPRESS", DINERS: "DINERS_CLUB" };
  const given = (a[0] ?? "").trim().toUpperCase();
  return short[given] ?? choiceArg(a, 0, g.creditCardKinds());
}

/** The country codes faker's finance.bic draws among: ISO 3166 alpha-2, and XK (Kosovo). */
const BIC_COUNTRIES = [...(base.location?.country_code ?? []).map((c) => c.alpha2), "XK"];

export const FINANCE_ID_METHODS: Readonly<Record<string, FakerEntry>> = {
  // ─── Finance / Business / Stock / Money / Currency ───────────────────────────
  "Finance.creditCard": {
    arity: [0, 1],
    usage: `'type' (${g.creditCardKinds().join(", ")})`,
    size: upTo(32),
    doc: "Luhn-valid card number in groups, e.g. 4123-4567-8901-2345",
    faker: (f, a) => g.creditCard(f, cardKindArg(a) ?? pick(f, g.creditCardKinds())),
    compiled: (_k, a) => {
      const kind = cardKindArg(a);
      return kind === undefined ? anyCreditCardDraw(g.creditCardKinds()) : creditCardDraw(kind);
    },
  },
  "Finance.bic": {
    faker: (f) => f.finance.bic(),
    // Bank, country, location, and half the time a branch: XXX (the head office) or three letters or digits.
    compiled: () =>
      joinDraws(
        charRun(UPPER, 4),
        pickFrom(BIC_COUNTRIES),
        charRun(UPPER_DIGITS, 2),
        weightedDraw([
          { weight: 2, draw: constant("") },
          { weight: 1, draw: constant("XXX") },
          { weight: 1, draw: charRun(UPPER_DIGITS, 3) },
        ]),
      ),
    doc: "SWIFT/BIC code, 8 or 11 characters",
  },
  "Finance.iban": {
    arity: [0, 1],
    usage: "'countryCode'",
    size: upTo(34),
    faker: (f, a) => g.iban(f, a[0]),
    compiled: (_k, a) => (a[0] === undefined ? anyIbanDraw() : ibanDraw(a[0].toUpperCase())),
  },
  "Finance.usRoutingNumber": { faker: g.usRoutingNumber, compiled: usRoutingDraw },
  "Finance.nasdaqTicker": fromList(w.MISC.nasdaq),
  "Finance.nyseTicker": fromList(w.MISC.nyse),
  "Finance.stockMarket": fromList(w.MISC.stockExchange),
  "Business.creditCardNumber": {
    faker: (f) => g.creditCard(f, pick(f, BUSINESS_CARDS)),
    compiled: () => anyCreditCardDraw(BUSINESS_CARDS),
  },
  "Business.creditCardType": fromList(["visa", "mastercard", "american_express", "discover", "jcb"]),
  "Business.creditCardExpiry": {
    faker: (f) => localDateText(now(f) + f.number.int(EXPIRY_MS)),
    compiled: (_k, _a, ref) => (rnd) => localDateText(ref + rnd.int(EXPIRY_MS + 1)),
    doc: "a date within five years after the run date",
  },
  "Business.securityCode": { faker: (f) => f.finance.creditCardCVV(), compiled: () => digitRun(3) },
  "Stock.nsdqSymbol": fromList(w.MISC.nasdaq),
  "Stock.nyseSymbol": fromList(w.MISC.nyse),
  "Stock.nseSymbol": fromList(w.MISC.nse),
  "Stock.lseSymbol": fromList(w.MISC.lse),
  "Stock.exchanges": fromList(w.MISC.stockExchange),
  "Money.currency": localeColumn("finance.currency", "name", (f) => f.finance.currencyName()),
  "Money.currencyCode": localeColumn("finance.currency", "code", (f) => f.finance.currencyCode()),
  "Money.currencyNumericCode": localeColumn("finance.currency", "numericCode", (f) =>
    f.finance.currencyNumericCode(),
  ),
  "Money.currencySymbol": localeColumn(
    "finance.currency",
    "symbol",
    (f) => f.finance.currencySymbol() || f.finance.currencyCode(),
    true,
  ),
  "Currency.name": localeColumn("finance.currency", "name", (f) => f.finance.currencyName()),
  "Currency.code": localeColumn("finance.currency", "code", (f) => f.finance.currencyCode()),
  "CryptoCoin.coin": fromList(w.MISC.cryptoCoin),
  // ─── Commerce ────────────────────────────────────────────────────────────────
  "Commerce.department": localeList("commerce.department", (f) => f.commerce.department()),
  "Commerce.productName": {
    faker: (f) => f.commerce.productName(),
    compiled: (k) => k.productName(),
    doc: "adjective, material and product",
  },
  "Commerce.material": localeList("commerce.product_name.material", (f) => f.commerce.productMaterial()),
  "Commerce.brand": fromList(w.COMMERCE.brand),
  "Commerce.vendor": fromList(w.COMMERCE.vendor),
  "Commerce.price": {
    arity: [0, 2],
    usage: "'min','max'",
    size: upTo(32),
    doc: "0.00-100.00 by default, two decimals",
    faker: (f, a) => {
      const min = a.length ? numArg(a, 0) : 0;
      const max = a.length ? numArg(a, 1) : 100;
      return (min + f.number.float() * (max - min)).toFixed(2);
    },
    compiled: (_k, a) => {
      const min = a.length ? numArg(a, 0) : 0;
      const max = a.length ? numArg(a, 1) : 100;
      return (rnd) => (min + rnd.float() * (max - min)).toFixed(2);
    },
  },
  "Commerce.promotionCode": {
    arity: [0, 1],
    usage: "'digits'",
    size: counted(0, 6, 1, 64),
    faker: (f, a) =>
      `${pick(f, w.COMMERCE.promoAdjective)}${pick(f, w.COMMERCE.promoNoun)}${digits(f, intArgOr(a, 0, 6))}`,
    compiled: (_k, a) =>
      joinDraws(
        pickFrom(w.COMMERCE.promoAdjective),
        pickFrom(w.COMMERCE.promoNoun),
        digitRun(intArgOr(a, 0, 6)),
      ),
  },
  // ─── IdNumber / Passport / Code / Barcode ────────────────────────────────────
  "IdNumber.valid": { faker: g.ssnValid, compiled: ssnDraw, doc: "US social security number" },
  "IdNumber.invalid": {
    faker: g.ssnInvalid,
    compiled: () => pickDraw(g.INVALID_SSN_FORMATS.map((f) => symbolFormat(f, "#"))),
  },
  "IdNumber.ssnValid": { faker: g.ssnValid, compiled: ssnDraw },
  "Passport.valid": {
    faker: (f) => `${f.string.alpha({ length: 1, casing: "upper" })}${digits(f, 8)}`,
    compiled: () => joinDraws(charRun(UPPER, 1), digitRun(8)),
  },
  "Code.isbnGs1": fromList(["978", "979"]),
  "Code.isbnGroup": fromList(["0", "1"]),
  "Code.isbnRegistrant": {
    faker: g.isbnRegistrant,
    compiled: isbnRegistrantDraw,
    doc: "registrant and publication parts, 8 digits",
  },
  "Code.isbn10": {
    arity: [0, 1],
    usage: "'separator'",
    size: upTo(13),
    faker: (f, a) => g.isbn10(f, boolArg(a, 0)),
    compiled: (_k, a) => isbnDraw(false, boolArg(a, 0)),
  },
  "Code.isbn13": {
    arity: [0, 1],
    usage: "'separator'",
    size: upTo(17),
    faker: (f, a) => g.isbn13(f, boolArg(a, 0)),
    compiled: (_k, a) => isbnDraw(true, boolArg(a, 0)),
  },
  "Code.asin": { faker: g.asin, compiled: () => joinDraws("B0", charRun(UPPER_DIGITS, 8)) },
  "Code.imei": { faker: g.imei, compiled: imeiDraw },
  "Code.ean8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Code.gtin8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Code.ean13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Code.gtin13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.ean8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Barcode.ean13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.gtin8": { faker: (f) => g.gtin(f, 8), compiled: () => gtinDraw(8) },
  "Barcode.gtin12": { faker: (f) => g.gtin(f, 12), compiled: () => gtinDraw(12) },
  "Barcode.gtin13": { faker: (f) => g.gtin(f, 13), compiled: () => gtinDraw(13) },
  "Barcode.gtin14": { faker: (f) => g.gtin(f, 14), compiled: () => gtinDraw(14) },
  "Barcode.type": fromList(w.MISC.barcodeType),
  // ─── Hashing (also reachable as Crypto) ──────────────────────────────────────
  "Hashing.md2": { faker: (f) => hex(f, 32), compiled: () => hexRun(32) },
  "Hashing.md5": { faker: (f) => hex(f, 32), compiled: () => hexRun(32) },
  "Hashing.sha1": { faker: (f) => hex(f, 40), compiled: () => hexRun(40) },
  "Hashing.sha256": { faker: (f) => hex(f, 64), compiled: () => hexRun(64) },
  "Hashing.sha384": { faker: (f) => hex(f, 96), compiled: () => hexRun(96) },
  "Hashing.sha512": { faker: (f) => hex(f, 128), compiled: () => hexRun(128) },
};
