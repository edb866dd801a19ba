import type { PathSegment } from "../../errors/index.ts";
import { entry } from "./helper-scope.ts";
import type { HelperScope } from "./helper-types.ts";
import { isMap, readSwitch, show } from "./raw-value.ts";

export interface TimeRange {
  readonly startSeconds: number;
  readonly endSeconds: number;
}

const DEFAULT_START = "09:00";
const DEFAULT_END = "17:00";
const HH_MM = /^(\d{1,2}):(\d{2})$/;

/** Seconds after midnight of an `H:mm`/`HH:mm` time, or undefined (reported). */
function secondsOf(
  scope: HelperScope,
  v: unknown,
  sub: readonly PathSegment[],
  what: string,
): number | undefined {
  const m = typeof v === "string" ? HH_MM.exec(v.trim()) : null;
  const h = m ? Number(m[1]) : Number.NaN;
  const min = m ? Number(m[2]) : Number.NaN;
  if (h >= 0 && h < 24 && min >= 0 && min < 60) return h * 3600 + min * 60;
  scope.invalid(`${what} must be a time written HH:mm from 00:00 to 23:59, got ${show(v)}`, sub);
  return undefined;
}

type Bounds = readonly [
  start: unknown,
  end: unknown,
  startSub: readonly PathSegment[],
  endSub: readonly PathSegment[],
];

function boundsOf(value: unknown, scope: HelperScope): Bounds | "off" | undefined {
  const sw = readSwitch(value);
  if (sw === "off") return "off";
  if (sw === "default") return [DEFAULT_START, DEFAULT_END, [], []];
  if (isMap(value)) {
    scope.checkKeys(value, ["start", "end"]);
    return [entry(value, "start") ?? DEFAULT_START, entry(value, "end") ?? DEFAULT_END, ["start"], ["end"]];
  }
  if (Array.isArray(value) && value.length === 2) return [value[0], value[1], [0], [1]];
  if (typeof value === "string" && value.includes("-")) {
    const at = value.indexOf("-");
    return [value.slice(0, at), value.slice(at + 1), [], []];
  }
  scope.invalid(`expected {start, end}, a list of two times or "HH:mm-HH:mm", got ${show(value)}`);
  return undefined;
}

/** Reads timeBetween; undefined when switched off. Problems are reported and give 09:00-17:00. */
export function parseTimeRange(value: unknown, scope: HelperScope): TimeRange | undefined {
  const fallback: TimeRange = { startSeconds: 9 * 3600, endSeconds: 17 * 3600 };
  const bounds = boundsOf(value, scope);
  if (bounds === "off") return undefined;
  if (bounds === undefined) return fallback;
  const [s, e, startSub, endSub] = bounds;
  const startSeconds = secondsOf(scope, s, startSub, "start");
  const endSeconds = secondsOf(scope, e, endSub, "end");
  if (startSeconds === undefined || endSeconds === undefined) return fallback;
  if (endSeconds <= startSeconds) {
    scope.invalid(`end ${show(e)} must be after start ${show(s)}`);
    return fallback;
  }
  return { startSeconds, endSeconds };
}
