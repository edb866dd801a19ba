import { RowforgeError } from "../errors/index.ts";

export interface Reference {
  /** The reference time relative dates (`now-1h`, `today-30d`) count from: a Date or ISO 8601 text; default now. */
  readonly now?: Date | string;
}

/** The reference time in microseconds: the one given, else the wall clock (as the CLI's `--now`). */
export function nowMicrosOf(r: Reference): number {
  if (r.now === undefined) return Date.now() * 1000;
  const ms = r.now instanceof Date ? r.now.getTime() : Date.parse(r.now);
  if (!Number.isFinite(ms))
    throw new RowforgeError("RF_OPTION_INVALID", `now "${String(r.now)}" is not a time`, {
      hint: "give a Date or ISO 8601 text such as 2026-01-31T12:00:00Z",
    });
  return ms * 1000;
}
