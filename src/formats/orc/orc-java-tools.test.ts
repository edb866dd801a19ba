import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type OrcJava, orcJava } from "../../../test/support/orc/orc-readers.ts";
import { batchOf, decimalString, type TestField } from "../../../test/support/orc/orc-test-data.ts";
import { everyTypeFields, volumeFields } from "../../../test/support/orc/sample-fields.ts";
import { encodeOrc, writeTemp } from "../../../test/support/orc/write-orc.ts";

interface JavaStats {
  columnId: number;
  count: number;
  hasNull: boolean;
  min?: number | string;
  max?: number | string;
  sum?: number | string;
  totalLength?: number;
  trueCount?: number;
  falseCount?: number;
}

interface JavaMeta {
  numberOfRows: number;
  compression: string;
  schemaString: string;
  writerVersion: string;
  softwareVersion: string;
  fileStatistics: JavaStats[];
  stripes: {
    stripeInformation: { rowCount: number };
    encodings: { columnId: number; kind: string; dictionarySize?: number }[];
  }[];
}

async function meta(java: OrcJava, path: string): Promise<JavaMeta> {
  const out = await java.run(["meta", "-j", path]);
  return parseJavaJson(out.slice(out.indexOf("{"))) as JavaMeta;
}

/** JSON as the Java tools print it, where non-finite doubles are bare NaN / Infinity tokens. */
function parseJavaJson(text: string): unknown {
  return JSON.parse(text.replace(/(?<=[:,[])(NaN|-?Infinity)(?=[,\]}])/g, '"$1"'));
}

function present<V>(f: TestField): V[] {
  return f.values.filter((v) => v !== null) as V[];
}

const field = (fields: TestField[], name: string): TestField => fields.find((f) => f.name === name)!;

describe("ORC files read back with the Apache ORC Java tools", () => {
  // One JVM answers every read of this file: its start (seconds on a loaded machine) is paid once.
  let java: OrcJava;
  const fields = everyTypeFields(257);
  const paths: Record<string, string> = {};
  before(() => {
    java = orcJava();
    const whole = batchOf(fields);
    for (const compression of ["none", "zlib", "zstd"]) {
      const bytes = encodeOrc([whole.slice(0, 130), whole.slice(130)], {
        compression,
        stripeSize: "120rows",
        rowIndexStride: "50",
      });
      paths[compression] = writeTemp(`java-every-${compression}.orc`, bytes);
    }
  });
  after(() => java?.close());

  it("meta: row count, types, compression and file statistics", async () => {
    const m = await meta(java, paths.zstd!);
    assert.equal(m.numberOfRows, 257);
    assert.equal(m.compression, "ZSTD");
    assert.equal(
      m.schemaString,
      "struct<b:tinyint,sh:smallint,n:int,l:bigint,f:float,d:double,dec:decimal(10,2),bigdec:decimal(38,6)," +
        "flag:boolean,day:date,ts:timestamp with local time zone,s:string,bin:binary,arr:array<int>," +
        "arrs:array<string>,m:map<string,int>,st:struct<a:int,b:string,c:array<double>>," +
        "deep:array<struct<x:double,y:map<int,array<string>>>>>",
    );
    assert.equal(m.softwareVersion, "Unknown(100) rowforge");
    assert.deepEqual(
      m.stripes.map((s) => s.stripeInformation.rowCount),
      [120, 120, 17],
    );
    const stats = (id: number): JavaStats => m.fileStatistics.find((s) => s.columnId === id)!;
    assert.deepEqual(stats(0), { columnId: 0, count: 257, hasNull: false });

    const ints = present<number>(field(fields, "n"));
    const n = stats(3);
    assert.equal(n.count, ints.length);
    assert.equal(n.hasNull, true);
    assert.equal(n.min, Math.min(...ints));
    assert.equal(n.max, Math.max(...ints));
    assert.equal(
      n.sum,
      ints.reduce((a, b) => a + b, 0),
    );

    const decimals = present<bigint>(field(fields, "dec"));
    const dec = stats(7);
    const sorted = [...decimals].sort((a, b) => (a < b ? -1 : 1));
    assert.equal(Number(dec.min), Number(decimalString(sorted[0]!, 2)));
    assert.equal(Number(dec.max), Number(decimalString(sorted.at(-1)!, 2)));
    assert.equal(
      Number(dec.sum),
      Number(
        decimalString(
          decimals.reduce((a, b) => a + b, 0n),
          2,
        ),
      ),
    );

    const flags = present<boolean>(field(fields, "flag"));
    assert.equal(stats(9).trueCount, flags.filter(Boolean).length);
    assert.equal(stats(9).falseCount, flags.filter((v) => !v).length);

    const days = present<number>(field(fields, "day"));
    const isoDay = (d: number): string => new Date(d * 86_400_000).toISOString().slice(0, 10);
    assert.match(String(stats(10).min), new RegExp(`${isoDay(Math.min(...days))}$`));
    assert.match(String(stats(10).max), new RegExp(`${isoDay(Math.max(...days))}$`));

    assert.equal(stats(11).min, "1700-01-01 00:00:00.000001");

    const strings = present<string>(field(fields, "s"));
    const byBytes = [...strings].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    assert.equal(stats(12).min, byBytes[0]);
    assert.equal(stats(12).max, byBytes.at(-1));
    assert.equal(
      stats(12).totalLength,
      strings.reduce((a, s) => a + Buffer.byteLength(s), 0),
    );
    assert.equal(
      stats(13).totalLength,
      present<Uint8Array>(field(fields, "bin")).reduce((a, b) => a + b.length, 0),
    );
  });

  it("data: every row, as JSON lines", async () => {
    for (const path of Object.values(paths)) {
      const lines = (await java.run(["data", path])).split("\n").filter((l) => l.startsWith("{"));
      assert.equal(lines.length, 257);
      const rows = lines.map((l) => parseJavaJson(l) as Record<string, unknown>);
      assert.deepEqual(
        rows.map((r) => r.n),
        field(fields, "n").values,
      );
      assert.deepEqual(
        rows.map((r) => r.s),
        field(fields, "s").values,
      );
      assert.deepEqual(
        rows.map((r) => r.ts),
        field(fields, "ts").values.map((v) => (v === null ? null : javaTimestamp(v as number))),
      );
    }
  });

  it("seeking through the row index lands on the same rows as reading in sequence", async () => {
    const rows = new Set<number>([256]);
    for (let stripe = 0; stripe < 257; stripe += 120) {
      for (let g = stripe; g < Math.min(stripe + 120, 257); g += 50)
        for (const d of [0, 1, 49]) if (g + d < 257) rows.add(g + d);
    }
    const out = await java.run(["seek", [...rows].join(","), ...Object.values(paths)]);
    for (const path of Object.values(paths))
      assert.ok(out.includes(`${path}: rows 257 checked ${rows.size} mismatches 0`), out);
  });

  it("row-group statistics let a search argument skip row groups; encodings follow cardinality", async () => {
    // Several stripes (by bytes) of several row groups each: 6,000 rows in groups of 1,000 prove
    // what 60,000 in the default 10,000 would, at a tenth of the encoding and reading.
    const rows = 6_000;
    const stride = 1_000;
    const bytes = encodeOrc([batchOf(volumeFields(0, rows))], {
      stripeSize: "250KiB",
      rowIndexStride: String(stride),
    });
    const path = writeTemp("java-volume.orc", bytes);
    const m = await meta(java, path);
    assert.equal(m.numberOfRows, rows);
    const stripeRows = m.stripes.map((s) => s.stripeInformation.rowCount);
    assert.ok(stripeRows.length >= 2, `expected several stripes, got ${stripeRows}`);
    // Row groups restart at every stripe: the groups holding ids 2500..2510 are what a reader keeps.
    const [low, high] = [2_500, 2_510];
    let start = 0;
    let expected = 0;
    for (const rowsInStripe of stripeRows) {
      for (let g = start; g < start + rowsInStripe; g += stride) {
        const end = Math.min(g + stride, start + rowsInStripe);
        if (g <= high && end > low) expected += end - g;
      }
      start += rowsInStripe;
    }
    const out = await java.run(["between", "id", String(low), String(high), path]);
    assert.match(out, new RegExp(`selected ${expected}\\b`), out);
    assert.ok(expected <= 2 * stride);
    const targets = [0, stride - 1, stride, stride + 1, 3_333, stripeRows[0]!, stripeRows[0]! + 1, rows - 1];
    const seek = await java.run(["seek", targets.join(","), path]);
    assert.ok(seek.includes(`rows ${rows} checked ${targets.length} mismatches 0`), seek);
    for (const s of m.stripes) {
      const kind = (id: number): string | undefined => s.encodings.find((e) => e.columnId === id)?.kind;
      assert.equal(kind(4), "DICTIONARY_V2", "a column of 10 cities is dictionary encoded");
      assert.equal(kind(5), "DIRECT_V2", "a column of unique codes is written directly");
    }
  });
});

/** How the Java tools print a UTC timestamp given in microseconds: `yyyy-MM-dd HH:mm:ss.f` (at least one fraction digit). */
function javaTimestamp(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString();
  const fraction = String(micros - Math.floor(micros / 1_000_000) * 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${fraction || "0"}`;
}
