import { domainToASCII } from "node:url";
import type { Faker } from "@faker-js/faker";
import { RowforgeError } from "../../errors/index.ts";
import { MILLIS_PER_DAY } from "../../util/calendar.ts";
import { parseDateArg } from "./java-text.ts";

/**
 * Argument coercion and small generators shared by the expression table. Arguments arrive as
 * the strings the user quoted; a bad one is reported when the expression is compiled, because
 * compilation runs every call once.
 */

function badArg(args: readonly string[], i: number, what: string): RowforgeError {
  return new RowforgeError("RF_VALUE_INVALID", `argument ${i + 1} ("${args[i] ?? ""}") must be ${what}`, {
    hint: `write ${what} in single quotes, for example '10'`,
  });
}

/** A whole-number argument. */
export function intArg(args: readonly string[], i: number): number {
  const s = (args[i] ?? "").trim();
  if (!/^[+-]?\d+$/.test(s)) throw badArg(args, i, "a whole number");
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw badArg(args, i, "a whole number within ±2^53");
  return n;
}

/** A whole-number argument, or `dflt` when it is absent. */
export const intArgOr = (args: readonly string[], i: number, dflt: number): number =>
  i < args.length ? intArg(args, i) : dflt;

/** A decimal-number argument. */
export function numArg(args: readonly string[], i: number): number {
  const s = (args[i] ?? "").trim();
  const n = s === "" ? Number.NaN : Number(s);
  if (!Number.isFinite(n)) throw badArg(args, i, "a number");
  return n;
}

/** True when the argument is a whole number (used to tell overloads apart). */
export const isIntText = (s: string | undefined): boolean => s !== undefined && /^\s*[+-]?\d+\s*$/.test(s);

/** A boolean argument: `true` in any case is true and anything else is false, as users' files expect. */
export const boolArg = (args: readonly string[], i: number, dflt = false): boolean =>
  i < args.length ? (args[i] ?? "").trim().toLowerCase() === "true" : dflt;

const UNIT_MS: Readonly<Record<string, number>> = {
  NANOSECONDS: 1e-6,
  MICROSECONDS: 1e-3,
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: MILLIS_PER_DAY,
};

/** A time unit (`DAYS`, `TimeUnit.HOURS`, `seconds`) as milliseconds per unit. */
export function unitArg(args: readonly string[], i: number): number {
  const raw = (args[i] ?? "").trim();
  const name = raw.slice(raw.lastIndexOf(".") + 1).toUpperCase();
  const ms = UNIT_MS[name] ?? UNIT_MS[`${name}S`];
  if (ms === undefined) {
    throw new RowforgeError("RF_VALUE_INVALID", `"${raw}" is not a time unit`, {
      hint: `use one of ${Object.keys(UNIT_MS).join(", ")}`,
    });
  }
  return ms;
}

/** A date argument (`2024-01-31`, `2024-01-31 12:00:00`, ISO-8601) as epoch milliseconds. */
export function dateArg(args: readonly string[], i: number): number {
  const ms = parseDateArg(args[i] ?? "");
  if (ms === undefined) throw badArg(args, i, "a date such as '2024-01-31' or '2024-01-31 12:00:00'");
  return ms;
}

/** One of `choices` (case-insensitive), returned in upper case. */
export function choiceArg(args: readonly string[], i: number, choices: readonly string[]): string {
  const raw = (args[i] ?? "").trim();
  const v = raw.slice(raw.lastIndexOf(".") + 1).toUpperCase();
  if (!choices.includes(v)) {
    throw new RowforgeError("RF_VALUE_INVALID", `"${raw}" is not one of ${choices.join(", ")}`, {
      hint: `use one of ${choices.join(", ")}`,
    });
  }
  return v;
}

/** The run's "now" in epoch milliseconds. */
export const now = (f: Faker): number => f.defaultRefDate().getTime();

/** A uniformly chosen element. */
export const pick = <T>(f: Faker, list: readonly T[]): T => f.helpers.arrayElement(list);

/** A uniform integer in [min, max]. */
export const between = (f: Faker, min: number, max: number): number => f.number.int({ min, max });

/** `#` becomes a digit, `Ø` a digit 1-9; everything else is kept. */
export function numerify(f: Faker, pattern: string): string {
  let out = "";
  for (const c of pattern) {
    if (c === "#") out += String(f.number.int(9));
    else if (c === "Ø") out += String(f.number.int({ min: 1, max: 9 }));
    else out += c;
  }
  return out;
}

/** `?` becomes a letter, `#` a digit; upper-case letters when `upper`. */
export function bothify(f: Faker, pattern: string, upper = false): string {
  const base = upper ? 65 : 97;
  let out = "";
  for (const c of pattern) {
    if (c === "?") out += String.fromCharCode(base + f.number.int(25));
    else if (c === "#") out += String(f.number.int(9));
    else if (c === "Ø") out += String(f.number.int({ min: 1, max: 9 }));
    else out += c;
  }
  return out;
}

/** `count` random decimal digits. */
export const digits = (f: Faker, count: number): string =>
  f.string.numeric({ length: count, allowLeadingZeros: true });

/** `count` lower-case hexadecimal digits. */
export const hex = (f: Faker, count: number): string =>
  f.string.hexadecimal({ length: count, casing: "lower", prefix: "" });

/** Removes accents (é → e) as e-mail local parts need. */
export const stripAccents = (s: string): string =>
  /[^ -~]/.test(s) ? s.normalize("NFD").replace(/[\u0300-\u036f\u02b0-\u02ff]/g, "") : s;

/** A host-name label from any text: lower case, accents removed, international letters punycoded. */
export function hostLabel(text: string): string {
  const plain = stripAccents(text.toLowerCase()).replace(/['\s]/g, "");
  const ascii = domainToASCII(plain);
  return ascii === "" ? plain.replace(/[^a-z0-9-]/g, "") : ascii;
}

/** The flag emoji of an ISO 3166 alpha-2 code. */
export const flagEmoji = (alpha2: string): string =>
  String.fromCodePoint(...[...alpha2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** A postal code of the locale; a US ZIP+4 gives its first five digits. */
export const zipCode = (f: Faker): string => f.location.zipCode().replace(/^(\d{5})-\d{4}$/, "$1");

/** First name and last name joined by a dot, lower case, without apostrophes or spaces. */
export const username = (f: Faker): string =>
  `${f.person.firstName()}.${f.person.lastName()}`.toLowerCase().replace(/['\s]/g, "");

/**
 * The character classes of a random text: lower-case letters, then upper case, symbols and
 * digits when asked for. An empty length range is an error.
 */
export function textPools(
  min: number,
  max: number,
  upper: boolean,
  special: boolean,
  digit: boolean,
): string[] {
  if (min < 1 || max < min) {
    throw new RowforgeError("RF_RANGE_INVERTED", `text length range ${min}..${max} is empty`, {
      hint: "give a minimum of at least 1 and a maximum not below it",
    });
  }
  const pools = ["abcdefghijklmnopqrstuvwxyz"];
  if (upper) pools.push("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  if (special) pools.push("!@#$%^&*");
  if (digit) pools.push("0123456789");
  return pools;
}

/** A random text of letters (and optionally digits, upper case and symbols), as passwords use. */
export function randomText(
  f: Faker,
  min: number,
  max: number,
  upper: boolean,
  special: boolean,
  digit: boolean,
): string {
  const pools = textPools(min, max, upper, special, digit);
  const len = between(f, min, max);
  // One character from each requested class first, so the rule the caller asked for holds.
  const chars = pools.slice(0, Math.min(pools.length, len)).map((p) => pick(f, [...p]));
  const all = pools.join("");
  while (chars.length < len) chars.push(all[f.number.int(all.length - 1)] ?? "a");
  return f.helpers.shuffle(chars).join("");
}

/** How many moments past and future dates choose among: those strictly inside the span, at least one. */
export const offsetSpan = (atMostMs: number, minimumMs: number): number =>
  Math.max(0, Math.floor(atMostMs - minimumMs) - 2) + 1;

/** A timestamp strictly within (ref - atMost, ref - minimum], as a past date. */
export const pastMs = (f: Faker, ref: number, atMostMs: number, minimumMs = 0): number =>
  ref - minimumMs - 1 - f.number.int(offsetSpan(atMostMs, minimumMs) - 1);

/** A timestamp strictly within [ref + minimum, ref + atMost), as a future date. */
export const futureMs = (f: Faker, ref: number, atMostMs: number, minimumMs = 0): number =>
  ref + minimumMs + 1 + f.number.int(offsetSpan(atMostMs, minimumMs) - 1);

const wordCache = new WeakMap<Faker, Map<string, readonly string[]>>();

/**
 * A word list of the locale data that the typed definitions do not describe (`app.name`,
 * `team.creature`, `cell_phone.formats`), looked up through the locale chain once per Faker.
 */
export function localeWords(f: Faker, category: string, entry: string): readonly string[] {
  let cache = wordCache.get(f);
  if (!cache) {
    cache = new Map();
    wordCache.set(f, cache);
  }
  const key = `${category}.${entry}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const defs: Record<string, unknown> = f.definitions;
  const cat = defs[category];
  const value = typeof cat === "object" && cat !== null ? (cat as Record<string, unknown>)[entry] : undefined;
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string")) {
    throw new RowforgeError("RF_INTERNAL", `locale data "${key}" is missing or is not a word list`);
  }
  cache.set(key, value);
  return value;
}
