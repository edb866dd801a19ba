import assert from "node:assert/strict";
import { test } from "node:test";
import { ByteSink } from "./byte-sink.ts";
import { writeDate, writeTimestamp } from "./temporal-bytes.ts";
import { dateText, timestampText } from "./temporal-text.ts";

const DAY = 86_400_000_000;
const text = (write: (out: ByteSink) => void) => {
  const out = new ByteSink(16);
  write(out);
  return Buffer.from(out.take()).toString("latin1");
};

test("dates and timestamps written as bytes read as their text forms, cached days included", () => {
  const days = [
    0,
    -1,
    1,
    59,
    60,
    10956,
    11016,
    2932896,
    2932897,
    -719528,
    -719529,
    -1000000,
    19000,
    19000 + 4096,
  ];
  let s = 7;
  for (let k = 0; k < 20_000; k++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    days.push((s % 2_000_000) - 800_000, 18_000 + (s % 3000));
  }
  for (const d of days) {
    for (let twice = 0; twice < 2; twice++)
      assert.equal(
        text((o) => writeDate(o, d)),
        dateText(d),
        `day ${d}`,
      );
    for (const within of [0, 1, 999, 1000, 59_999_999, 3_600_000_000, DAY - 1, 45_296_789_123]) {
      const micros = d * DAY + within;
      assert.equal(
        text((o) => writeTimestamp(o, micros)),
        timestampText(micros),
        `micros ${micros}`,
      );
    }
  }
});
