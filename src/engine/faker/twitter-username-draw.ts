import { en, Faker } from "@faker-js/faker";
import { type Draw, joinDraws, pickDraw } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";
import { numberText } from "./table-draws.ts";

/** A Faker that only shows how internet.username writes a character (its transliteration table is not exported). */
let writer: Faker | undefined;
const written = new Map<string, string>();

/**
 * A character beyond ASCII as faker's internet.username writes it: transliterated (Cyrillic,
 * Greek and the other scripts faker knows), else as its code point in base 36. Asked of faker
 * once per character, with a NUL after it: what faker writes before the NUL stands for it.
 */
function usernameChar(c: string): string {
  let out = written.get(c);
  if (out === undefined) {
    writer ??= new Faker({ locale: [en], seed: 1 });
    out = writer.internet.username({ firstName: `${c}\u0000`, lastName: "" }).split("\u0000")[0] ?? "";
    written.set(c, out);
  }
  return out;
}

/**
 * A word of a username as faker's internet.username writes it (accents removed, other
 * characters beyond ASCII as usernameChar gives them, no apostrophes or spaces), then as
 * Twitter's rule keeps it: every run of characters other than letters and digits one underscore.
 */
function twitterText(s: string): string {
  const plain = [...s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")]
    .map((c) => ((c.codePointAt(0) ?? 0) < 128 ? c : usernameChar(c)))
    .join("");
  return plain.replace(/['\s]/g, "").replace(/[^A-Za-z0-9]+/g, "_");
}

/** At most 15 characters, runs of underscores (where words meet) as one, none at the end. */
function twitterCut(name: string): string {
  const s = (name.includes("__") ? name.replace(/_+/g, "_") : name).slice(0, 15);
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 95) end--;
  return end === s.length ? s : s.slice(0, end);
}

/**
 * A Twitter user name (the table's Twitter.userName): one of faker's username forms, first and
 * last name and a number 0-99, first and last name, first name and a number, each as often;
 * its separator (a dot or an underscore) is an underscore under Twitter's rule.
 */
export function twitterUsernameDraw(k: LocaleKernels): Draw | undefined {
  const t = k.withText("twitter", twitterText);
  const first = t.firstName();
  const last = t.lastName();
  const number = numberText(0, 99);
  const forms = [joinDraws(first, "_", last, number), joinDraws(first, "_", last), joinDraws(first, number)];
  if (!forms.every((d) => d !== undefined)) return undefined;
  const name = pickDraw(forms as Draw[]);
  return (rnd) => twitterCut(name(rnd));
}
