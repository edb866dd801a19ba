import type { Draw } from "./locale-draw.ts";
import { joinDraws, pickDraw } from "./locale-draw.ts";
import type { LocaleKernels } from "./locale-kernels.ts";
import { numberText } from "./table-draws.ts";

/**
 * A word of a username as faker's internet.username writes it (accents removed, other
 * non-ASCII characters as base-36 code points, no apostrophes or spaces), then as Twitter's
 * rule keeps it: every run of characters other than letters and digits one underscore.
 */
function twitterText(s: string): string {
  const plain = [...s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code < 128 ? c : code.toString(36);
    })
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
