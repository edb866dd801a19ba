/**
 * Spark's datetime patterns (Java DateTimeFormatter letters) for formatting and parsing in UTC:
 * G y u D M L d Q q E a h K k H m s S V z O X x Z, 'quoted text', '' and [optional] sections.
 * `u` is the ISO day-of-week number (1 = Monday), its meaning in the patterns people carried
 * over from older Spark versions. Parsing is case-insensitive and strict about values (February
 * 30 is rejected), like Spark; numeric fields of one letter take 1+ digits, of two letters exactly
 * two (`yy` is 2000-2099), fractions `S..S` take 1 to n digits.
 */

import { RowforgeError } from "../../../errors/index.ts";
import {
  civilFromDays,
  DAY_NAMES,
  floorDiv,
  MICROS_PER_DAY,
  MICROS_PER_SECOND,
  MONTH_NAMES,
  validDate,
} from "../../../util/calendar.ts";

type Token =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "field"; readonly letter: string; readonly count: number }
  | { readonly kind: "optional"; readonly tokens: readonly Token[] };

const LETTERS = new Set(Array.from("GyuDMLdQqEahKkHmsSVzOXxZ"));
const UNSUPPORTED_HINT: Readonly<Record<string, string>> = {
  Y: "week-based years are not supported; use y",
  w: "week-of-year is not supported in patterns; use weekofyear()",
  W: "week-of-month is not supported",
  e: "localized day-of-week is not supported; use E or u",
  c: "localized day-of-week is not supported; use E or u",
};

/** Splits a pattern into tokens; throws Error with a readable message when it is invalid. */
function tokenize(pattern: string): Token[] {
  const stack: Token[][] = [[]];
  const top = (): Token[] => stack[stack.length - 1]!;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) {
        top().push({ kind: "literal", text: "'" });
        i += 2;
        continue;
      }
      let text = "";
      let j = i + 1;
      for (;;) {
        const q = pattern.indexOf("'", j);
        if (q < 0)
          throw new RowforgeError(
            "RF_SQL_INVALID",
            `unclosed quote in date pattern ${JSON.stringify(pattern)}`,
          );
        text += pattern.slice(j, q);
        if (pattern[q + 1] === "'") {
          text += "'";
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      top().push({ kind: "literal", text });
      continue;
    }
    if (c === "[") {
      stack.push([]);
      i++;
      continue;
    }
    if (c === "]") {
      if (stack.length === 1)
        throw new RowforgeError("RF_SQL_INVALID", `unmatched ] in date pattern ${JSON.stringify(pattern)}`);
      const tokens = stack.pop()!;
      top().push({ kind: "optional", tokens });
      i++;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      if (!LETTERS.has(c)) {
        throw new RowforgeError(
          "RF_SQL_INVALID",
          `unsupported letter '${c}' in date pattern ${JSON.stringify(pattern)}${UNSUPPORTED_HINT[c] ? `: ${UNSUPPORTED_HINT[c]}` : ""}`,
        );
      }
      const count = j - i;
      const max: Readonly<Record<string, number>> = {
        M: 5,
        L: 5,
        E: 5,
        a: 1,
        d: 2,
        D: 3,
        h: 2,
        K: 2,
        k: 2,
        H: 2,
        m: 2,
        s: 2,
        S: 9,
        G: 5,
        Q: 5,
        q: 5,
        u: 1,
        X: 5,
        x: 5,
        Z: 5,
        O: 4,
        z: 4,
        V: 2,
      };
      if (count > (max[c] ?? 19) || (c === "O" && count !== 1 && count !== 4) || (c === "V" && count !== 2)) {
        throw new RowforgeError(
          "RF_SQL_INVALID",
          `too many '${c}' letters in date pattern ${JSON.stringify(pattern)}`,
        );
      }
      top().push({ kind: "field", letter: c, count });
      i = j;
      continue;
    }
    top().push({ kind: "literal", text: c });
    i++;
  }
  if (stack.length > 1)
    throw new RowforgeError("RF_SQL_INVALID", `unclosed [ in date pattern ${JSON.stringify(pattern)}`);
  return stack[0]!;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  dayOfYear: number;
  isoDayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
  micros: number;
}

function fieldsOf(micros: number): Fields {
  const days = floorDiv(micros, MICROS_PER_DAY);
  const inDay = micros - days * MICROS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const secs = Math.floor(inDay / MICROS_PER_SECOND);
  return {
    year,
    month,
    day,
    dayOfYear: days - (validDate(year, 1, 1) ?? 0) + 1,
    isoDayOfWeek: ((((days + 3) % 7) + 7) % 7) + 1,
    hour: Math.floor(secs / 3600),
    minute: Math.floor(secs / 60) % 60,
    second: secs % 60,
    micros: inDay - secs * MICROS_PER_SECOND,
  };
}

const pad = (n: number, w: number): string =>
  n < 0 ? `-${String(-n).padStart(w, "0")}` : String(n).padStart(w, "0");
const ORDINALS = ["1st", "2nd", "3rd", "4th"];

function text(names: readonly string[], index: number, count: number): string {
  const full = names[index]!;
  if (count === 4) return full;
  if (count === 5) return full.slice(0, 1);
  return full.slice(0, 3);
}

function formatField(letter: string, count: number, f: Fields): string {
  switch (letter) {
    case "G":
      return count === 4
        ? f.year > 0
          ? "Anno Domini"
          : "Before Christ"
        : count === 5
          ? f.year > 0
            ? "A"
            : "B"
          : f.year > 0
            ? "AD"
            : "BC";
    case "y": {
      const yoe = f.year > 0 ? f.year : 1 - f.year;
      if (count === 2) return pad(yoe % 100, 2);
      return count >= 4 && yoe > 9999 ? `+${yoe}` : pad(yoe, count);
    }
    case "u":
      return String(f.isoDayOfWeek);
    case "D":
      return pad(f.dayOfYear, count);
    case "M":
    case "L":
      return count >= 3 ? text(MONTH_NAMES, f.month - 1, count) : pad(f.month, count);
    case "d":
      return pad(f.day, count);
    case "Q":
    case "q": {
      const q = Math.floor((f.month - 1) / 3) + 1;
      return count === 3
        ? `Q${q}`
        : count === 4
          ? `${ORDINALS[q - 1]} quarter`
          : count === 5
            ? String(q)
            : pad(q, count);
    }
    case "E":
      return text(DAY_NAMES, f.isoDayOfWeek - 1, count);
    case "a":
      return f.hour < 12 ? "AM" : "PM";
    case "h":
      return pad(f.hour % 12 === 0 ? 12 : f.hour % 12, count);
    case "K":
      return pad(f.hour % 12, count);
    case "k":
      return pad(f.hour === 0 ? 24 : f.hour, count);
    case "H":
      return pad(f.hour, count);
    case "m":
      return pad(f.minute, count);
    case "s":
      return pad(f.second, count);
    case "S":
      return String(f.micros).padStart(6, "0").padEnd(9, "0").slice(0, count);
    case "V":
    case "z":
      return count === 4 ? "Coordinated Universal Time" : "UTC";
    case "O":
      return "GMT";
    case "X":
      return "Z";
    case "x":
      return count === 1 ? "+00" : count === 2 || count === 4 ? "+0000" : "+00:00";
    default: // Z
      return count === 4 ? "GMT" : count === 5 ? "Z" : "+0000";
  }
}

function formatTokens(tokens: readonly Token[], f: Fields): string {
  let out = "";
  for (const t of tokens) {
    if (t.kind === "literal") out += t.text;
    else if (t.kind === "optional") out += formatTokens(t.tokens, f);
    else out += formatField(t.letter, t.count, f);
  }
  return out;
}

interface Parsed {
  year?: number;
  yy?: number;
  month?: number;
  day?: number;
  dayOfYear?: number;
  hour24?: number;
  hour12?: number;
  pm?: boolean;
  minute?: number;
  second?: number;
  micros?: number;
  offsetSeconds?: number;
  bc?: boolean;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Width the numeric fields right after token `i` need when written without separators. */
function reservedWidth(tokens: readonly Token[], i: number): number {
  let w = 0;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (
      t.kind !== "field" ||
      !"yDMLdhKkHmsSu".includes(t.letter) ||
      (t.letter !== "S" && t.count === 1) ||
      ((t.letter === "M" || t.letter === "L") && t.count >= 3)
    )
      break;
    w += t.letter === "S" ? 1 : t.count;
  }
  return w;
}

function matchName(s: string, pos: number, names: readonly string[], count: number): [number, number] | null {
  const lower = s.slice(pos).toLowerCase();
  for (let i = 0; i < names.length; i++) {
    const candidate = text(names, i, count).toLowerCase();
    if (lower.startsWith(candidate)) return [i, pos + candidate.length];
  }
  return null;
}

function parseOffset(s: string, pos: number): [number, number] | null {
  const rest = s.slice(pos);
  const m = /^(?:(UTC|GMT|UT)(?=$|[+-])|Z(?![a-z]))?(?:([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?)?/i.exec(
    rest,
  );
  if (m === null || m[0].length === 0) return null;
  if (m[2] === undefined) return [0, pos + m[0].length];
  const secs = Number(m[3]) * 3600 + Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
  return [m[2] === "-" ? -secs : secs, pos + m[0].length];
}

/** Parses `s` from `pos` with `tokens`; returns the end position or -1. */
function parseTokens(tokens: readonly Token[], s: string, pos: number, p: Parsed): number {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === "literal") {
      if (s.slice(pos, pos + t.text.length).toLowerCase() !== t.text.toLowerCase()) return -1;
      pos += t.text.length;
      continue;
    }
    if (t.kind === "optional") {
      const trial: Parsed = { ...p };
      const end = parseTokens(t.tokens, s, pos, trial);
      if (end >= 0) {
        Object.assign(p, trial);
        pos = end;
      }
      continue;
    }
    const { letter, count } = t;
    if ((letter === "M" || letter === "L") && count >= 3) {
      const m = matchName(s, pos, MONTH_NAMES, count);
      if (m === null) return -1;
      p.month = m[0] + 1;
      pos = m[1];
      continue;
    }
    if (letter === "E") {
      const m = matchName(s, pos, DAY_NAMES, count);
      if (m === null) return -1;
      pos = m[1];
      continue;
    }
    if (letter === "a") {
      const ap = s.slice(pos, pos + 2).toUpperCase();
      if (ap !== "AM" && ap !== "PM") return -1;
      p.pm = ap === "PM";
      pos += 2;
      continue;
    }
    if (letter === "G") {
      const m = /^(AD|BC|Anno Domini|Before Christ)/i.exec(s.slice(pos));
      if (m === null) return -1;
      p.bc = m[1]!.toUpperCase().startsWith("B");
      pos += m[0].length;
      continue;
    }
    if ("VzOXxZ".includes(letter)) {
      const o = parseOffset(s, pos);
      if (o === null) return -1;
      p.offsetSeconds = o[0];
      pos = o[1];
      continue;
    }
    if ((letter === "Q" || letter === "q") && count >= 3) return -1;
    // Numeric fields.
    let digits = 0;
    while (pos + digits < s.length && isDigit(s.charCodeAt(pos + digits))) digits++;
    const fixed =
      letter !== "S" && letter !== "y" && count >= 2 ? count : letter === "y" && count === 2 ? 2 : 0;
    let take: number;
    if (fixed > 0) take = fixed;
    else {
      const minWidth = letter === "y" ? Math.max(1, count) : 1;
      const maxWidth = letter === "S" ? count : 19;
      take = Math.min(maxWidth, Math.max(minWidth, digits - reservedWidth(tokens, i)));
    }
    if (digits < take || take === 0) return -1;
    const raw = s.slice(pos, pos + take);
    const v = Number(raw);
    pos += take;
    switch (letter) {
      case "y":
        if (count === 2) p.yy = v;
        else p.year = v;
        break;
      case "D":
        p.dayOfYear = v;
        break;
      case "M":
      case "L":
        p.month = v;
        break;
      case "d":
        p.day = v;
        break;
      case "H":
        p.hour24 = v;
        break;
      case "k":
        p.hour24 = v === 24 ? 0 : v;
        break;
      case "h":
        p.hour12 = v === 12 ? 0 : v;
        if (v < 1 || v > 12) return -1;
        break;
      case "K":
        p.hour12 = v;
        if (v > 11) return -1;
        break;
      case "m":
        p.minute = v;
        break;
      case "s":
        p.second = v;
        break;
      case "S":
        p.micros = Number(raw.padEnd(6, "0").slice(0, 6));
        break;
      default:
        break; // u, Q: read but not used for resolution
    }
  }
  return pos;
}

function resolve(p: Parsed): number | null {
  let year = p.year ?? (p.yy !== undefined ? 2000 + p.yy : 1970);
  if (p.bc) year = 1 - year;
  let days: number | null;
  if (p.dayOfYear !== undefined && p.month === undefined && p.day === undefined) {
    const start = validDate(year, 1, 1);
    const end = validDate(year, 12, 31);
    if (start === null || end === null || p.dayOfYear < 1 || start + p.dayOfYear - 1 > end) return null;
    days = start + p.dayOfYear - 1;
  } else days = validDate(year, p.month ?? 1, p.day ?? 1);
  if (days === null) return null;
  let hour = p.hour24 ?? 0;
  if (p.hour12 !== undefined) {
    const h = p.hour12 + (p.pm ? 12 : 0);
    if (p.hour24 !== undefined && p.hour24 !== h) return null;
    hour = h;
  } else if (p.pm !== undefined && p.hour24 !== undefined && p.pm !== p.hour24 >= 12) return null;
  const minute = p.minute ?? 0;
  const second = p.second ?? 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const secs = hour * 3600 + minute * 60 + second - (p.offsetSeconds ?? 0);
  return days * MICROS_PER_DAY + secs * MICROS_PER_SECOND + (p.micros ?? 0);
}

export interface DatePattern {
  readonly pattern: string;
  format(micros: number): string;
  /** Microseconds since the epoch, or null when the text does not match the pattern. */
  parse(text: string): number | null;
}

/** Compiles a pattern; throws Error with a readable message when it is invalid. */
export function compileDatePattern(pattern: string): DatePattern {
  const tokens = tokenize(pattern);
  return {
    pattern,
    format: (micros) => formatTokens(tokens, fieldsOf(micros)),
    parse: (s) => {
      const p: Parsed = {};
      const end = parseTokens(tokens, s, 0, p);
      return end === s.length ? resolve(p) : null;
    },
  };
}
