import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LatencyHistogram } from "./latency-histogram.ts";

describe("LatencyHistogram", () => {
  it("gives percentiles within 3% and the exact maximum", () => {
    const h = new LatencyHistogram();
    for (let v = 1; v <= 100_000; v++) h.record(v);
    for (const q of [0.5, 0.75, 0.9, 0.95, 0.99]) {
      const got = h.quantile(q);
      assert.ok(Math.abs(got - q * 100_000) / (q * 100_000) < 0.03, `p${q * 100}: ${got}`);
    }
    assert.equal(h.quantile(1), 100_000);
    assert.equal(h.maxMicros, 100_000);
    assert.equal(h.count, 100_000);
  });

  it("is exact for small values and counts repeated ones", () => {
    const h = new LatencyHistogram();
    h.record(7, 99);
    h.record(40);
    assert.equal(h.quantile(0.5), 7);
    assert.equal(h.quantile(0.99), 7);
    assert.equal(h.quantile(1), 40);
    assert.equal(new LatencyHistogram().quantile(0.5), 0);
  });

  it("keeps latencies longer than its range as its largest bucket", () => {
    const h = new LatencyHistogram();
    h.record(5e10);
    assert.equal(h.count, 1);
    assert.equal(h.maxMicros, 5e10);
  });
});
