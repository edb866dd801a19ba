import type { ExecutionStatus } from "./store-records.ts";

/** The largest time a JavaScript Date holds, in ms: createdTs never lies beyond ±this. */
const MAX_MS = 8_640_000_000_000_000n;

/** 17 digits of inverted ms and 3 of inverted microseconds come before the `!` and the id. */
const TIME_WIDTH = 20;

const SUB_MS_DIGITS = /T\d{2}:\d{2}(?::\d{2})?[.,]\d{3}(\d{1,3})/;

/**
 * The key of an execution in the by-time index: the inverted createdTs, fixed width, then the id.
 * LevelDB iterates keys in byte order, so a forward scan yields newest first, and equal times
 * fall back to the id in ascending order. Microseconds after the millisecond, when createdTs
 * carries them, keep runs started within one millisecond apart in order.
 * Answers undefined when createdTs is not a timestamp.
 */
export function executionOrderKey(createdTs: string, id: string): string | undefined {
  const ms = Date.parse(createdTs);
  if (Number.isNaN(ms)) return undefined;
  const subMs = SUB_MS_DIGITS.exec(createdTs)?.[1] ?? "";
  const micros = Number(subMs.padEnd(3, "0"));
  const invertedMs = (MAX_MS - BigInt(ms)).toString().padStart(17, "0");
  const invertedMicros = String(999 - micros).padStart(3, "0");
  return `${invertedMs}${invertedMicros}!${id}`;
}

/** The execution id inside a by-time key. */
export const idOfOrderKey = (orderKey: string): string => orderKey.slice(TIME_WIDTH + 1);

/** The key of an execution in the by-status index: the status, then its by-time key. */
export const executionStatusKey = (status: ExecutionStatus, orderKey: string): string =>
  `${status}!${orderKey}`;

/** The by-time key inside a by-status key. */
export const orderKeyOfStatusKey = (status: ExecutionStatus, statusKey: string): string =>
  statusKey.slice(status.length + 1);

/** The key range of one status in the by-status index ('"' is the byte after '!'). */
export const statusRange = (status: ExecutionStatus): { gt: string; lt: string } => ({
  gt: `${status}!`,
  lt: `${status}"`,
});
