import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  col,
  lit,
  NULL,
  run,
  runBoth,
  T,
  TEST_NOW_MICROS,
  typeOf,
} from "../../../../test/support/sql/sql-function-kit.ts";
import {
  formatDate,
  formatTimestamp,
  parseDateString,
  parseTimestampString,
} from "../../../util/calendar.ts";
import { compileDatePattern } from "./date-pattern.ts";

const day = (s: string): number => parseDateString(s)!;
const ts = (s: string): number => parseTimestampString(s)!;
const asDate = (v: unknown): string => formatDate(v as number);
const asTs = (v: unknown): string => formatTimestamp(v as number);

describe("date and time parts", () => {
  it("follows the documented examples", () => {
    assert.equal(runBoth("year", ["2016-07-30"]), 2016);
    assert.equal(runBoth("month", ["2016-07-30"]), 7);
    assert.equal(runBoth("day", ["2009-07-30"]), 30);
    assert.equal(runBoth("dayofmonth", ["2009-07-30"]), 30);
    assert.equal(runBoth("dayofweek", ["2009-07-30"]), 5);
    assert.equal(runBoth("weekday", ["2009-07-30"]), 3);
    assert.equal(runBoth("dayofyear", ["2016-04-09"]), 100);
    assert.equal(runBoth("weekofyear", ["2008-02-20"]), 8);
    assert.equal(runBoth("quarter", ["2016-08-31"]), 3);
    assert.equal(runBoth("hour", ["2009-07-30 12:58:59"]), 12);
    assert.equal(runBoth("minute", ["2009-07-30 12:58:59"]), 58);
    assert.equal(runBoth("second", ["2009-07-30 12:58:59"]), 59);
    assert.equal(runBoth("dayname", ["2008-02-20"]), "Wed");
    assert.equal(runBoth("monthname", ["2008-02-20"]), "Feb");
  });
  it("works on date and timestamp values and before 1970", () => {
    assert.equal(run("year", [lit(ts("1969-12-31 23:59:59"), T.timestamp)]), 1969);
    assert.equal(run("hour", [lit(ts("1969-12-31 23:59:59"), T.timestamp)]), 23);
    assert.equal(run("hour", [lit(day("2020-01-01"), T.date)]), 0);
    assert.equal(run("dayofweek", [lit(-1, T.date)]), 4);
    assert.equal(runBoth("weekofyear", ["2021-01-03"]), 53);
    assert.equal(runBoth("weekofyear", ["2024-12-30"]), 1);
    assert.equal(runBoth("year", ["not a date"]), null);
    assert.equal(run("year", [NULL]), null);
    assert.throws(() => run("year", [lit(true)]), /must be date/);
  });
  it("date_part and its fields", () => {
    const t = lit(ts("2019-08-12 01:00:00.123456"), T.timestamp);
    assert.equal(run("date_part", [lit("YEAR"), t]), 2019);
    assert.equal(run("date_part", [lit("week"), t]), 33);
    assert.equal(run("date_part", [lit("doy"), lit(day("2019-08-12"), T.date)]), 224);
    assert.equal(
      run("date_part", [lit("SECONDS"), lit(ts("2019-10-01 00:00:01.000001"), T.timestamp)]),
      1000001n,
    );
    assert.deepEqual(typeOf("date_part", [lit("SECONDS"), t]), T.decimal(8, 6));
    assert.equal(run("datepart", [lit("dow"), t]), 2);
    assert.equal(run("date_part", [lit("dow_iso"), t]), 1);
    assert.equal(run("date_part", [lit("h"), t]), 1);
    assert.throws(() => run("date_part", [lit("fortnight"), t]), /unknown field/);
  });
});

describe("date arithmetic", () => {
  it("follows the documented examples", () => {
    assert.equal(asDate(runBoth("date_add", ["2016-07-30", 1])), "2016-07-31");
    assert.equal(asDate(runBoth("date_sub", ["2016-07-30", 1])), "2016-07-29");
    assert.equal(runBoth("datediff", ["2009-07-31", "2009-07-30"]), 1);
    assert.equal(runBoth("datediff", ["2009-07-30", "2009-07-31"]), -1);
    assert.equal(runBoth("date_diff", ["2009-07-31", "2009-07-30"]), 1);
    assert.equal(asDate(runBoth("dateadd", ["2016-07-30", 2])), "2016-08-01");
    assert.equal(asDate(runBoth("add_months", ["2016-08-31", 1])), "2016-09-30");
    assert.equal(asDate(runBoth("add_months", ["2016-01-31", -11])), "2015-02-28");
    assert.equal(runBoth("months_between", ["1997-02-28 10:30:00", "1996-10-30"]), 3.94959677);
    assert.equal(runBoth("months_between", ["1997-02-28 10:30:00", "1996-10-30", false]), 3.9495967741935485);
    assert.equal(runBoth("months_between", ["2020-02-29", "2020-01-31"]), 1);
    assert.equal(asDate(runBoth("last_day", ["2009-01-12"])), "2009-01-31");
    assert.equal(asDate(runBoth("next_day", ["2015-01-14", "TU"])), "2015-01-20");
    assert.equal(asDate(runBoth("next_day", ["2015-01-14", "wednesday"])), "2015-01-21");
    assert.equal(runBoth("next_day", ["2015-01-14", "xx"]), null);
    assert.equal(asDate(runBoth("make_date", [2013, 7, 15])), "2013-07-15");
    assert.equal(runBoth("make_date", [2019, 13, 1]), null);
    assert.equal(run("make_date", [lit(2019), lit(7), NULL]), null);
    assert.equal(
      asDate(run("date_add", [lit(ts("2016-07-30 23:00:00"), T.timestamp), lit(1)])),
      "2016-07-31",
    );
    assert.deepEqual(typeOf("date_add", [lit("2016-07-30"), lit(1)]), T.date);
  });
  it("make_timestamp", () => {
    const d = T.decimal(16, 6);
    assert.equal(
      asTs(run("make_timestamp", [lit(2014), lit(12), lit(28), lit(6), lit(30), lit(45887000n, d)])),
      "2014-12-28 06:30:45.887",
    );
    assert.equal(
      asTs(run("make_timestamp", [lit(2019), lit(6), lit(30), lit(23), lit(59), lit(60)])),
      "2019-07-01 00:00:00",
    );
    assert.equal(
      asTs(run("make_timestamp", [lit(2019), lit(6), lit(30), lit(23), lit(59), lit(1.5)])),
      "2019-06-30 23:59:01.5",
    );
    assert.equal(run("make_timestamp", [lit(2019), lit(6), lit(30), lit(23), lit(59), lit(60.5)]), null);
    assert.equal(run("make_timestamp", [lit(2019), lit(2), lit(30), lit(0), lit(0), lit(0)]), null);
    assert.equal(
      asTs(run("make_timestamp", [lit(2019), lit(6), lit(30), lit(12), lit(0), lit(0), lit("+02:00")])),
      "2019-06-30 10:00:00",
    );
  });
  it("current_date / current_timestamp / now are the run's reference time", () => {
    assert.equal(run("current_timestamp", []), TEST_NOW_MICROS);
    assert.equal(run("now", []), TEST_NOW_MICROS);
    assert.equal(run("localtimestamp", []), TEST_NOW_MICROS);
    assert.equal(asDate(run("current_date", [])), "2024-03-15");
    assert.equal(asDate(run("curdate", [])), "2024-03-15");
    assert.equal(run("current_timezone", []), "UTC");
  });
});

describe("conversions", () => {
  it("follows the documented examples", () => {
    assert.equal(asDate(runBoth("to_date", ["2009-07-30 04:17:52"])), "2009-07-30");
    assert.equal(asDate(runBoth("to_date", ["2016-12-31", "yyyy-MM-dd"])), "2016-12-31");
    assert.equal(asTs(runBoth("to_timestamp", ["2016-12-31 00:12:00"])), "2016-12-31 00:12:00");
    assert.equal(asTs(runBoth("to_timestamp", ["2016-12-31", "yyyy-MM-dd"])), "2016-12-31 00:00:00");
    assert.equal(runBoth("date_format", ["2016-04-08", "y"]), "2016");
    assert.equal(runBoth("unix_timestamp", ["2016-04-08", "yyyy-MM-dd"]), 1460073600n);
    assert.equal(runBoth("unix_timestamp", ["2016-04-08 00:00:01"]), 1460073601n);
    assert.equal(run("unix_timestamp", []), BigInt(Math.floor(TEST_NOW_MICROS / 1e6)));
    assert.equal(runBoth("to_unix_timestamp", ["2016-04-08", "yyyy-MM-dd"]), 1460073600n);
    assert.equal(runBoth("from_unixtime", [0, "yyyy-MM-dd HH:mm:ss"]), "1970-01-01 00:00:00");
    assert.equal(runBoth("from_unixtime", [0]), "1970-01-01 00:00:00");
    assert.equal(asTs(runBoth("timestamp_seconds", [1230219000])), "2008-12-25 15:30:00");
    assert.equal(asTs(runBoth("timestamp_seconds", [1230219000.123])), "2008-12-25 15:30:00.123");
    assert.equal(asTs(runBoth("timestamp_millis", [1230219000123n])), "2008-12-25 15:30:00.123");
    assert.equal(asTs(runBoth("timestamp_micros", [1230219000123123n])), "2008-12-25 15:30:00.123123");
    const one = lit(ts("1970-01-01 00:00:01Z"), T.timestamp);
    assert.equal(run("unix_seconds", [one]), 1n);
    assert.equal(run("unix_millis", [one]), 1000n);
    assert.equal(run("unix_micros", [one]), 1000000n);
    assert.equal(run("unix_date", [lit(day("1970-01-02"), T.date)]), 1);
    assert.equal(asDate(runBoth("date_from_unix_date", [1])), "1970-01-02");
  });
  it("parses with patterns and gives NULL for text that does not match", () => {
    assert.equal(
      asTs(runBoth("to_timestamp", ["31/12/2016 11:05 PM", "dd/MM/yyyy hh:mm a"])),
      "2016-12-31 23:05:00",
    );
    assert.equal(asTs(runBoth("to_timestamp", ["20161231", "yyyyMMdd"])), "2016-12-31 00:00:00");
    assert.equal(asTs(runBoth("to_timestamp", ["Dec 31 2016", "MMM dd yyyy"])), "2016-12-31 00:00:00");
    assert.equal(
      asTs(runBoth("to_timestamp", ["2016-12-31 10:00:00.5", "yyyy-MM-dd HH:mm:ss.SSS"])),
      "2016-12-31 10:00:00.5",
    );
    assert.equal(
      asTs(runBoth("to_timestamp", ["2016-12-31T10:00:00+02:00", "yyyy-MM-dd'T'HH:mm:ssXXX"])),
      "2016-12-31 08:00:00",
    );
    assert.equal(runBoth("to_date", ["2016-02-30", "yyyy-MM-dd"]), null);
    assert.equal(runBoth("to_date", ["2016-1-1", "yyyy-MM-dd"]), null);
    assert.equal(asDate(runBoth("to_date", ["2016-1-1", "yyyy-M-d"])), "2016-01-01");
    assert.equal(runBoth("to_timestamp", ["2016-12-31 x", "yyyy-MM-dd"]), null);
    assert.equal(runBoth("to_date", ["garbage"]), null);
    assert.equal(
      asDate(run("to_date", [lit(ts("2016-12-31 23:59:59"), T.timestamp), lit("yyyy")])),
      "2016-12-31",
    );
    assert.throws(() => run("to_date", [lit("2016"), lit("YYYY")]), /unsupported letter 'Y'/);
    assert.throws(() => run("to_date", [col("2016"), col("YYYY")]), /unsupported letter 'Y'/);
  });
  it("date_trunc and trunc", () => {
    const t = "2015-03-05T09:32:05.359123";
    assert.equal(asTs(runBoth("date_trunc", ["YEAR", t])), "2015-01-01 00:00:00");
    assert.equal(asTs(runBoth("date_trunc", ["MM", t])), "2015-03-01 00:00:00");
    assert.equal(asTs(runBoth("date_trunc", ["DD", t])), "2015-03-05 00:00:00");
    assert.equal(asTs(runBoth("date_trunc", ["HOUR", t])), "2015-03-05 09:00:00");
    assert.equal(asTs(runBoth("date_trunc", ["MILLISECOND", t])), "2015-03-05 09:32:05.359");
    assert.equal(asTs(runBoth("date_trunc", ["quarter", t])), "2015-01-01 00:00:00");
    assert.equal(asTs(runBoth("date_trunc", ["week", t])), "2015-03-02 00:00:00");
    assert.equal(runBoth("date_trunc", ["decade", t]), null);
    assert.equal(asDate(runBoth("trunc", ["2019-08-04", "week"])), "2019-07-29");
    assert.equal(asDate(runBoth("trunc", ["2019-08-04", "quarter"])), "2019-07-01");
    assert.equal(asDate(runBoth("trunc", ["2009-02-12", "MM"])), "2009-02-01");
    assert.equal(asDate(runBoth("trunc", ["2015-10-27", "YEAR"])), "2015-01-01");
    assert.equal(runBoth("trunc", ["2015-10-27", "DAY"]), null);
  });
  it("from_utc_timestamp / to_utc_timestamp", () => {
    assert.equal(asTs(runBoth("from_utc_timestamp", ["2016-08-31", "Asia/Seoul"])), "2016-08-31 09:00:00");
    assert.equal(asTs(runBoth("to_utc_timestamp", ["2016-08-31", "Asia/Seoul"])), "2016-08-30 15:00:00");
    assert.equal(
      asTs(runBoth("from_utc_timestamp", ["2016-01-31 12:00", "Europe/Paris"])),
      "2016-01-31 13:00:00",
    );
    assert.equal(
      asTs(runBoth("from_utc_timestamp", ["2016-07-31 12:00", "Europe/Paris"])),
      "2016-07-31 14:00:00",
    );
    assert.equal(
      asTs(runBoth("to_utc_timestamp", ["2016-07-31 14:00", "Europe/Paris"])),
      "2016-07-31 12:00:00",
    );
    assert.equal(asTs(runBoth("from_utc_timestamp", ["2016-07-31 12:00", "-05:30"])), "2016-07-31 06:30:00");
    assert.throws(() => runBoth("from_utc_timestamp", ["2016-07-31", "Mars/Base"]), /unknown time zone/);
  });
});

describe("date patterns", () => {
  const t = ts("2024-03-05 14:07:09.123456");
  const fmt = (p: string, at = t): string => compileDatePattern(p).format(at);
  it("formats every supported letter", () => {
    assert.equal(fmt("yyyy-MM-dd HH:mm:ss"), "2024-03-05 14:07:09");
    assert.equal(fmt("yy M d H m s"), "24 3 5 14 7 9");
    assert.equal(fmt("MMM MMMM LLL"), "Mar March Mar");
    assert.equal(fmt("E EEE EEEE u"), "Tue Tue Tuesday 2");
    assert.equal(fmt("D DDD Q QQQ QQQQ"), "65 065 1 Q1 1st quarter");
    assert.equal(fmt("h hh K k a"), "2 02 2 14 PM");
    assert.equal(fmt("hh a", ts("2024-03-05 00:30:00")), "12 AM");
    assert.equal(fmt("S SS SSS SSSSSS SSSSSSSSS"), "1 12 123 123456 123456000");
    assert.equal(fmt("Z ZZZZZ X XXX x xxx z VV O G"), "+0000 Z Z Z +00 +00:00 UTC UTC GMT AD");
    assert.equal(fmt("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"), "2024-03-05T14:07:09.123Z");
    assert.equal(fmt("'It''s' hh 'o''clock'"), "It's 02 o'clock");
    assert.equal(fmt("''"), "'");
    assert.equal(fmt("yyyy[-MM]"), "2024-03");
  });
  it("parses and rejects", () => {
    const p = (pattern: string, text: string): string | null => {
      const r = compileDatePattern(pattern).parse(text);
      return r === null ? null : formatTimestamp(r);
    };
    assert.equal(p("yyyy-MM-dd HH:mm:ss", "2024-03-05 14:07:09"), "2024-03-05 14:07:09");
    assert.equal(p("dd.MM.yy", "05.03.24"), "2024-03-05 00:00:00");
    assert.equal(p("EEE, dd MMM yyyy HH:mm:ss Z", "Tue, 05 Mar 2024 14:07:09 +0100"), "2024-03-05 13:07:09");
    assert.equal(p("yyyy-MM-dd[ HH:mm]", "2024-03-05"), "2024-03-05 00:00:00");
    assert.equal(p("yyyy-MM-dd[ HH:mm]", "2024-03-05 10:30"), "2024-03-05 10:30:00");
    assert.equal(p("yyyy-DDD", "2024-065"), "2024-03-05 00:00:00");
    assert.equal(p("HH:mm", "10:30"), "1970-01-01 10:30:00");
    assert.equal(p("yyyy-MM-dd", "2024-3-05"), null);
    assert.equal(p("yyyy-MM-dd", "2024-13-05"), null);
    assert.equal(p("HH:mm", "24:00"), null);
    assert.equal(p("hh:mm a", "13:00 PM"), null);
    assert.throws(() => compileDatePattern("yyyy-ww"), /unsupported letter 'w'/);
    assert.throws(() => compileDatePattern("'open"), /unclosed quote/);
  });
});
