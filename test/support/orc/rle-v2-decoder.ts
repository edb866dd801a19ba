/**
 * An RLE v2 decoder written from the specification, for the encoder's round-trip tests only
 * (values as bigint so that the whole 64-bit range is checked). Handles all four sub-encodings.
 */
export function decodeRleV2(bytes: Uint8Array, signed: boolean): bigint[] {
  const out: bigint[] = [];
  let pos = 0;
  const byte = (): number => {
    if (pos >= bytes.length) throw new Error("RLE v2 stream ended early");
    return bytes[pos++]!;
  };
  const unzigzag = (u: bigint): bigint => (signed ? (u >> 1n) ^ -(u & 1n) : u);
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = byte();
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if ((b & 0x80) === 0) return result;
    }
  };
  const signedVarint = (): bigint => {
    const u = varint();
    return (u >> 1n) ^ -(u & 1n);
  };
  const decodeWidth = (code: number): number => {
    if (code <= 23) return code + 1;
    return [26, 28, 30, 32, 40, 48, 56, 64][code - 24]!;
  };
  const unpack = (count: number, width: number): bigint[] => {
    const values: bigint[] = [];
    let acc = 0n;
    let bits = 0;
    for (let i = 0; i < count; i++) {
      while (bits < width) {
        acc = (acc << 8n) | BigInt(byte());
        bits += 8;
      }
      const shift = BigInt(bits - width);
      values.push((acc >> shift) & ((1n << BigInt(width)) - 1n));
      acc &= (1n << shift) - 1n;
      bits -= width;
    }
    return values;
  };
  while (pos < bytes.length) {
    const first = byte();
    const kind = first >> 6;
    if (kind === 0) {
      const width = ((first >> 3) & 7) + 1;
      const count = (first & 7) + 3;
      let v = 0n;
      for (let i = 0; i < width; i++) v = (v << 8n) | BigInt(byte());
      for (let i = 0; i < count; i++) out.push(BigInt.asIntN(64, unzigzag(v)));
      continue;
    }
    const length = (((first & 1) << 8) | byte()) + 1;
    const code = (first >> 1) & 0x1f;
    if (kind === 1) {
      for (const u of unpack(length, decodeWidth(code))) out.push(BigInt.asIntN(64, unzigzag(u)));
    } else if (kind === 3) {
      const width = code === 0 ? 0 : decodeWidth(code);
      let value = signed ? signedVarint() : varint();
      const delta = signedVarint();
      out.push(value);
      const deltas =
        width === 0
          ? Array<bigint>(length - 1).fill(delta)
          : [delta, ...unpack(length - 2, width).map((d) => (delta < 0n ? -d : d))];
      for (const d of deltas) {
        value += d;
        out.push(value);
      }
    } else {
      const third = byte();
      const fourth = byte();
      const width = decodeWidth(code);
      const baseBytes = ((third >> 5) & 7) + 1;
      const patchWidth = decodeWidth(third & 0x1f);
      const gapWidth = ((fourth >> 5) & 7) + 1;
      const patches = fourth & 0x1f;
      let base = 0n;
      for (let i = 0; i < baseBytes; i++) base = (base << 8n) | BigInt(byte());
      const signBit = 1n << BigInt(baseBytes * 8 - 1);
      if (base & signBit) base = -(base & ~signBit);
      const data = unpack(length, width);
      const list = unpack(patches, closestFixed(patchWidth + gapWidth));
      let at = 0;
      for (const p of list) {
        at += Number(p >> BigInt(patchWidth));
        const patch = p & ((1n << BigInt(patchWidth)) - 1n);
        data[at] = data[at]! | (patch << BigInt(width));
      }
      for (const d of data) out.push(base + d);
    }
  }
  return out;
}

function closestFixed(n: number): number {
  if (n <= 24) return n;
  for (const w of [26, 28, 30, 32, 40, 48, 56, 64]) if (n <= w) return w;
  return 64;
}
