import { RowforgeError } from "../../errors/index.ts";
import type { MessageFrames } from "../messaging/message-frames.ts";

/** A partition number written as ASCII digits (a frame's text part); NaN when it is not one. */
export function partitionOf(u: Uint8Array): number {
  if (u.byteLength === 0 || u.byteLength > 10) return Number.NaN;
  let n = 0;
  for (let k = 0; k < u.byteLength; k++) {
    const d = u[k]! - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/** `row 12 (key "k")`: how a message names a row of the step (`keySlot` -1: no key). */
export function rowName(frames: MessageFrames, row: number, keySlot: number): string {
  const key = keySlot >= 0 ? frames.text(row, keySlot) : null;
  return `row ${frames.firstRow + row}${key === null ? "" : ` (key "${key.slice(0, 80)}")`}`;
}

/** A row's partition field names no partition of its topic: the step cannot send it. */
export const partitionOutOfRange = (
  where: string,
  row: string,
  partition: Uint8Array,
  topic: string,
  partitions: number | undefined,
): RowforgeError =>
  new RowforgeError(
    "RF_VALUE_INVALID",
    `${where}: ${row} has partition ${Buffer.from(partition).toString()}, but topic "${topic}" has partitions 0 to ${(partitions ?? 1) - 1}`,
    {
      hint: "keep the partition field within the topic's partitions (its max option), or add partitions to the topic",
    },
  );
