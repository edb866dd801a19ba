const EMPTY = Buffer.alloc(0);

/** A message part as a Buffer over the same bytes (no copy), as broker clients take it; no part is empty. */
export const partBuffer = (part: Uint8Array | null): Buffer =>
  part === null ? EMPTY : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
