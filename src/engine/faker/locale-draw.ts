import type { RowRandom } from "../rng/index.ts";

/**
 * A compiled faker method: one value from the row's draws (the caller has done `rnd.at(row)`),
 * made from locale data without a Faker instance. The building blocks below pick from lists
 * with one draw each and join parts, so a value costs a few hash draws and a concatenation.
 */
export type Draw = (rnd: RowRandom) => string;

/** A draw that always gives `text`; `constantText` tells it from other draws when joining. */
const constants = new WeakMap<Draw, string>();

/**
 * What a draw that only picks a word is: lists, each chosen with a probability, then one of its
 * words uniformly. Choices among such draws (faker's "this sex's names or the generic ones")
 * merge into one, drawn with one number.
 */
interface Mixture {
  readonly lists: readonly (readonly string[])[];
  readonly weights: readonly number[];
}
const mixtures = new WeakMap<Draw, Mixture>();

/** The parts of a concatenation, so that one inside another is flattened. */
const joined = new WeakMap<Draw, readonly Draw[]>();

export function constant(text: string): Draw {
  const draw: Draw = () => text;
  constants.set(draw, text);
  mixtures.set(draw, { lists: [[text]], weights: [1] });
  return draw;
}

/** The text of a constant draw, else undefined. */
export const constantText = (draw: Draw): string | undefined => constants.get(draw);

const TWO_32 = 4294967296;

/** One element of a non-empty list, uniformly. */
export function pickFrom(list: readonly string[]): Draw {
  if (list.length === 1) return constant(list[0] ?? "");
  const n = list.length;
  const draw: Draw = (rnd) => list[rnd.int(n)] as string;
  mixtures.set(draw, { lists: [list], weights: [1] });
  return draw;
}

/** Thresholds of 32-bit draws for choices of the given weights (the last one is 2^32). */
function thresholds(weights: readonly number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = i === weights.length - 1 ? TWO_32 : Math.floor((sum / total) * TWO_32);
  });
  return out;
}

/** A pick from a mixture of lists with one 32-bit draw: which list, then where in it. */
function mixtureDraw(m: Mixture): Draw {
  if (m.lists.length === 1) return pickFrom(m.lists[0] as readonly string[]);
  const lists = m.lists;
  const limits = thresholds(m.weights);
  const last = lists.length - 1;
  const draw: Draw = (rnd) => {
    const u = rnd.u32();
    let i = 0;
    while (i < last && u >= (limits[i] as number)) i++;
    const low = i === 0 ? 0 : (limits[i - 1] as number);
    const list = lists[i] as readonly string[];
    const j = Math.floor(((u - low) * list.length) / ((limits[i] as number) - low));
    return list[j < list.length ? j : list.length - 1] as string;
  };
  mixtures.set(draw, m);
  return draw;
}

/** Choices among draws that only pick words, as one mixture; undefined when one does more. */
function mergeMixtures(draws: readonly Draw[], weights: readonly number[]): Draw | undefined {
  const parts = draws.map((d) => mixtures.get(d));
  if (parts.some((m) => m === undefined)) return undefined;
  const total = weights.reduce((a, b) => a + b, 0);
  const lists: (readonly string[])[] = [];
  const ws: number[] = [];
  parts.forEach((m, i) => {
    const own = (m as Mixture).weights.reduce((a, b) => a + b, 0);
    (m as Mixture).lists.forEach((list, k) => {
      lists.push(list);
      ws.push(((weights[i] as number) / total) * (((m as Mixture).weights[k] as number) / own));
    });
  });
  return mixtureDraw({ lists, weights: ws });
}

/** One of several draws, uniformly; choices among word picks become one pick. */
export function pickDraw(draws: readonly Draw[]): Draw {
  if (draws.length === 1) return draws[0] as Draw;
  const texts = draws.map(constantText);
  if (texts.every((t) => t !== undefined)) return pickFrom(texts as string[]);
  const merged = mergeMixtures(
    draws,
    draws.map(() => 1),
  );
  if (merged) return merged;
  const n = draws.length;
  return (rnd) => (draws[rnd.int(n)] as Draw)(rnd);
}

/** One of several draws with the given positive weights, like faker's weightedArrayElement. */
export function weightedDraw(items: readonly { readonly weight: number; readonly draw: Draw }[]): Draw {
  if (items.length === 1) return (items[0] as { draw: Draw }).draw;
  const draws = items.map((i) => i.draw);
  const merged = mergeMixtures(
    draws,
    items.map((i) => i.weight),
  );
  if (merged) return merged;
  const limits = thresholds(items.map((i) => i.weight));
  const last = draws.length - 1;
  return (rnd) => {
    const u = rnd.u32();
    let i = 0;
    while (i < last && u >= (limits[i] as number)) i++;
    return (draws[i] as Draw)(rnd);
  };
}

/** Words of mixtures up to this many are copied with text around them (see concat). */
const MAX_AFFIXED_WORDS = 20_000;

/** A word pick with `before` and `after` joined to each of its words, or undefined. */
function affixed(draw: Draw, before: string, after: string): Draw | undefined {
  const m = mixtures.get(draw);
  if (m === undefined || constants.has(draw)) return undefined;
  if (m.lists.reduce((n, l) => n + l.length, 0) > MAX_AFFIXED_WORDS) return undefined;
  return mixtureDraw({ lists: m.lists.map((l) => l.map((w) => before + w + after)), weights: m.weights });
}

/**
 * The parts one after the other. Nested concatenations are flattened, adjacent texts merged,
 * and a text beside a word pick is joined to its words once (`first.` + `last@` + domain), so a
 * value is made with as few joins as possible.
 */
export function concat(parts: readonly Draw[]): Draw {
  const items: Draw[] = [];
  let text: string | undefined;
  for (const p of parts.flatMap((d) => joined.get(d) ?? [d])) {
    const t = constantText(p);
    if (t !== undefined) {
      text = (text ?? "") + t;
      continue;
    }
    if (text !== undefined) items.push(constant(text));
    text = undefined;
    items.push(p);
  }
  if (text !== undefined) items.push(constant(text));
  const merged: Draw[] = [];
  for (let i = 0; i < items.length; i++) {
    const p = items[i] as Draw;
    const t = constantText(p);
    const next = items[i + 1];
    const prev = merged.at(-1);
    const into = t === undefined || next === undefined ? undefined : affixed(next, t, "");
    const onto = t === undefined || into || prev === undefined ? undefined : affixed(prev, "", t);
    if (into) {
      merged.push(into);
      i++;
    } else if (onto) merged[merged.length - 1] = onto;
    else merged.push(p);
  }
  if (merged.length === 0) return constant("");
  if (merged.length === 1) return merged[0] as Draw;
  const draw = joinedDraw(merged);
  joined.set(draw, merged);
  return draw;
}

/**
 * The parts' values as one string. `a + b` of 13 characters or more makes a rope (a V8 cons
 * string), which writers then read character by character more slowly than a flat string
 * (the NDJSON writer about 0.3 us a row more on W1); Array#join makes the flat string at once.
 * Shorter results are flat either way, and `+` is cheaper for them. The parts are drawn before
 * `scratch` is filled, so a part that joins its own parts does not overwrite it.
 */
function joinedDraw(merged: readonly Draw[]): Draw {
  const scratch: string[] = [];
  const joinParts = (): string => scratch.join("");
  if (merged.length === 2) {
    const [a, b] = merged as [Draw, Draw];
    return (rnd) => {
      const x = a(rnd);
      const y = b(rnd);
      if (x.length + y.length < 13) return x + y;
      scratch[0] = x;
      scratch[1] = y;
      return joinParts();
    };
  }
  if (merged.length === 3) {
    const [a, b, c] = merged as [Draw, Draw, Draw];
    return (rnd) => {
      const x = a(rnd);
      const y = b(rnd);
      const z = c(rnd);
      if (x.length + y.length + z.length < 13) return x + y + z;
      scratch[0] = x;
      scratch[1] = y;
      scratch[2] = z;
      return joinParts();
    };
  }
  return (rnd) => merged.map((p) => p(rnd)).join("");
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

/** The parts one after the other with `separator` between them (text as written). */
export const joinWith = (separator: string, parts: readonly (Draw | string)[]): Draw =>
  concat(
    parts
      .flatMap((p, i) => (i === 0 ? [p] : [separator, p]))
      .map((p) => (typeof p === "string" ? constant(p) : p)),
  );

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

/** `count` characters of `alphabet`, each uniformly (faker's string.alpha / alphanumeric). */
export function charRun(alphabet: string, count: number): Draw {
  if (count <= 0) return constant("");
  const n = alphabet.length;
  return (rnd) => {
    let out = "";
    for (let i = 0; i < count; i++) out += alphabet[rnd.int(n)];
    return out;
  };
}
