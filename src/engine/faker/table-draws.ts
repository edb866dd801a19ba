import { type Draw, joinDraws, pickFrom } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";
import { stripAccents } from "./table-support.ts";

/**
 * Compiled paths of the expression table's own compositions (see table-support.ts for their
 * faker paths): the same text rules, applied to values drawn from the locale data.
 */

/** A username's text: lower case, without apostrophes or spaces (table-support's username). */
const usernameText = (s: string): string => s.toLowerCase().replace(/['\s]/g, "");

/** An e-mail local part without accents, spaces or the characters addresses cannot hold unquoted. */
const emailLocal = (s: string): string => stripAccents(s).replace(/[\s"@,;:<>()[\]\\]/g, "");

/** `first.last` in lower case without apostrophes or spaces, the rule applied to the words once. */
export function usernameDraw(k: LocaleKernels): Draw | undefined {
  const u = k.withText("username", usernameText);
  return joinDraws(u.firstName(), ".", u.lastName());
}

/** `local@domain`: the given local part, else a username; the domain from `domain`. */
export function emailDraw(
  k: LocaleKernels,
  local: string | undefined,
  domain: Draw | undefined,
): Draw | undefined {
  if (local !== undefined) return joinDraws(emailLocal(local), "@", domain);
  const u = k.withText("username", usernameText).withText("email", emailLocal);
  return joinDraws(u.firstName(), ".", u.lastName(), "@", domain);
}

/** A postal code, a US ZIP+4 format giving its first five digits (as the faker path cuts it). */
export const zipCodeDraw = (k: LocaleKernels): Draw | undefined =>
  k.zipCode((format) => format.replace(/^#{5}-#{4}$/, "#####"));

/** Lorem words drawn with `make` from the locale's lorem list. */
export function mapWords(k: LocaleKernels, make: (word: Draw) => Draw): Draw | undefined {
  const word = k.list("lorem.word");
  return word && make(word);
}

/** `count` words and up to `extra` - 1 more, the first capitalised, ending with a full stop. */
export function sentenceDraw(word: Draw, count: number, extra: number): Draw {
  return (rnd) => {
    const total = Math.max(1, count + (extra > 0 ? rnd.int(extra) : 0));
    const first = word(rnd);
    let out = first.charAt(0).toUpperCase() + first.slice(1);
    for (let i = 1; i < total; i++) out += ` ${word(rnd)}`;
    return `${out}.`;
  };
}

/**
 * A whole number from `min` to `max` as text, `width` digits with leading zeros: up to 10,000
 * numbers a pick from their texts (text beside it is then joined to them once), else made.
 */
export function numberText(min: number, max: number, width = 0): Draw {
  const n = max - min + 1;
  if (n > 10_000) return (rnd) => String(min + rnd.int(n)).padStart(width, "0");
  return pickFrom(Array.from({ length: n }, (_, i) => String(min + i).padStart(width, "0")));
}

/** Four numbers 2-255 joined by dots (generators' ipv4). */
export const ipv4Draw = (): Draw | undefined => {
  const part = numberText(2, 255);
  return joinDraws(part, ".", part, ".", part, ".", part);
};

/** A US social security number, area 1-899 but never 666 (665 instead), as generators' ssnValid. */
export const ssnDraw = (): Draw | undefined => {
  const areas = Array.from({ length: 899 }, (_, i) => String(i + 1 === 666 ? 665 : i + 1).padStart(3, "0"));
  return joinDraws(pickFrom(areas), "-", numberText(1, 99, 2), "-", numberText(1, 9999, 4));
};
