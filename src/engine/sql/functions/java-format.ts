/**
 * The subset of Java's printf-style formatting behind `format_string`/`printf`:
 * `%[index$][flags][width][.precision]conversion` with conversions s S d x X o f e E g G c b B n %
 * and flags `-` `0` `+` ` ` `,` `(` `#`. Floating-point values are rounded HALF_UP from their
 * shortest decimal text, as Java does.
 */

import { RowforgeError } from "../../../errors/index.ts";
import type { DataType } from "../../../model/data-type.ts";
import type { SqlValue } from "../sql-contract.ts";
import { compileFormatter } from "../values/format-value.ts";
import { exactDecimalOf, groupThousands, plainParts, rescaleRounded } from "./rounding.ts";

export type FormatPart =
  | string
  | {
      readonly arg: number; // 0-based argument index
      readonly flags: string;
      readonly width: number | undefined;
      readonly precision: number | undefined;
      readonly conversion: string;
    };

const SPEC = /%(\d+\$|<)?([-#+ 0,(]*)(\d+)?(\.\d+)?([a-zA-Z%])/y;
const CONVERSIONS = new Set(Array.from("sSdxXofeEgGcCbBnh%H"));

/**
 * The fewest characters a format makes: its widths, and the digits its precisions ask of
 * floating-point conversions (`%1000000000d` makes at least 10^9). Read before the format is
 * parsed, which pads `%n%` already.
 */
export function formatMinLength(format: string): number {
  let n = 0;
  for (const m of format.matchAll(new RegExp(SPEC.source, "g"))) {
    n += m[3] === undefined ? 0 : Number(m[3]);
    if (m[4] !== undefined && "eEfgG".includes(m[5] ?? "")) n += Number(m[4].slice(1));
  }
  return n;
}

/** Parses a format string; throws Error with a readable message when it is invalid. */
export function parseJavaFormat(format: string): FormatPart[] {
  const parts: FormatPart[] = [];
  let ordinary = 0;
  let previous = -1;
  let lit = "";
  for (let i = 0; i < format.length; ) {
    const c = format[i]!;
    if (c !== "%") {
      lit += c;
      i++;
      continue;
    }
    SPEC.lastIndex = i;
    const m = SPEC.exec(format);
    if (m === null)
      throw new RowforgeError(
        "RF_SQL_INVALID",
        `invalid format specifier at position ${i + 1} of ${JSON.stringify(format)}`,
      );
    i = SPEC.lastIndex;
    const conversion = m[5]!;
    if (!CONVERSIONS.has(conversion))
      throw new RowforgeError("RF_SQL_INVALID", `unknown format conversion %${conversion}`);
    if (conversion === "%" || conversion === "n") {
      const text = conversion === "%" ? "%" : "\n";
      const width = m[3] === undefined ? 0 : Number(m[3]);
      lit += (m[2] ?? "").includes("-") ? text.padEnd(width) : text.padStart(width);
      continue;
    }
    if (lit) parts.push(lit);
    lit = "";
    let arg: number;
    if (m[1] === "<") {
      if (previous < 0)
        throw new RowforgeError("RF_SQL_INVALID", "%< refers to a previous argument, but there is none");
      arg = previous;
    } else if (m[1] !== undefined) arg = Number(m[1].slice(0, -1)) - 1;
    else arg = ordinary++;
    previous = arg;
    parts.push({
      arg,
      flags: m[2] ?? "",
      width: m[3] === undefined ? undefined : Number(m[3]),
      precision: m[4] === undefined ? undefined : Number(m[4].slice(1)),
      conversion,
    });
  }
  if (lit) parts.push(lit);
  return parts;
}

function pad(body: string, width: number | undefined, flags: string): string {
  if (width === undefined || body.length >= width) return body;
  return flags.includes("-") ? body.padEnd(width) : body.padStart(width);
}

/** Applies sign, grouping, zero padding and parentheses to a magnitude string. */
function signed(negative: boolean, magnitude: string, flags: string, width: number | undefined): string {
  let prefix = "";
  let suffix = "";
  if (negative) {
    if (flags.includes("(")) {
      prefix = "(";
      suffix = ")";
    } else prefix = "-";
  } else if (flags.includes("+")) prefix = "+";
  else if (flags.includes(" ")) prefix = " ";
  if (flags.includes("0") && width !== undefined) {
    const room = width - prefix.length - suffix.length;
    if (magnitude.length < room) magnitude = magnitude.padStart(room, "0");
  }
  return pad(prefix + magnitude + suffix, width, flags);
}

const INT_BITS: Readonly<Record<string, number>> = { byte: 8, short: 16, int: 32, long: 64 };

function integerOf(v: SqlValue, t: DataType): bigint | undefined {
  if (t.kind === "decimal") return t.scale === 0 ? (v as bigint) : undefined;
  if (INT_BITS[t.kind] === undefined) return undefined;
  return typeof v === "bigint" ? v : BigInt(v as number);
}

function formatInteger(
  v: bigint,
  bits: number | undefined,
  conversion: string,
  flags: string,
  width: number | undefined,
) {
  if (conversion === "d") {
    const digits = (v < 0n ? -v : v).toString();
    return signed(v < 0n, flags.includes(",") ? groupThousands(digits) : digits, flags, width);
  }
  // Hex and octal show negative fixed-width integers in two's complement, as Java does.
  const base = conversion === "o" ? 8 : 16;
  const negative = v < 0n && bits === undefined;
  const n = v < 0n && bits !== undefined ? BigInt.asUintN(bits, v) : v < 0n ? -v : v;
  let digits = n.toString(base);
  if (flags.includes("#")) digits = (base === 16 ? "0x" : "0") + digits;
  if (flags.includes("0") && width !== undefined) digits = digits.padStart(width - (negative ? 1 : 0), "0");
  const body = (negative ? "-" : "") + digits;
  return pad(conversion === "X" ? body.toUpperCase() : body, width, flags);
}

function formatFloat(
  x: number | { unscaled: bigint; scale: number },
  conversion: string,
  flags: string,
  width: number | undefined,
  precision: number | undefined,
): string {
  if (typeof x === "number" && !Number.isFinite(x)) {
    const text = Number.isNaN(x)
      ? "NaN"
      : x > 0
        ? flags.includes("+")
          ? "+Infinity"
          : "Infinity"
        : flags.includes("(")
          ? "(Infinity)"
          : "-Infinity";
    return pad(text, width, flags);
  }
  const d = typeof x === "number" ? exactDecimalOf(x) : x;
  const negative = d.unscaled < 0n || (typeof x === "number" && Object.is(x, -0));
  const abs = d.unscaled < 0n ? -d.unscaled : d.unscaled;
  const lower = conversion.toLowerCase();
  let body: string;
  if (lower === "f") {
    const p = precision ?? 6;
    const [i, f] = plainParts(rescaleRounded(abs, d.scale, p, "HALF_UP"), p);
    body = (flags.includes(",") ? groupThousands(i) : i) + (p > 0 ? `.${f}` : flags.includes("#") ? "." : "");
  } else {
    let p = precision ?? 6;
    const digits = abs.toString();
    const exponent = abs === 0n ? 0 : digits.length - 1 - d.scale;
    if (lower === "g") {
      if (p === 0) p = 1;
      // Decide between fixed and scientific after rounding to p significant digits.
      const rounded = abs === 0n ? 0n : rescaleRounded(abs, d.scale, p - 1 - exponent, "HALF_UP");
      const rExp = abs === 0n ? 0 : rounded.toString().length - 1 - (p - 1 - exponent);
      if (abs === 0n || (rExp >= -4 && rExp < p)) {
        const scale = p - 1 - rExp;
        const [i, f] = plainParts(rescaleRounded(abs, d.scale, scale, "HALF_UP"), scale);
        body = (flags.includes(",") ? groupThousands(i) : i) + (scale > 0 ? `.${f}` : "");
        return conversion === "G"
          ? signed(negative, body, flags, width).toUpperCase()
          : signed(negative, body, flags, width);
      }
      p -= 1;
    }
    let m = abs === 0n ? 0n : rescaleRounded(abs, d.scale, p - exponent, "HALF_UP");
    let e = exponent;
    if (m.toString().length > p + 1) {
      m /= 10n;
      e += 1;
    }
    const [i, f] = plainParts(m, p);
    const exp = `e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    body = i + (p > 0 ? `.${f}` : "") + exp;
  }
  const out = signed(negative, body, flags, width);
  return conversion === conversion.toUpperCase() ? out.toUpperCase() : out;
}

export interface FormatArg {
  readonly type: DataType;
  readonly format: (v: SqlValue) => string;
}

export const formatArgOf = (type: DataType): FormatArg => ({ type, format: compileFormatter(type) });

/**
 * Formats the arguments; throws Error with a readable message on a mismatch. `fits` sees the
 * length made so far after each part (the budget throws from it).
 */
export function applyJavaFormat(
  parts: readonly FormatPart[],
  args: readonly FormatArg[],
  values: readonly SqlValue[],
  fits: (length: number) => void = () => {},
): string {
  let out = "";
  for (const p of parts) {
    fits(out.length);
    if (typeof p === "string") {
      out += p;
      continue;
    }
    const a = args[p.arg];
    if (a === undefined)
      throw new RowforgeError(
        "RF_SQL_INVALID",
        `the format refers to argument ${p.arg + 1}, but only ${args.length} were given`,
      );
    const v = values[p.arg] ?? null;
    const conv = p.conversion;
    const upper = conv === conv.toUpperCase() && conv !== "%";
    let text: string;
    switch (conv.toLowerCase()) {
      case "b":
        text = v === null ? "false" : a.type.kind === "boolean" ? String(v) : "true";
        break;
      case "s":
      case "h":
        text = v === null ? "null" : a.format(v);
        if (p.precision !== undefined) text = text.slice(0, p.precision);
        break;
      case "c":
        text =
          v === null ? "null" : typeof v === "number" ? String.fromCodePoint(v) : a.format(v).slice(0, 1);
        break;
      case "d":
      case "x":
      case "o": {
        if (v === null) {
          text = "null";
          break;
        }
        const n = integerOf(v, a.type);
        if (n === undefined)
          throw new RowforgeError(
            "RF_SQL_INVALID",
            `%${conv} needs an integer argument, but argument ${p.arg + 1} is ${a.type.kind}`,
          );
        out += formatInteger(n, INT_BITS[a.type.kind], conv, p.flags, p.width);
        continue;
      }
      default: {
        if (v === null) {
          text = "null";
          break;
        }
        if (a.type.kind === "decimal") {
          out += formatFloat(
            { unscaled: v as bigint, scale: a.type.scale },
            conv,
            p.flags,
            p.width,
            p.precision,
          );
        } else if (typeof v === "number" || typeof v === "bigint") {
          out += formatFloat(Number(v), conv, p.flags, p.width, p.precision);
        } else
          throw new RowforgeError(
            "RF_SQL_INVALID",
            `%${conv} needs a number, but argument ${p.arg + 1} is ${a.type.kind}`,
          );
        continue;
      }
    }
    out += pad(upper ? text.toUpperCase() : text, p.width, p.flags);
  }
  fits(out.length);
  return out;
}
