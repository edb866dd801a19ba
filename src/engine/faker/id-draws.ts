import { ibanCheckDigits } from "./check-digits.ts";
import { cardSpec, cardText, ibanParts } from "./generators.ts";
import { charRun, type Draw, digitRun, joinDraws, pickDraw } from "./locale-draw.ts";
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

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const UPPER_DIGITS = `${UPPER}0123456789`;

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
