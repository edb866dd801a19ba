import type { RowRandom } from "../rng/index.ts";

/**
 * A compiled faker method: one value from the row's draws (the caller has done `rnd.at(row)`),
 * made from locale data without a Faker instance. The building blocks below pick from lists
 * with one draw each and join parts, so a value costs a few hash draws and a concatenation.
 */
export type Draw = (rnd: RowRandom) => string;

/** A draw that always gives `text`; `constantText` tells it from other draws when joining. */
const constants = new WeakMap<Draw, string>();

export function constant(text: string): Draw {
  const draw: Draw = () => text;
  constants.set(draw, text);
  return draw;
}

/** The text of a constant draw, else undefined. */
export const constantText = (draw: Draw): string | undefined => constants.get(draw);

/** One element of a non-empty list, uniformly. */
export function pickFrom(list: readonly string[]): Draw {
  if (list.length === 1) return constant(list[0] ?? "");
  const n = list.length;
  return (rnd) => list[rnd.int(n)] as string;
}

/** One of several draws, uniformly; lists whose draws are all constant become a plain pick. */
export function pickDraw(draws: readonly Draw[]): Draw {
  if (draws.length === 1) return draws[0] as Draw;
  const texts = draws.map(constantText);
  if (texts.every((t) => t !== undefined)) return pickFrom(texts as string[]);
  const n = draws.length;
  return (rnd) => (draws[rnd.int(n)] as Draw)(rnd);
}

/** One of several draws with the given positive weights, like faker's weightedArrayElement. */
export function weightedDraw(items: readonly { readonly weight: number; readonly draw: Draw }[]): Draw {
  if (items.length === 1) return (items[0] as { draw: Draw }).draw;
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, i) => {
    total += item.weight;
    cumulative[i] = total;
  });
  const draws = items.map((i) => i.draw);
  const last = draws.length - 1;
  return (rnd) => {
    const r = rnd.float() * total;
    let i = 0;
    while (i < last && r >= (cumulative[i] as number)) i++;
    return (draws[i] as Draw)(rnd);
  };
}

/** The parts one after the other; adjacent constants are merged first. */
export function concat(parts: readonly Draw[]): Draw {
  const merged: Draw[] = [];
  let text: string | undefined;
  for (const p of parts) {
    const t = constantText(p);
    if (t !== undefined) {
      text = (text ?? "") + t;
      continue;
    }
    if (text !== undefined) merged.push(constant(text));
    text = undefined;
    merged.push(p);
  }
  if (text !== undefined) merged.push(constant(text));
  if (merged.length === 0) return constant("");
  if (merged.length === 1) return merged[0] as Draw;
  if (merged.length === 2) {
    const [a, b] = merged as [Draw, Draw];
    return (rnd) => a(rnd) + b(rnd);
  }
  if (merged.length === 3) {
    const [a, b, c] = merged as [Draw, Draw, Draw];
    return (rnd) => a(rnd) + b(rnd) + c(rnd);
  }
  return (rnd) => {
    let out = "";
    for (const p of merged) out += p(rnd);
    return out;
  };
}

const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/** `count` decimal digits, the first of them 1-9 unless `leadingZero`; one draw per 9 digits. */
export function digitRun(count: number, leadingZero = true): Draw {
  if (count <= 0) return constant("");
  if (count > 9) {
    const head = digitRun(count - 9, leadingZero);
    const tail = digitRun(9, true);
    return (rnd) => head(rnd) + tail(rnd);
  }
  const span = POW10[count] as number;
  if (!leadingZero) {
    const low = span / 10;
    return (rnd) => String(low + rnd.int(span - low));
  }
  return (rnd) => String(rnd.int(span)).padStart(count, "0");
}

/** One digit between `min` and `max`. */
export const digitBetween =
  (min: number, max: number): Draw =>
  (rnd) =>
    String(min + rnd.int(max - min + 1));

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const DIGITS = [..."0123456789"];

/**
 * A format with symbols replaced, as faker's replaceSymbols and phone formats do: `#` a digit
 * (a run of them drawn at once, its first digit 1-9 when `leadingZero` is false), `!` a digit
 * 2-9, `Ø` a digit 1-9, `?` an upper-case letter, `*` a letter or a digit (each half the
 * time). Symbols not listed in `symbols` stay as written.
 */
export function symbolFormat(format: string, symbols: string, leadingZero = true): Draw {
  const parts: Draw[] = [];
  let text = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (!symbols.includes(c)) {
      text += c;
      continue;
    }
    if (text !== "") parts.push(constant(text));
    text = "";
    if (c === "#") {
      let n = 1;
      while (format[i + n] === "#") n++;
      parts.push(digitRun(n, leadingZero));
      i += n - 1;
    } else if (c === "!") parts.push(digitBetween(2, 9));
    else if (c === "Ø") parts.push(digitBetween(1, 9));
    else if (c === "?") parts.push(pickFrom(LETTERS));
    else parts.push(pickDraw([pickFrom(LETTERS), pickFrom(DIGITS)]));
  }
  if (text !== "") parts.push(constant(text));
  return concat(parts);
}

/** The parts one after the other (text as written), or undefined when one of them cannot be compiled. */
export function joinDraws(...parts: readonly (Draw | string | undefined)[]): Draw | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  return concat(parts.map((p) => (typeof p === "string" ? constant(p) : (p as Draw))));
}

/** `count` lower-case hexadecimal digits, eight per draw. */
export function hexRun(count: number): Draw {
  if (count <= 0) return constant("");
  if (count > 8) {
    const head = hexRun(count - 8);
    const tail = hexRun(8);
    return (rnd) => head(rnd) + tail(rnd);
  }
  const shift = 32 - 4 * count;
  return (rnd) => (rnd.u32() >>> shift).toString(16).padStart(count, "0");
}
