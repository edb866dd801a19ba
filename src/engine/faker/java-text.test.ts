import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import {
  formatJavaDate,
  instantText,
  javaDouble,
  javaList,
  localDateText,
  parseDateArg,
  timestampText,
} from "./java-text.ts";

const MS = Date.UTC(2024, 2, 5, 14, 7, 9, 120); // Tue 2024-03-05 14:07:09.120 UTC

describe("java-text", () => {
  it("renders doubles as the JVM does", () => {
    assert.equal(javaDouble(3), "3.0");
    assert.equal(javaDouble(0.25), "0.25");
    assert.equal(javaDouble(-2.5), "-2.5");
    assert.equal(javaDouble(1e7), "1.0E7");
    assert.equal(javaDouble(12345678.9), "1.23456789E7");
    assert.equal(javaDouble(0.0001), "1.0E-4");
    assert.equal(javaDouble(0), "0.0");
    assert.equal(javaDouble(Number.NaN), "NaN");
  });

  it("renders lists with brackets and comma-space", () => {
    assert.equal(javaList(["a", "b"]), "[a, b]");
    assert.equal(javaList([]), "[]");
  });

  it("renders timestamps, instants and dates in UTC", () => {
    assert.equal(timestampText(MS), "2024-03-05 14:07:09.12");
    assert.equal(timestampText(Date.UTC(2024, 0, 1)), "2024-01-01 00:00:00.0");
    assert.equal(timestampText(Date.UTC(2024, 0, 1, 0, 0, 0, 5)), "2024-01-01 00:00:00.005");
    assert.equal(instantText(MS), "2024-03-05T14:07:09.120Z");
    assert.equal(instantText(Date.UTC(2024, 0, 1)), "2024-01-01T00:00:00Z");
    assert.equal(localDateText(MS), "2024-03-05");
  });

  it("formats date patterns", () => {
    assert.equal(formatJavaDate(MS, "yyyy-MM-dd HH:mm:ss"), "2024-03-05 14:07:09");
    assert.equal(formatJavaDate(MS, "yy/M/d h:mm a"), "24/3/5 2:07 PM");
    assert.equal(formatJavaDate(MS, "EEE, dd MMM yyyy"), "Tue, 05 Mar 2024");
    assert.equal(formatJavaDate(MS, "EEEE MMMM D"), "Tuesday March 65");
    assert.equal(formatJavaDate(MS, "yyyy-MM-dd'T'HH:mm:ss.SSSX"), "2024-03-05T14:07:09.120Z");
    assert.equal(formatJavaDate(MS, "'o''clock' HH''"), "o'clock 14'");
  });

  it("rejects pattern letters it cannot format", () => {
    assert.throws(
      () => formatJavaDate(MS, "yyyy-qq"),
      (e) => isRowforgeError(e) && /letter "q"/.test(e.message),
    );
  });

  it("parses date arguments as UTC", () => {
    assert.equal(parseDateArg("2024-03-05"), Date.UTC(2024, 2, 5));
    assert.equal(parseDateArg("2024-03-05 14:07:09"), Date.UTC(2024, 2, 5, 14, 7, 9));
    assert.equal(parseDateArg("2024-03-05T14:07:09.12Z"), Date.UTC(2024, 2, 5, 14, 7, 9, 120));
    assert.equal(parseDateArg("2024-03-05T14:07:09+02:00"), Date.UTC(2024, 2, 5, 12, 7, 9));
    assert.equal(parseDateArg("1709647629000"), 1709647629000);
    assert.equal(parseDateArg("yesterday"), undefined);
  });
});
