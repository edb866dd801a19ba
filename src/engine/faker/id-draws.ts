import {
  abaCheckDigit,
  gtinCheckDigit,
  ibanCheckDigits,
  isbn10CheckChar,
  luhnCheckDigit,
} from "./check-digits.ts";
import { cardSpec, cardText, IMEI_PREFIXES, ibanParts } from "./generators.ts";
import { charRun, type Draw, digitRun, joinDraws, pickDraw, pickFrom } from "./locale-draw.ts";
import { numberText } from "./table-draws.ts";
import { IBAN_SHAPES } from "./word-lists.ts";

/**
 * Compiled paths of the table's identifiers (see generators.ts for their faker paths): the same
 * prefixes, shapes and check digits, drawn with the row's counter RNG.
 */

/** A Luhn-valid card number of `kind` in its groups (generators' creditCard); an unknown kind is an error. */
export function creditCardDraw(kind: string): Draw {
  const spec = cardSpec(kind);
  const body = pickDraw(spec.prefixes.map((p) => joinDraws(p, digitRun(spec.digits - p.length - 1)) as Draw));
  const groups = spec.groups;
  return (rnd) => cardText(body(rnd), groups);
}

/** A card number of one of `kinds`, each as often. */
export const anyCreditCardDraw = (kinds: readonly string[]): Draw => pickDraw(kinds.map(creditCardDraw));

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const UPPER_DIGITS = `${UPPER}0123456789`;

/** An IBAN of `country` (upper case) with its check digits (generators' iban); an unsupported country is an error. */
export function ibanDraw(country: string): Draw {
  const bban = joinDraws(
    ...ibanParts(country).map(({ length, kind }) =>
      kind === "n" ? digitRun(length) : charRun(kind === "a" ? UPPER : UPPER_DIGITS, length),
    ),
  ) as Draw;
  return (rnd) => {
    const b = bban(rnd);
    return country + ibanCheckDigits(country, b) + b;
  };
}

/** An IBAN of any supported country, each as often. */
export const anyIbanDraw = (): Draw => pickDraw(Object.keys(IBAN_SHAPES).map(ibanDraw));

const hex8 = (n: number): string => n.toString(16).padStart(8, "0");
const VARIANTS = "89ab";

/** A UUID of `version` with the RFC 4122 variant (generators' uuidWithVersion): 122 random bits. */
export function uuidDraw(version: number): Draw {
  const v = version.toString(16);
  return (rnd) => {
    const a = hex8(rnd.u32());
    const b = hex8(rnd.u32());
    const c = rnd.u32();
    const d = hex8(rnd.u32());
    const ch = hex8(c);
    return `${a}-${b.slice(0, 4)}-${v}${b.slice(5)}-${VARIANTS[c >>> 30]}${ch.slice(1, 4)}-${ch.slice(4)}${d}`;
  };
}

/** How far back a version-7 UUID's time goes: a year (generators' uuidV7). */
const V7_SPAN_MS = 31_536_000_000;

/** A version-7 UUID whose time part is a moment within a year before `refMs` (generators' uuidV7). */
export function uuidV7Draw(refMs: number): Draw {
  return (rnd) => {
    const time = (refMs - rnd.int(V7_SPAN_MS + 1)).toString(16).padStart(12, "0").slice(-12);
    const b = rnd.u32();
    const c = hex8(rnd.u32());
    const d = hex8(rnd.u32());
    const bh = hex8(b);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${bh.slice(1, 4)}-${VARIANTS[b >>> 30]}${bh.slice(4, 7)}-${c}${d.slice(4)}`;
  };
}

/** `body` drawn, then its check character appended by `check`. */
const withCheck =
  (body: Draw, check: (digits: string) => number | string): Draw =>
  (rnd) => {
    const b = body(rnd);
    return b + String(check(b));
  };

/** A GTIN / EAN of `length` digits with its check digit (generators' gtin). */
export const gtinDraw = (length: number): Draw => withCheck(digitRun(length - 1), gtinCheckDigit);

/** A 15-digit IMEI: a reporting-body prefix, twelve digits and the Luhn digit (generators' imei). */
export const imeiDraw = (): Draw =>
  withCheck(joinDraws(pickFrom(IMEI_PREFIXES), digitRun(12)) as Draw, luhnCheckDigit);

/** A US routing number: a Federal Reserve district 01-12, six digits, the ABA check digit. */
export const usRoutingDraw = (): Draw =>
  withCheck(joinDraws(numberText(1, 12, 2), digitRun(6)) as Draw, abaCheckDigit);

/** An ISBN's registrant and publication parts: eight digits split after 2-7 of them (generators' isbnRegistrant). */
export const isbnRegistrantDraw = (): Draw =>
  pickDraw([2, 3, 4, 5, 6, 7].map((n) => joinDraws(digitRun(n), "-", digitRun(8 - n)) as Draw));

/** An ISBN-10 or ISBN-13 (with its GS1 prefix 978/979), with or without `-` between its parts. */
export function isbnDraw(thirteen: boolean, separators: boolean): Draw {
  const gs1 = pickFrom(["978", "979"]);
  const group = pickFrom(["0", "1"]);
  const registrant = isbnRegistrantDraw();
  const sep = separators ? "-" : "";
  return (rnd) => {
    const head = thirteen ? `${gs1(rnd)}${sep}${group(rnd)}` : group(rnd);
    const reg = registrant(rnd);
    const digits = `${head}${reg}`.replaceAll("-", "");
    const check = thirteen ? String(gtinCheckDigit(digits)) : isbn10CheckChar(digits);
    return `${head}${sep}${separators ? reg : reg.replace("-", "")}${sep}${check}`;
  };
}
