import assert from "node:assert/strict";
import { describe, it, test } from "node:test";
import fc from "fast-check";
import {
  civilFromDays,
  civilInto,
  daysFromCivil,
  daysInMonth,
  formatDate,
  formatTimestamp,
  MICROS_PER_DAY,
  MILLIS_PER_DAY,
  parseDateString,
  parseTimestampString,
} from "./calendar.ts";

const utcDays = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / 86_400_000;

describe("daysFromCivil / civilFromDays", () => {
  it("anchors the epoch and known dates", () => {
    assert.equal(daysFromCivil(1970, 1, 1), 0);
    assert.equal(daysFromCivil(1969, 12, 31), -1);
    assert.equal(daysFromCivil(2000, 3, 1), 11017);
    assert.equal(daysFromCivil(2024, 2, 29), 19782);
    assert.deepEqual(civilFromDays(19782), { year: 2024, month: 2, day: 29 });
    assert.deepEqual(civilFromDays(-719528), { year: 0, month: 1, day: 1 });
  });

  it("agrees with Date.UTC and round-trips over a wide range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_000_000, max: 3_000_000 }), (days) => {
        const c = civilFromDays(days);
        assert.equal(daysFromCivil(c.year, c.month, c.day), days);
        assert.ok(c.day >= 1 && c.day <= daysInMonth(c.year, c.month));
        if (c.year >= 100) assert.equal(utcDays(c.year, c.month, c.day), days);
      }),
    );
  });

  it("knows leap years", () => {
    assert.equal(daysInMonth(1900, 2), 28);
    assert.equal(daysInMonth(2000, 2), 29);
    assert.equal(daysInMonth(2023, 2), 28);
    assert.equal(daysInMonth(2023, 4), 30);
  });
});

describe("parseDateString", () => {
  it("accepts Spark's date forms", () => {
    assert.equal(parseDateString("2015-03-18"), utcDays(2015, 3, 18));
    assert.equal(parseDateString("2015"), utcDays(2015, 1, 1));
    assert.equal(parseDateString("2015-3"), utcDays(2015, 3, 1));
    assert.equal(parseDateString("2015-03"), utcDays(2015, 3, 1));
    assert.equal(parseDateString("2015-3-8"), utcDays(2015, 3, 8));
    assert.equal(parseDateString("  2015-03-18 \n"), utcDays(2015, 3, 18));
    assert.equal(parseDateString("2015-03-18T12:34:56"), utcDays(2015, 3, 18));
    assert.equal(parseDateString("2015-03-18 garbage"), utcDays(2015, 3, 18));
    assert.equal(parseDateString("2015-03-18T"), utcDays(2015, 3, 18));
    assert.equal(parseDateString("12345-01-01"), daysFromCivil(12345, 1, 1));
    assert.equal(parseDateString("-0001-01-01"), daysFromCivil(-1, 1, 1));
  });

  it("rejects invalid input with null", () => {
    for (const bad of [
      "",
      "   ",
      "abc",
      "15-03-18",
      "2015-13-01",
      "2015-02-29",
      "2015-00-10",
      "2015-01-00",
      "2015-123-01",
      "2015-01-123",
      "2015-03 x",
      "2015 x",
      "2015-03-18x",
      "2015/03/18",
      "2015--01",
      "12345678-01-01",
    ]) {
      assert.equal(parseDateString(bad), null, bad);
    }
    assert.equal(parseDateString("2016-02-29"), utcDays(2016, 2, 29));
  });
});

describe("parseTimestampString", () => {
  const ms = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, milli = 0): number =>
    Date.UTC(y, mo - 1, d, h, mi, s, milli) * 1000;

  it("parses dates, times, fractions and zones", () => {
    assert.equal(parseTimestampString("2016-12-31"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-31 00:12:00"), ms(2016, 12, 31, 0, 12));
    assert.equal(parseTimestampString("2016-12-31T00:12"), ms(2016, 12, 31, 0, 12));
    assert.equal(parseTimestampString("2016-12-31 23:59:59.5"), ms(2016, 12, 31, 23, 59, 59, 500));
    assert.equal(
      parseTimestampString("2016-12-31 23:59:59.123456789"),
      ms(2016, 12, 31, 23, 59, 59, 123) + 456,
    );
    assert.equal(parseTimestampString("2016-12-31 23:59:59Z"), ms(2016, 12, 31, 23, 59, 59));
    assert.equal(parseTimestampString("2016-12-31T01:00:00+01:00"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-31T01:00:00+0100"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-31T01:00:00 +01"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-30T23:00:00-01:00"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-31 00:00:00 UTC"), ms(2016, 12, 31));
    assert.equal(parseTimestampString("2016-12-31 00:00:00GMT+02:00"), ms(2016, 12, 30, 22));
    assert.equal(parseTimestampString(" 1969-12-31 23:59:59.999999 "), -1);
    assert.equal(parseTimestampString("2016"), ms(2016, 1, 1));
    assert.equal(parseTimestampString("2016-12-31T"), ms(2016, 12, 31));
  });

  it("rejects invalid input with null", () => {
    for (const bad of [
      "",
      "x",
      "2016-12-31 25:00:00",
      "2016-12-31 10:60",
      "2016-12-31 10",
      "2016-12-31 10:00:00 Mars",
      "2016-12-31 10:00:00+25:00",
      "2016-02-30 10:00:00",
      "2016 10:00",
    ]) {
      assert.equal(parseTimestampString(bad), null, bad);
    }
  });
});

describe("formatDate / formatTimestamp", () => {
  it("formats dates", () => {
    assert.equal(formatDate(0), "1970-01-01");
    assert.equal(formatDate(-1), "1969-12-31");
    assert.equal(formatDate(utcDays(2024, 2, 29)), "2024-02-29");
    assert.equal(formatDate(daysFromCivil(12345, 6, 7)), "+12345-06-07");
    assert.equal(formatDate(daysFromCivil(33, 6, 7)), "0033-06-07");
  });

  it("formats timestamps with a trimmed fraction", () => {
    assert.equal(formatTimestamp(0), "1970-01-01 00:00:00");
    assert.equal(formatTimestamp(-1), "1969-12-31 23:59:59.999999");
    assert.equal(formatTimestamp(1_500_000), "1970-01-01 00:00:01.5");
    assert.equal(formatTimestamp(1_000_010), "1970-01-01 00:00:01.00001");
    assert.equal(formatTimestamp(Date.UTC(2016, 11, 31, 13, 5, 9) * 1000), "2016-12-31 13:05:09");
  });

  it("round-trips through the parser", () => {
    fc.assert(
      fc.property(fc.integer({ min: -4_000_000_000_000_000, max: 4_000_000_000_000_000 }), (micros) => {
        assert.equal(parseTimestampString(formatTimestamp(micros)), micros);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (days) => {
        assert.equal(parseDateString(formatDate(days)), days);
      }),
    );
  });
});

test("civilInto and civilFromDays are one algorithm and invert daysFromCivil, across eras and negative days", () => {
  for (let days = -800_000; days <= 800_000; days += 97) {
    const c = civilInto(days);
    const o = civilFromDays(days);
    assert.deepEqual([c[0], c[1], c[2]], [o.year, o.month, o.day]);
    assert.equal(daysFromCivil(o.year, o.month, o.day), days);
  }
  assert.deepEqual(civilFromDays(0), { year: 1970, month: 1, day: 1 });
  assert.deepEqual(civilFromDays(-1), { year: 1969, month: 12, day: 31 });
  assert.deepEqual(civilFromDays(11016), { year: 2000, month: 2, day: 29 });
  assert.equal(MICROS_PER_DAY, 86_400 * 1_000_000);
  assert.equal(MILLIS_PER_DAY * 1000, MICROS_PER_DAY);
});
