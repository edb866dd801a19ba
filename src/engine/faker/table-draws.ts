import { javaList } from "./java-text.ts";
import { type Draw, joinDraws, pickFrom } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";
import { stripAccents, textPools } from "./table-support.ts";

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

/**
 * A random text of `min`-`max` characters (table-support's randomText): one character of each
 * class asked for, the rest from all of them, shuffled.
 */
export function randomTextDraw(
  min: number,
  max: number,
  upper: boolean,
  special: boolean,
  digit: boolean,
): Draw {
  const pools = textPools(min, max, upper, special, digit);
  const all = pools.join("");
  const span = max - min + 1;
  return (rnd) => {
    const len = min + rnd.int(span);
    const chars: string[] = [];
    for (let i = 0; i < Math.min(pools.length, len); i++) {
      const pool = pools[i] as string;
      chars.push(pool[rnd.int(pool.length)] as string);
    }
    while (chars.length < len) chars.push(all[rnd.int(all.length)] as string);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = rnd.int(i + 1);
      const c = chars[i] as string;
      chars[i] = chars[j] as string;
      chars[j] = c;
    }
    return chars.join("");
  };
}

/** `sentences` sentences and up to two more, each of 3-8 words (the table's paragraph). */
export function paragraphDraw(word: Draw, sentences: number): Draw {
  const sentence = sentenceDraw(word, 3, 6);
  return (rnd) => {
    const count = sentences + rnd.int(3);
    let out = "";
    for (let i = 0; i < count; i++) out += i === 0 ? sentence(rnd) : ` ${sentence(rnd)}`;
    return out;
  };
}

/** `count` draws of `item` as a list rendered `[a, b, c]`. */
export const listDraw =
  (item: Draw, count: number): Draw =>
  (rnd) =>
    javaList(Array.from({ length: count }, () => item(rnd)));

/** Between `min` and `max` different words of `list` in random order, joined by `separator` (faker's arrayElements). */
export function distinctWords(list: readonly string[], min: number, max: number, separator: string): Draw {
  return (rnd) => {
    const count = Math.min(list.length, min + rnd.int(max - min + 1));
    const words = [...list];
    let out = "";
    for (let i = 0; i < count; i++) {
      const j = i + rnd.int(words.length - i);
      const w = words[j] as string;
      words[j] = words[i] as string;
      out += i === 0 ? w : separator + w;
    }
    return out;
  };
}
