import assert from "node:assert/strict";
import { test } from "node:test";
import { Float32, Float64, makeData } from "apache-arrow";
import fc from "fast-check";
import { ByteSink } from "./byte-sink.ts";
import { jsonWriter } from "./json-renderer.ts";

const decoder = new TextDecoder();

function render(values: Float64Array | Float32Array): string[] {
  const type = values instanceof Float64Array ? new Float64() : new Float32();
  const write = jsonWriter(makeData({ type, length: values.length, data: values }));
  const out: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const sink = new ByteSink(64);
    write(sink, i);
    out.push(decoder.decode(sink.take()));
  }
  return out;
}

/** What a float's JSON text is: its Number::toString text, -0 as -0.0, non-finite values as strings. */
const expected = (x: number) =>
  Object.is(x, -0)
    ? "-0.0"
    : Number.isFinite(x)
      ? String(x)
      : `"${x > 0 ? "Infinity" : x < 0 ? "-Infinity" : "NaN"}"`;

test("floats are written as their shortest round-trip text, for any double", () => {
  const specials = [
    0,
    -0,
    1,
    -1,
    0.1,
    1e21,
    1e-7,
    123e-20,
    5e-324,
    Number.MAX_VALUE,
    Infinity,
    -Infinity,
    NaN,
  ];
  assert.deepEqual(render(Float64Array.from(specials)), specials.map(expected));
  fc.assert(
    fc.property(fc.array(fc.double(), { minLength: 1, maxLength: 50 }), (xs) => {
      assert.deepEqual(render(Float64Array.from(xs)), xs.map(expected));
    }),
    { numRuns: 500 },
  );
  const drawn = Float64Array.from({ length: 5000 }, (_, i) => 1 + ((i * 7919.123456789) % 999));
  assert.deepEqual(render(drawn), [...drawn].map(expected));
  const singles = Float32Array.from([1.5, 0.1, -3.25e-8]);
  assert.deepEqual(render(singles), [...singles].map(expected));
});
