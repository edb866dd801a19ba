import { RowforgeError } from "../errors/index.ts";
import type { Count } from "./count.ts";

/**
 * When each row of a paced step is due: a rate (rows per second) over the step's duration,
 * from `count.duration` with `rate`/`rateUnit` or a load `pattern`, or from the step option
 * `rowsPerSecond`. The rate is piecewise linear (load patterns are, a wave is sampled finely),
 * so the rows due by any moment, and the moment any row is due, are exact and cheap.
 */
export interface LoadSchedule {
  /** `rate` (a constant rate) or the load pattern's type. */
  readonly kind: string;
  /** Seconds from the step's start to its end. */
  readonly seconds: number;
  /** Rows the schedule sends: the rate integrated over the duration, rounded. */
  readonly totalRows: number;
  /** The highest rate it asks for. */
  readonly peakRate: number;
  /** The rate (rows per second) asked for at `t` seconds. */
  rateAt(t: number): number;
  /** Rows the rate asks for from the start to `t` seconds (the integral; fractional). */
  expectedBy(t: number): number;
  /** Rows due by `t` seconds (row 0 is due at once): 0 ≤ n ≤ totalRows. */
  rowsDueBy(t: number): number;
  /** The moment (seconds) row `k` (0-based) is due. */
  dueAt(k: number): number;
}

const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/i;
const UNIT_SECONDS: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** Seconds of a duration written like `30s`, `5m`, `1h` or `250ms`, or undefined when it is not one. */
export function durationSeconds(text: string): number | undefined {
  const m = DURATION.exec(text);
  return m ? Number(m[1]) * UNIT_SECONDS[m[2]!.toLowerCase()]! : undefined;
}

/** Seconds per `rateUnit` (second, minute, hour, or `1s`/`1m`/`1h`). */
const RATE_UNIT_SECONDS: Readonly<Record<string, number>> = {
  second: 1,
  s: 1,
  "1s": 1,
  minute: 60,
  m: 60,
  "1m": 60,
  hour: 3600,
  h: 3600,
  "1h": 3600,
};

/** A rate given per `rateUnit`, per second. */
export const ratePerSecond = (rate: number, unit: string | undefined): number =>
  rate / (RATE_UNIT_SECONDS[(unit ?? "second").toLowerCase()] ?? 1);

/** Breakpoints of a piecewise-linear rate: a jump is two points at the same moment. */
interface Breakpoints {
  readonly t: number[];
  readonly r: number[];
}

type Options = Readonly<Record<string, unknown>>;

interface PatternKind {
  /** Its parameters, all required unless listed in `optional`. */
  readonly params: readonly string[];
  readonly optional?: readonly string[];
  /** A problem with its parameters (beyond presence), in the words users read. */
  check?(o: Options): string | undefined;
  build(o: Options, seconds: number): Breakpoints;
}

const num = (o: Options, key: string): number => {
  const v = o[key];
  return typeof v === "number" ? v : Number(v);
};

const flat = (rate: number, seconds: number): Breakpoints => ({ t: [0, seconds], r: [rate, rate] });

/** A step function: rates[i] from times[i] to times[i+1] (the last to `seconds`). */
function steps(times: readonly number[], rates: readonly number[], seconds: number): Breakpoints {
  const t: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < times.length && times[i]! < seconds; i++) {
    const end = Math.min(seconds, times[i + 1] ?? seconds);
    if (end <= times[i]!) continue;
    t.push(times[i]!, end);
    r.push(rates[i]!, rates[i]!);
  }
  return t.length > 0 ? { t, r } : flat(rates[rates.length - 1] ?? 0, seconds);
}

const STEP_DURATION_HINT = "each step is {rate: <rows per second>, duration: <like 30s>}";

/** Data Caterer's load patterns (and the names it also reads for them). */
const PATTERNS: Readonly<Record<string, PatternKind>> = {
  constant: { params: ["baseRate"], build: (o, s) => flat(num(o, "baseRate"), s) },
  ramp: {
    params: ["startRate", "endRate"],
    build: (o, s) => ({ t: [0, s], r: [num(o, "startRate"), num(o, "endRate")] }),
  },
  spike: {
    params: ["baseRate", "spikeRate", "spikeStart", "spikeDuration"],
    check: (o) =>
      [num(o, "spikeStart"), num(o, "spikeDuration")].some((f) => !(f >= 0 && f <= 1))
        ? "spikeStart and spikeDuration are fractions of the duration, from 0 to 1"
        : undefined,
    build(o, s) {
      const a = num(o, "spikeStart") * s;
      const b = Math.min(s, a + num(o, "spikeDuration") * s);
      return steps([0, a, b], [num(o, "baseRate"), num(o, "spikeRate"), num(o, "baseRate")], s);
    },
  },
  stepped: {
    params: ["steps"],
    check(o) {
      const list = o.steps;
      if (!Array.isArray(list) || list.length === 0) return "steps must be a list of at least one step";
      for (const [i, st] of list.entries()) {
        const step = (st ?? {}) as Options;
        if (!(Number(step.rate) >= 0))
          return `steps[${i}] needs a rate of zero or more (${STEP_DURATION_HINT})`;
        if (durationSeconds(String(step.duration ?? "")) === undefined)
          return `steps[${i}] needs a duration like 30s (${STEP_DURATION_HINT})`;
      }
      return undefined;
    },
    build(o, s) {
      const list = o.steps as readonly Options[];
      const times: number[] = [];
      const rates: number[] = [];
      let at = 0;
      for (const st of list) {
        times.push(at);
        rates.push(num(st, "rate"));
        at += durationSeconds(String(st.duration))!;
      }
      // After the last step its rate holds to the end of the duration (as Data Caterer does).
      return steps(times, rates, s);
    },
  },
  wave: {
    params: ["baseRate", "amplitude", "frequency"],
    check: (o) => (num(o, "frequency") > 0 ? undefined : "frequency (waves per duration) must be above 0"),
    build(o, s) {
      const base = num(o, "baseRate");
      const amplitude = num(o, "amplitude");
      const waves = num(o, "frequency");
      // 256 straight pieces per wave: the rows sent differ from the true sine by far under one row.
      const pieces = Math.min(1 << 20, Math.max(64, Math.ceil(waves * 256)));
      const t: number[] = [];
      const r: number[] = [];
      for (let i = 0; i <= pieces; i++) {
        const at = (s * i) / pieces;
        t.push(at);
        r.push(Math.max(0, base + amplitude * Math.sin((2 * Math.PI * waves * at) / s)));
      }
      return { t, r };
    },
  },
  breakingpoint: {
    params: ["startRate", "rateIncrement", "incrementInterval"],
    optional: ["maxRate"],
    check(o) {
      const every = durationSeconds(String(o.incrementInterval));
      if (every === undefined || every <= 0) return "incrementInterval must be a duration like 10s";
      if (o.maxRate !== undefined && num(o, "maxRate") <= num(o, "startRate"))
        return "maxRate must be above startRate";
      return undefined;
    },
    build(o, s) {
      const every = durationSeconds(String(o.incrementInterval))!;
      const max = o.maxRate === undefined ? Number.POSITIVE_INFINITY : num(o, "maxRate");
      const times: number[] = [];
      const rates: number[] = [];
      for (let k = 0; k * every < s && times.length < 100_000; k++) {
        times.push(k * every);
        rates.push(Math.min(max, num(o, "startRate") + k * num(o, "rateIncrement")));
      }
      return steps(times, rates, s);
    },
  },
};

const ALIASES: Readonly<Record<string, string>> = {
  step: "stepped",
  sinusoidal: "wave",
  breaking_point: "breakingpoint",
};

/** Every load pattern type users may write. */
export const LOAD_PATTERN_TYPES: readonly string[] = [...Object.keys(PATTERNS), ...Object.keys(ALIASES)];

const patternOf = (type: string): PatternKind | undefined => {
  const t = type.toLowerCase();
  return PATTERNS[ALIASES[t] ?? t];
};

/** What is wrong with a load pattern's parameters, or undefined when nothing is. */
export function loadPatternProblem(type: string, options: Options): string | undefined {
  const kind = patternOf(type);
  if (!kind) return `load pattern type "${type}" is unknown; use one of ${LOAD_PATTERN_TYPES.join(", ")}`;
  const missing = kind.params.filter((p) => options[p] === undefined || options[p] === null);
  if (missing.length > 0) return `a ${type} load pattern needs ${missing.join(", ")}`;
  for (const p of [...kind.params, ...(kind.optional ?? [])]) {
    if (p === "steps" || p === "incrementInterval" || options[p] === undefined) continue;
    if (!(num(options, p) >= 0)) return `${p} of a ${type} load pattern must be a number of zero or more`;
  }
  return kind.check?.(options);
}

const scheduleError = (where: string, message: string, hint?: string): RowforgeError =>
  new RowforgeError("RF_OPTION_INVALID", `${where}: ${message}`, hint === undefined ? {} : { hint });

/**
 * Rows a step with `count.duration` sends: its rate (or load pattern, or `records` spread over
 * the duration) integrated over the duration; undefined when the count has no duration.
 */
export function durationRows(count: Count, where: string): number | undefined {
  return count.duration === undefined ? undefined : durationSchedule(count, where).totalRows;
}

function durationSchedule(count: Count, where: string): LoadSchedule {
  const seconds = durationSeconds(count.duration ?? "");
  if (seconds === undefined || seconds <= 0)
    throw scheduleError(
      where,
      `count.duration "${count.duration}" is not a duration above zero`,
      "write it like 30s, 5m or 1h",
    );
  if (count.pattern !== undefined) {
    const problem = loadPatternProblem(count.pattern.type, count.pattern.options);
    if (problem !== undefined) throw scheduleError(where, problem);
    const kind = patternOf(count.pattern.type)!;
    return fromBreakpoints(
      count.pattern.type.toLowerCase(),
      kind.build(count.pattern.options, seconds),
      seconds,
    );
  }
  if (count.rate !== undefined)
    return fromBreakpoints("rate", flat(ratePerSecond(count.rate, count.rateUnit), seconds), seconds);
  const records = count.records ?? 1000;
  return fromBreakpoints("rate", flat(records / seconds, seconds), seconds);
}

/**
 * The schedule a paced step follows: its count's duration (rate or pattern), else its
 * `rowsPerSecond` over its `rowCount` rows; undefined when neither asks for pacing.
 */
export function stepSchedule(
  count: Count,
  rowsPerSecond: number | undefined,
  rowCount: number,
  where: string,
): LoadSchedule | undefined {
  if (count.duration !== undefined) return durationSchedule(count, where);
  if (rowsPerSecond === undefined) return undefined;
  if (!(rowsPerSecond > 0))
    throw scheduleError(where, `rowsPerSecond is ${rowsPerSecond}; it must be above zero`);
  const seconds = rowCount / rowsPerSecond;
  return fromBreakpoints("rate", flat(rowsPerSecond, seconds), seconds);
}

function fromBreakpoints(kind: string, bp: Breakpoints, seconds: number): LoadSchedule {
  const { t, r } = bp;
  const n = t.length;
  // Rows due by each breakpoint (trapezoids of the linear pieces).
  const cum = new Float64Array(n);
  for (let i = 1; i < n; i++) cum[i] = cum[i - 1]! + ((r[i - 1]! + r[i]!) / 2) * (t[i]! - t[i - 1]!);
  const total = n > 0 ? Math.round(cum[n - 1]!) : 0;
  /** The last breakpoint at or before x in `values` (ascending). */
  const piece = (values: ArrayLike<number>, x: number): number => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (values[mid]! <= x) lo = mid;
      else hi = mid - 1;
    }
    return Math.min(lo, n - 2);
  };
  const rateAt = (x: number): number => {
    if (n < 2 || x < 0 || x > seconds) return 0;
    const i = piece(t, x);
    const span = t[i + 1]! - t[i]!;
    return span > 0 ? r[i]! + ((r[i + 1]! - r[i]!) * (x - t[i]!)) / span : r[i + 1]!;
  };
  const cumulativeAt = (x: number): number => {
    if (n < 2 || x <= 0) return 0;
    if (x >= seconds) return cum[n - 1]!;
    const i = piece(t, x);
    const span = t[i + 1]! - t[i]!;
    const dx = x - t[i]!;
    const slope = span > 0 ? (r[i + 1]! - r[i]!) / span : 0;
    return cum[i]! + r[i]! * dx + 0.5 * slope * dx * dx;
  };
  return {
    kind,
    seconds,
    totalRows: total,
    peakRate: r.reduce((a, b) => Math.max(a, b), 0),
    rateAt,
    expectedBy: cumulativeAt,
    rowsDueBy: (x) => (x >= seconds ? total : Math.min(total, Math.floor(cumulativeAt(x) + 1e-9) + 1)),
    dueAt(k) {
      if (k <= 0 || n < 2) return 0;
      if (k >= cum[n - 1]!) return seconds;
      const i = piece(cum, k);
      const span = t[i + 1]! - t[i]!;
      const need = k - cum[i]!;
      const r0 = r[i]!;
      const slope = span > 0 ? (r[i + 1]! - r0) / span : 0;
      // Solve r0·dx + slope·dx²/2 = need within the piece.
      const dx =
        Math.abs(slope) < 1e-12
          ? need / (r0 || Number.POSITIVE_INFINITY)
          : (-r0 + Math.sqrt(Math.max(0, r0 * r0 + 2 * slope * need))) / slope;
      return Math.min(seconds, t[i]! + (Number.isFinite(dx) ? dx : span));
    },
  };
}
