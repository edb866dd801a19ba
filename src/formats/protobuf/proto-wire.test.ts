import assert from "node:assert/strict";
import { describe, it } from "node:test";
import protobuf from "protobufjs";
import { protobufjsBytes } from "../../../test/support/protobuf-reference.ts";
import { ByteSink } from "../arrow-values/byte-sink.ts";
import {
  beginLen,
  double,
  endLen,
  FIXED32,
  FIXED64,
  fixed32,
  fixed64,
  float,
  int32,
  key,
  LEN,
  lenBytes,
  sint32,
  sint64,
  sintBig,
  tag,
  tagBytes,
  VARINT,
  varint32,
  varint64,
  varintBig,
} from "./proto-wire.ts";

/** What `write` puts into a fresh sink (a small one, so that writes grow it). */
function wire(write: (out: ByteSink) => void): number[] {
  const out = new ByteSink(16);
  write(out);
  return [...out.buf.subarray(0, out.pos)];
}

const ref = (fill: (w: protobuf.Writer) => unknown): number[] => [...protobufjsBytes(fill)];

/** Each of `values` written by `write` is what protobufjs's writer makes of it by `fill`. */
function sameAsReference<T>(
  values: readonly T[],
  write: (out: ByteSink, n: T) => void,
  fill: (w: protobuf.Writer, n: T) => unknown,
): void {
  for (const n of values)
    assert.deepEqual(
      wire((o) => write(o, n)),
      ref((w) => fill(w, n)),
      String(n),
    );
}

const I32_MAX = 2 ** 31 - 1;
const I32_MIN = -(2 ** 31);
const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);

describe("protobuf wire primitives, against protobufjs's writer", () => {
  it("writes unsigned 32-bit varints (uint32)", () => {
    sameAsReference([0, 1, 127, 128, 300, 16_383, 16_384, I32_MAX, 2 ** 31, 2 ** 32 - 1], varint32, (w, n) =>
      w.uint32(n),
    );
    // The specification's example: 150 → 96 01.
    assert.deepEqual(
      wire((o) => varint32(o, 150)),
      [0x96, 0x01],
    );
  });

  it("writes int32: negatives sign-extended to ten bytes", () => {
    sameAsReference([0, 1, -1, I32_MAX, I32_MIN, -300], int32, (w, n) => w.int32(n));
    assert.equal(wire((o) => int32(o, -1)).length, 10);
  });

  it("writes 64-bit varints of numbers (int64/uint64), exact to 2^53, negatives as two's complement", () => {
    for (const n of [
      0,
      1,
      I32_MAX,
      2 ** 32 - 1,
      2 ** 32,
      2 ** 53 - 1,
      2 ** 53,
      2 ** 60,
      -1,
      I32_MIN,
      -(2 ** 53),
    ]) {
      assert.deepEqual(
        wire((o) => varint64(o, n)),
        ref((w) => w.int64(n)),
        String(n),
      );
      if (n >= 0)
        assert.deepEqual(
          wire((o) => varint64(o, n)),
          ref((w) => w.uint64(n)),
          String(n),
        );
    }
    // Fractions truncate toward zero, as protobufjs's LongBits does.
    assert.deepEqual(
      wire((o) => varint64(o, 2.9)),
      [2],
    );
    assert.deepEqual(
      wire((o) => varint64(o, -2.9)),
      ref((w) => w.int64(-2)),
    );
  });

  it("writes 64-bit varints of bigints over the whole int64 and uint64 range", () => {
    sameAsReference(
      [0n, 1n, 2n ** 31n - 1n, 2n ** 53n, 2n ** 53n + 1n, I64_MAX, -1n, I64_MIN],
      varintBig,
      (w, n) => w.int64(n.toString()),
    );
    // uint64's top value has the same bits as int64's -1.
    assert.deepEqual(
      wire((o) => varintBig(o, 2n ** 64n - 1n)),
      wire((o) => varintBig(o, -1n)),
    );
    assert.deepEqual(
      wire((o) => varintBig(o, I64_MAX)),
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
    );
    // A bigint within 2^53 writes what the number writes.
    assert.deepEqual(
      wire((o) => varintBig(o, 2n ** 53n - 1n)),
      wire((o) => varint64(o, 2 ** 53 - 1)),
    );
  });

  it("zigzags sint32 and sint64, negatives included", () => {
    sameAsReference([0, -1, 1, -2, 2, -64, 64, I32_MAX, I32_MIN], sint32, (w, n) => w.sint32(n));
    sameAsReference(
      [0, -1, 1, -2, I32_MAX, I32_MIN, 2 ** 32, -(2 ** 32) - 1, 2 ** 53 - 1, 2 ** 53, -(2 ** 53)],
      sint64,
      (w, n) => w.sint64(n),
    );
    sameAsReference([0n, -1n, 1n, -(2n ** 53n) - 1n, I64_MAX, I64_MIN], sintBig, (w, n) =>
      w.sint64(n.toString()),
    );
    // 0, -1, 1, -2 → 0, 1, 2, 3; int64's extremes take all ten bytes.
    assert.deepEqual(
      wire((o) => {
        for (const n of [0, -1, 1, -2]) sint64(o, n);
      }),
      [0, 1, 2, 3],
    );
    assert.deepEqual(
      wire((o) => sintBig(o, I64_MIN)),
      [...Array(9).fill(0xff), 0x01],
    );
  });

  it("writes fixed32, fixed64, floats and doubles little-endian", () => {
    sameAsReference([0, 1, I32_MAX, 2 ** 32 - 1], fixed32, (w, n) => w.fixed32(n));
    sameAsReference([0, 1, -1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 53)], fixed64, (w, n) => w.sfixed64(n));
    for (const n of [0, -0, 1, -1.5, Math.PI, 5e-324, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.deepEqual(
        wire((o) => double(o, n)),
        ref((w) => w.double(n)),
        `double ${n}`,
      );
      assert.deepEqual(
        wire((o) => float(o, n)),
        ref((w) => w.float(n)),
        `float ${n}`,
      );
    }
    assert.deepEqual(
      wire((o) => double(o, 1)),
      [0, 0, 0, 0, 0, 0, 0xf0, 0x3f],
    );
  });

  it("writes length-delimited bytes: empty, short, past the one-byte length", () => {
    for (const n of [0, 1, 32, 33, 127, 128, 300]) {
      const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 7) & 255);
      assert.deepEqual(
        wire((o) => lenBytes(o, bytes, 0, n)),
        ref((w) => w.bytes(bytes)),
        `${n} bytes`,
      );
    }
    const src = Uint8Array.from([9, 8, 7, 6, 5]);
    assert.deepEqual(
      wire((o) => lenBytes(o, src, 1, 4)),
      [3, 8, 7, 6],
    );
  });

  it("writes keys and tags as protobufjs does, up to the largest field number", () => {
    for (const id of [1, 15, 16, 2047, 2048, 8000, 2 ** 29 - 1])
      for (const type of [VARINT, FIXED64, LEN, FIXED32]) {
        const expected = ref((w) => w.uint32(((id << 3) | type) >>> 0));
        assert.deepEqual([...tagBytes(id, type)], expected, `${id}/${type}`);
        assert.deepEqual(
          wire((o) => key(o, id, type)),
          expected,
          `${id}/${type}`,
        );
        assert.deepEqual(
          wire((o) => tag(o, tagBytes(id, type))),
          expected,
          `${id}/${type}`,
        );
      }
  });

  it("patches in the length of a length-delimited run after its content, widening it as needed", () => {
    for (const n of [0, 1, 127, 128, 16_383, 16_384, 2 ** 21 - 1, 2 ** 21]) {
      const content = Uint8Array.from({ length: n }, (_, k) => k & 255);
      const out = new ByteSink(16);
      out.byte(0x0a);
      const start = beginLen(out);
      out.bytes(content);
      endLen(out, start);
      out.byte(0x10);
      const theirs = protobufjsBytes((w) => w.uint32(0x0a).fork().raw(content).ldelim().uint32(0x10));
      // Compared as buffers: megabyte-long arrays make deepEqual slow.
      assert.ok(Buffer.from(out.buf.subarray(0, out.pos)).equals(theirs), `${n} bytes of content`);
      assert.equal(out.pos, n + 2 + (n < 128 ? 1 : n < 2 ** 14 ? 2 : n < 2 ** 21 ? 3 : 4));
    }
  });

  it("writes a message of every wire shape as protobufjs encodes it, packed fields included", () => {
    const root = protobuf.parse(`syntax = "proto3";
      message Inner { sint64 s = 1; }
      message M {
        int64 a = 1; uint64 b = 2; sint32 c = 3; sint64 d = 4; fixed32 e = 5; sfixed64 f = 6;
        double g = 7; float h = 8; bytes i = 9; Inner j = 10;
        repeated int64 k = 11; repeated sint32 l = 12; repeated double m = 13; int32 n = 2047;
      }`).root;
    const M = root.lookupType("M");
    const longs = [0, 2 ** 31 - 1, -1, 2 ** 53];
    const sints = [-1, 0, 1, I32_MIN];
    const doubles = [0.5, -0, 1e300];
    const expected = M.encode(
      M.fromObject({
        a: I64_MIN.toString(),
        b: (2n ** 64n - 1n).toString(),
        c: -5,
        d: I64_MAX.toString(),
        e: 2 ** 32 - 1,
        f: -2,
        g: -1.25,
        h: 0.5,
        i: new Uint8Array([1, 2, 3]),
        j: { s: -3 },
        k: longs,
        l: sints,
        m: doubles,
        n: -7,
      }),
    ).finish();
    const mine = wire((o) => {
      const run = (id: number, fill: () => void): void => {
        key(o, id, LEN);
        const start = beginLen(o);
        fill();
        endLen(o, start);
      };
      key(o, 1, VARINT);
      varintBig(o, I64_MIN);
      key(o, 2, VARINT);
      varintBig(o, 2n ** 64n - 1n);
      key(o, 3, VARINT);
      sint32(o, -5);
      key(o, 4, VARINT);
      sintBig(o, I64_MAX);
      key(o, 5, FIXED32);
      fixed32(o, 2 ** 32 - 1);
      key(o, 6, FIXED64);
      fixed64(o, -2);
      key(o, 7, FIXED64);
      double(o, -1.25);
      key(o, 8, FIXED32);
      float(o, 0.5);
      key(o, 9, LEN);
      lenBytes(o, new Uint8Array([1, 2, 3]), 0, 3);
      run(10, () => {
        key(o, 1, VARINT);
        sint64(o, -3);
      });
      run(11, () => {
        for (const n of longs) varint64(o, n);
      });
      run(12, () => {
        for (const n of sints) sint32(o, n);
      });
      run(13, () => {
        for (const n of doubles) double(o, n);
      });
      key(o, 2047, VARINT);
      int32(o, -7);
    });
    assert.deepEqual(mine, [...expected]);
  });
});
