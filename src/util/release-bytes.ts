/**
 * Frees the memory of bytes nothing reads any more, now rather than at the next garbage
 * collection: the ArrayBuffer is detached (transferred to an empty one), which releases its
 * backing store. V8 collects dead ArrayBuffers only once tens of MB of them have piled up in a
 * thread, which for multi-MB segments moving through three threads adds up in peak RSS.
 * Only bytes that span their whole buffer are released (a view may share its buffer); the
 * caller guarantees no other view of that buffer is used afterwards.
 */
export function releaseBytes(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  buffer.transfer(0);
}

/** The chunks as one array, each chunk's memory freed once copied (nothing reads them after). */
export function concatReleasing(chunks: readonly Uint8Array[]): Uint8Array {
  const out = Buffer.concat(chunks);
  for (const c of chunks) releaseBytes(c);
  return out;
}
