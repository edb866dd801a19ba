import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandCollect, expandOption, pathsOf } from "../../../test/support/config/expand-helpers.ts";

const ok = (option: string, value: unknown, expected: Record<string, unknown>, type = "date") => {
  const r = expandOption(option, value, type);
  assert.deepEqual(r.reports, [], `no reports for ${option}: ${JSON.stringify(value)}`);
  assert.deepEqual(r.options, expected, `${option}: ${JSON.stringify(value)}`);
};

const hoursSql = (start: number, end: number) =>
  "TIMESTAMP_SECONDS(UNIX_TIMESTAMP(DATE_ADD(CURRENT_DATE(), CAST(RAND() * 30 AS INT))) + " +
  `CAST(RAND() * ${(end - start) * 3600} + ${start * 3600} AS LONG))`;
const betweenSql = (startS: number, endS: number) =>
  `TIMESTAMP_SECONDS(UNIX_TIMESTAMP(CURRENT_DATE()) + CAST(RAND() * ${endS - startS} + ${startS} AS LONG))`;

describe("withinDays", () => {
  it("gives relative bounds, 30 days by default", () => {
    for (const v of ["", null, true, {}, { days: null }])
      ok("withinDays", v, { min: "today-30d", max: "today" });
    ok("withinDays", 7, { min: "today-7d", max: "today" });
    ok("withinDays", "14", { min: "today-14d", max: "today" });
    ok("withinDays", { days: 60 }, { min: "today-60d", max: "today" });
    ok("withinDays", 0, { min: "today", max: "today" });
  });
  it("replaces existing min and max", () => {
    const { out } = expandCollect({
      name: "d",
      type: "date",
      options: { min: "2020-01-01", max: "2020-02-01", withinDays: 5 },
    });
    assert.deepEqual(out[0]?.options, { min: "today-5d", max: "today" });
  });
  it("is switched off by false", () => ok("withinDays", false, {}));
  it("reports negative, fractional and non-numeric days", () => {
    for (const v of [-3, 1.5, "abc", [1]]) {
      const r = expandOption("withinDays", v, "date");
      assert.deepEqual(pathsOf(r.reports), [["options", "withinDays"]], JSON.stringify(v));
      assert.deepEqual(r.options, { min: "today-30d", max: "today" });
    }
    assert.deepEqual(pathsOf(expandOption("withinDays", { days: "x" }).reports), [
      ["options", "withinDays", "days"],
    ]);
  });
});

describe("futureDays", () => {
  it("gives relative bounds, 90 days by default", () => {
    for (const v of ["", null, true, {}]) ok("futureDays", v, { min: "today", max: "today+90d" });
    ok("futureDays", 10, { min: "today", max: "today+10d" });
    ok("futureDays", { days: "45" }, { min: "today", max: "today+45d" });
  });
  it("reports bad values", () => {
    assert.deepEqual(pathsOf(expandOption("futureDays", "soon").reports), [["options", "futureDays"]]);
  });
});

describe("excludeWeekends", () => {
  it("sets dateExcludeWeekends for true, empty and null; nothing for false", () => {
    for (const v of [true, "true", "", null, 1]) ok("excludeWeekends", v, { dateExcludeWeekends: true });
    for (const v of [false, "False", 0]) ok("excludeWeekends", v, {});
  });
  it("combines with withinDays", () => {
    const { out, reports } = expandCollect({
      name: "d",
      type: "date",
      options: { excludeWeekends: true, withinDays: 30 },
    });
    assert.deepEqual(reports, []);
    assert.deepEqual(out[0]?.options, { min: "today-30d", max: "today", dateExcludeWeekends: true });
  });
  it("reports other values", () => {
    assert.deepEqual(pathsOf(expandOption("excludeWeekends", "weekdays").reports), [
      ["options", "excludeWeekends"],
    ]);
  });
});

describe("businessHours", () => {
  it("defaults to 9 to 17", () => {
    for (const v of [true, "", null, {}]) ok("businessHours", v, { sql: hoursSql(9, 17) }, "timestamp");
  });
  it("reads startHour and endHour as numbers or text", () => {
    ok("businessHours", { startHour: 8, endHour: 18 }, { sql: hoursSql(8, 18) }, "timestamp");
    ok("businessHours", { startHour: "7" }, { sql: hoursSql(7, 17) }, "timestamp");
  });
  it("is switched off by false", () => ok("businessHours", false, {}, "timestamp"));
  it("reports hours out of range, inverted ranges and other forms", () => {
    let r = expandOption("businessHours", { startHour: 25 }, "timestamp");
    assert.deepEqual(pathsOf(r.reports), [["options", "businessHours", "startHour"]]);
    assert.deepEqual(r.options, { sql: hoursSql(9, 17) });
    r = expandOption("businessHours", { startHour: 18, endHour: 8 }, "timestamp");
    assert.deepEqual(pathsOf(r.reports), [["options", "businessHours"]]);
    assert.match(r.reports[0]?.message ?? "", /endHour \(8\) must be after startHour \(18\)/);
    assert.deepEqual(pathsOf(expandOption("businessHours", "9-17").reports), [["options", "businessHours"]]);
    assert.deepEqual(pathsOf(expandOption("businessHours", 9).reports), [["options", "businessHours"]]);
  });
});

describe("timeBetween", () => {
  const nineToFive = { sql: betweenSql(9 * 3600, 17 * 3600) };
  it("defaults to 09:00-17:00", () => {
    for (const v of [true, "", null, {}]) ok("timeBetween", v, nineToFive, "timestamp");
  });
  it("accepts a map, a list of two and an 'HH:mm-HH:mm' string", () => {
    const eightThirty = { sql: betweenSql(8 * 3600 + 30 * 60, 12 * 3600) };
    ok("timeBetween", { start: "08:30", end: "12:00" }, eightThirty, "timestamp");
    ok("timeBetween", ["8:30", "12:00"], eightThirty, "timestamp");
    ok("timeBetween", "08:30-12:00", eightThirty, "timestamp");
    ok("timeBetween", " 8:30 - 12:00 ", eightThirty, "timestamp");
    ok("timeBetween", { end: "10:00" }, { sql: betweenSql(9 * 3600, 10 * 3600) }, "timestamp");
  });
  it("reports malformed times at the right path and falls back to 09:00-17:00", () => {
    let r = expandOption("timeBetween", { start: "9am", end: "17:00" }, "timestamp");
    assert.deepEqual(pathsOf(r.reports), [["options", "timeBetween", "start"]]);
    assert.deepEqual(r.options, nineToFive);
    r = expandOption("timeBetween", ["09:00", "24:00"], "timestamp");
    assert.deepEqual(pathsOf(r.reports), [["options", "timeBetween", 1]]);
    r = expandOption("timeBetween", [9, 17], "timestamp");
    assert.deepEqual(pathsOf(r.reports), [
      ["options", "timeBetween", 0],
      ["options", "timeBetween", 1],
    ]);
    r = expandOption("timeBetween", "17:00-09:00", "timestamp");
    assert.deepEqual(pathsOf(r.reports), [["options", "timeBetween"]]);
    assert.match(r.reports[0]?.message ?? "", /must be after start/);
    for (const v of ["noon", ["09:00"], ["09:00", "10:00", "11:00"], 900]) {
      assert.deepEqual(pathsOf(expandOption("timeBetween", v, "timestamp").reports), [
        ["options", "timeBetween"],
      ]);
    }
  });
});
