/**
 * Zeroed typed arrays, small ones carved out of shared slabs. A typed array above 64 bytes gets
 * an ArrayBuffer of its own, which costs about a microsecond to allocate (and more for the
 * garbage collector to account for); a view into a slab costs tens of nanoseconds. A 10-row
 * sample makes a dozen such arrays per request, a large batch makes few large ones, which are
 * allocated as before.
 *
 * Views share their slab: code must use byteOffset/byteLength, never the whole `.buffer`, and
 * must not transfer a view's buffer to another thread (batches cross threads as Arrow IPC or
 * encoded bytes, which are separate buffers). A view kept alive keeps its slab (64 KiB) alive.
 */

const SLAB_BYTES = 64 * 1024;
/** Arrays above this many bytes get their own buffer. */
const SMALL_BYTES = 4096;

let slab = new ArrayBuffer(SLAB_BYTES);
let used = 0;

/** A zeroed, 8-byte aligned region of a slab (regions are never handed out twice). */
function carve(bytes: number): number {
  used = (used + 7) & ~7;
  if (used + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    used = 0;
  }
  const at = used;
  used += bytes;
  return at;
}

interface SmallArrayType<T> {
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

function small<T>(Type: SmallArrayType<T>, length: number): T {
  const bytes = length * Type.BYTES_PER_ELEMENT;
  if (bytes > SMALL_BYTES) return new Type(length);
  const at = carve(bytes); // first: carving may start a new slab
  return new Type(slab, at, length);
}

export const float64s = (length: number): Float64Array => small(Float64Array, length);
export const int32s = (length: number): Int32Array => small(Int32Array, length);
export const uint8s = (length: number): Uint8Array => small(Uint8Array, length);
