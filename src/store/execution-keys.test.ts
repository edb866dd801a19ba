import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  executionOrderKey,
  executionStatusKey,
  idOfOrderKey,
  orderKeyOfStatusKey,
  statusRange,
} from "./execution-keys.ts";

const key = (ts: string, id = "x"): string => {
  const k = executionOrderKey(ts, id);
  assert.ok(k !== undefined, ts);
  return k;
};

describe("executionOrderKey", () => {
  it("sorts later times before earlier ones in byte order", () => {
    const times = [
      "1969-07-20T20:17:40.000Z",
      "2024-01-01T00:00:00.000Z",
      "2024-01-01T00:00:00.001Z",
      "2025-06-30T23:59:59.999Z",
      "2100-01-01T00:00:00Z",
    ];
    const keys = times.map((t) => key(t));
    const sorted = [...keys].sort();
    assert.deepEqual(sorted, [...keys].reverse());
  });

  it("keeps microseconds after the millisecond in order", () => {
    const a = key("2024-01-01T00:00:00.123456Z");
    const b = key("2024-01-01T00:00:00.123457Z");
    const c = key("2024-01-01T00:00:00.123Z");
    assert.ok(b < a && a < c);
  });

  it("orders equal times by id, ascending", () => {
    assert.ok(key("2024-01-01T00:00:00Z", "a") < key("2024-01-01T00:00:00Z", "b"));
  });

  it("treats an offset as the same instant as UTC", () => {
    assert.equal(key("2024-01-01T01:00:00.000+01:00"), key("2024-01-01T00:00:00.000Z"));
  });

  it("answers undefined for a value that is not a time", () => {
    assert.equal(executionOrderKey("yesterday-ish", "x"), undefined);
  });

  it("gives back the id and the by-time key from index keys, whatever the id holds", () => {
    const orderKey = key("2024-01-01T00:00:00Z", "run!with!bangs");
    assert.equal(idOfOrderKey(orderKey), "run!with!bangs");
    const statusKey = executionStatusKey("failed", orderKey);
    assert.equal(orderKeyOfStatusKey("failed", statusKey), orderKey);
    const range = statusRange("failed");
    assert.ok(statusKey > range.gt && statusKey < range.lt);
    assert.ok(
      !(
        executionStatusKey("success", orderKey) < range.lt &&
        executionStatusKey("success", orderKey) > range.gt
      ),
    );
  });
});
