import { type Ranges, slotCount } from "./column-writer.ts";
import { ensureCapacity } from "./growable.ts";

/**
 * Appends the valid values of `src` within `ranges` to `dst` from index `at` (growing it) and
 * returns `dst`. Slot i of `src` is element i (Arrow slices fixed-width buffers), validity bit offset + i.
 */
export function copyValid<T extends Int32Array | Float64Array | Float32Array | BigInt64Array | Uint8Array>(
  dst: T,
  at: number,
  src: ArrayLike<number | bigint>,
  offset: number,
  ranges: Ranges,
  bitmap: Uint8Array | null,
): T {
  const n = slotCount(ranges);
  const out = ensureCapacity(dst, at + n);
  const target = out as unknown as {
    [i: number]: number | bigint;
    set(a: ArrayLike<number | bigint>, o: number): void;
  };
  let k = at;
  for (let r = 0; r < ranges.length; r += 2) {
    const start = ranges[r]!;
    const end = ranges[r + 1]!;
    if (bitmap === null) {
      if (src.constructor === out.constructor) {
        target.set((src as unknown as Int32Array).subarray(start, end), k);
        k += end - start;
      } else for (let i = start; i < end; i++) target[k++] = src[i]!;
      continue;
    }
    for (let i = start, bit = offset + start; i < end; i++, bit++) {
      if ((bitmap[bit >> 3]! >> (bit & 7)) & 1) target[k++] = src[i]!;
    }
  }
  return out;
}
