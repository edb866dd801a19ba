// rowforge-test: alone (a pacer's waits measured in milliseconds)
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stepSchedule } from "../../model/load-schedule.ts";
import { DeliveryMetrics } from "./delivery-metrics.ts";
import { Pacer } from "./pacer.ts";

describe("DeliveryMetrics", () => {
  it("counts sends by the second they went out and answers by the second they came back", () => {
    let now = 1000;
    const schedule = stepSchedule({ duration: "2s", rate: 3 }, undefined, 0, "s")!;
    const m = new DeliveryMetrics(schedule, () => now);
    const a = m.sending(2);
    now += 10;
    m.settled(a, { acknowledged: 2, failed: 0 });
    now = 2100;
    const b = m.sending(3);
    now = 2150;
    m.settled(b, { acknowledged: 1, failed: 2, error: "HTTP 500", statuses: [200, 500, 500] });
    m.settled(b, { acknowledged: 1, failed: 0, latenciesMs: [4] });
    const r = m.report();
    assert.deepEqual([r.sent, r.acknowledged, r.failed], [5, 4, 2]);
    assert.equal(r.errorRate, 2 / 6);
    assert.equal(r.seconds, 1.15);
    assert.deepEqual(
      r.perSecond.map((s) => [s.second, s.target, s.sent, s.acknowledged, s.failed]),
      [
        [0, 3, 2, 2, 0],
        [1, 3, 3, 2, 2],
      ],
    );
    assert.equal(r.perSecond[0]!.latencyMs!.p50, 10);
    assert.equal(r.latencyMs!.max, 50);
    assert.deepEqual(r.responses, { "200": 1, "500": 2 });
    assert.deepEqual(r.errors, [{ message: "HTTP 500", count: 2 }]);
    assert.deepEqual(r.schedule, { kind: "rate", seconds: 2, meanRate: 3, peakRate: 3 });
    assert.deepEqual(m.live(), { sent: 5, acknowledged: 4, failed: 2, rate: 2, p99Ms: 50 });
  });
});

describe("Pacer", () => {
  it("releases rows when they are due, and all that are due at once when behind", async () => {
    const schedule = stepSchedule({ records: 50 }, 100, 50, "s")!;
    const pacer = new Pacer(schedule);
    const t0 = performance.now();
    const at: number[] = [];
    for (let sent = 0; sent < 50; ) {
      const n = await pacer.take(5);
      for (let k = 0; k < n; k++) at.push(performance.now() - t0);
      sent += n;
    }
    const elapsed = performance.now() - t0;
    assert.ok(elapsed >= 480 && elapsed < 800, `${elapsed} ms`);
    // Row k goes out no earlier than k * 10 ms.
    for (const [k, t] of at.entries()) assert.ok(t >= k * 10 - 1, `row ${k} at ${t} ms`);

    const late = new Pacer(stepSchedule({ records: 50 }, 1000, 50, "s")!);
    assert.equal(await late.take(50), 1);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal((await late.take(100)) >= 49, true);
    assert.ok(late.behindSeconds >= 0);
  });

  it("stops waiting when cancelled", async () => {
    const pacer = new Pacer(stepSchedule({ records: 10 }, 0.5, 10, "s")!);
    await pacer.take(1);
    const c = new AbortController();
    setTimeout(() => c.abort(new Error("stop")), 20);
    await assert.rejects(pacer.take(1, c.signal), /stop/);
  });
});
