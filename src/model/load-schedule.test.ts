import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { durationRows, durationSeconds, loadPatternProblem, stepSchedule } from "./load-schedule.ts";

const schedule = (count: Parameters<typeof stepSchedule>[0], rps?: number, rows = 0) =>
  stepSchedule(count, rps, rows, 'step "s"')!;

/** The schedule of a load pattern of this type and options over `duration`. */
const patterned = (duration: string, type: string, options: Record<string, unknown>) =>
  schedule({ duration, pattern: { type, options } });

describe("load schedules", () => {
  it("reads durations", () => {
    assert.equal(durationSeconds("30s"), 30);
    assert.equal(durationSeconds("5m"), 300);
    assert.equal(durationSeconds("1h"), 3600);
    assert.equal(durationSeconds("250ms"), 0.25);
    assert.equal(durationSeconds("1.5 s"), 1.5);
    assert.equal(durationSeconds("soon"), undefined);
  });

  it("a rate over a duration sends rate x seconds rows, evenly", () => {
    const s = schedule({ duration: "10s", rate: 100 });
    assert.equal(s.totalRows, 1000);
    assert.equal(s.rowsDueBy(0), 1);
    assert.equal(s.rowsDueBy(1), 101);
    assert.equal(s.rowsDueBy(10), 1000);
    assert.equal(s.dueAt(500), 5);
    assert.equal(durationRows({ duration: "10s", rate: 100 }, "s"), 1000);
  });

  it("rateUnit turns per-minute and per-hour rates into per-second ones", () => {
    assert.equal(schedule({ duration: "2m", rate: 600, rateUnit: "minute" }).totalRows, 1200);
    assert.equal(schedule({ duration: "1h", rate: 7200, rateUnit: "1h" }).totalRows, 7200);
  });

  it("records spread over a duration when no rate is given", () => {
    const s = schedule({ duration: "4s", records: 200 });
    assert.equal(s.totalRows, 200);
    assert.equal(s.rateAt(1), 50);
  });

  it("rowsPerSecond paces a fixed count", () => {
    const s = schedule({ records: 50 }, 10, 50);
    assert.equal(s.seconds, 5);
    assert.equal(s.totalRows, 50);
    assert.equal(s.rowsDueBy(2.05), 21);
    assert.equal(stepSchedule({ records: 50 }, undefined, 50, "s"), undefined);
    assert.throws(() => stepSchedule({}, 0, 10, 'step "s"'), /rowsPerSecond is 0/);
  });

  it("a ramp integrates to its mean rate and speeds up", () => {
    const s = patterned("10s", "ramp", { startRate: 10, endRate: 30 });
    assert.equal(s.totalRows, 200);
    assert.equal(s.rateAt(5), 20);
    // The first half sends (10 + 20) / 2 * 5 = 75 rows, the second 125.
    assert.equal(s.rowsDueBy(5 - 1e-9), 75);
    assert.ok(Math.abs(s.dueAt(75) - 5) < 1e-9);
  });

  it("a spike runs at its spike rate for its fraction of the duration", () => {
    const s = patterned("10s", "spike", {
      baseRate: 10,
      spikeRate: 100,
      spikeStart: 0.5,
      spikeDuration: 0.2,
    });
    assert.equal(s.rateAt(4), 10);
    assert.equal(s.rateAt(6), 100);
    assert.equal(s.rateAt(8), 10);
    assert.equal(s.totalRows, 8 * 10 + 2 * 100);
    assert.equal(s.peakRate, 100);
  });

  it("stepped holds each step's rate for its duration, the last to the end", () => {
    const s = patterned("10s", "step", {
      steps: [
        { rate: 10, duration: "2s" },
        { rate: 50, duration: "3s" },
      ],
    });
    assert.equal(s.rateAt(1), 10);
    assert.equal(s.rateAt(3), 50);
    assert.equal(s.rateAt(9), 50);
    assert.equal(s.totalRows, 20 + 8 * 50);
  });

  it("a wave oscillates around its base rate, frequency waves per duration", () => {
    const s = patterned("8s", "sinusoidal", { baseRate: 100, amplitude: 50, frequency: 2 });
    assert.ok(Math.abs(s.rateAt(1) - 150) < 0.1);
    assert.ok(Math.abs(s.rateAt(3) - 50) < 0.1);
    assert.equal(s.totalRows, 800);
  });

  it("breakingPoint raises the rate every interval up to maxRate", () => {
    const s = patterned("10s", "breakingPoint", {
      startRate: 10,
      rateIncrement: 10,
      incrementInterval: "2s",
      maxRate: 30,
    });
    assert.deepEqual(
      [0.5, 2.5, 4.5, 6.5, 9.5].map((t) => s.rateAt(t)),
      [10, 20, 30, 30, 30],
    );
    assert.equal(s.totalRows, 2 * 10 + 2 * 20 + 6 * 30);
  });

  it("due moments and rows due agree for every row", () => {
    const s = patterned("3s", "ramp", { startRate: 0, endRate: 200 });
    for (let k = 1; k < s.totalRows; k++) assert.equal(s.rowsDueBy(s.dueAt(k)), k + 1, `row ${k}`);
  });

  it("says what is wrong with a pattern", () => {
    assert.match(loadPatternProblem("ramp", { startRate: 1 })!, /needs endRate/);
    assert.match(loadPatternProblem("zigzag", {})!, /unknown; use one of constant, ramp/);
    assert.match(
      loadPatternProblem("spike", { baseRate: 1, spikeRate: 2, spikeStart: 2, spikeDuration: 0.1 })!,
      /fractions/,
    );
    assert.match(loadPatternProblem("stepped", { steps: [{ rate: 5 }] })!, /steps\[0\] needs a duration/);
    assert.match(loadPatternProblem("constant", { baseRate: "fast" })!, /baseRate .* must be a number/);
    assert.equal(loadPatternProblem("constant", { baseRate: 5 }), undefined);
    assert.throws(
      () => durationRows({ duration: "5s", pattern: { type: "wave", options: { baseRate: 1 } } }, 'step "w"'),
      (e: Error) => e.message.startsWith('step "w": a wave load pattern needs amplitude, frequency'),
    );
  });
});
