/**
 * Encodes 1M rows of a 10-column flat table (strings, ints, doubles, timestamps, decimal) to
 * ORC and reports throughput. Run: node bench/orc-encoder.ts [rows] [compression]
 */
import type { RecordBatch } from "apache-arrow";
import { OrcEncoder } from "../src/formats/orc/orc-encoder.ts";
import { parseOrcOptions } from "../src/formats/orc/orc-options.ts";
import { DataTypes as T } from "../src/model/data-type.ts";
import { batchOf, type TestField } from "../test/support/orc/orc-test-data.ts";

const ROWS = Number(process.argv[2] ?? 1_000_000);
const COMPRESSION = process.argv[3] ?? "zstd";
const BATCH = 65_536;
const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett"];

function fields(start: number, count: number): TestField[] {
  const rows = Array.from({ length: count }, (_, k) => start + k);
  const hash = (i: number, salt: number): number => Math.imul(i ^ salt, 0x85ebca6b) >>> 0;
  return [
    { name: "id", type: T.long, values: rows },
    {
      name: "name",
      type: T.string,
      values: rows.map((i) => `${WORDS[hash(i, 1) % 10]} ${WORDS[hash(i, 2) % 10]}`),
    },
    { name: "email", type: T.string, values: rows.map((i) => `user${hash(i, 3).toString(36)}@example.com`) },
    { name: "age", type: T.int, values: rows.map((i) => 18 + (hash(i, 4) % 70)) },
    { name: "score", type: T.double, values: rows.map((i) => hash(i, 5) / 4_294_967_296) },
    { name: "balance", type: T.decimal(12, 2), values: rows.map((i) => BigInt(hash(i, 6) % 10_000_000)) },
    {
      name: "created",
      type: T.timestamp,
      values: rows.map((i) => 1_700_000_000_000_000 + i * 1_000_000 + (hash(i, 7) % 1_000_000)),
    },
    { name: "visits", type: T.long, values: rows.map((i) => hash(i, 8) % 100_000) },
    {
      name: "ratio",
      type: T.double,
      values: rows.map((i) => (i % 10 === 0 ? null : (hash(i, 9) % 1000) / 7)),
    },
    {
      name: "status",
      type: T.string,
      values: rows.map((i) => (hash(i, 10) % 4 === 0 ? "inactive" : "active")),
    },
  ];
}

const batches: RecordBatch[] = [];
let arrowBytes = 0;
for (let start = 0; start < ROWS; start += BATCH) {
  const b = batchOf(fields(start, Math.min(BATCH, ROWS - start)));
  arrowBytes += b.data.children.reduce((n, c) => n + c.byteLength, 0);
  batches.push(b);
}

const t0 = performance.now();
const encoder = new OrcEncoder(batches[0]!.schema, parseOrcOptions({ compression: COMPRESSION }));
let out = 0;
for (const b of batches) for (const c of encoder.encode(b)) out += c.length;
for (const c of encoder.end()) out += c.length;
const seconds = (performance.now() - t0) / 1000;
const mb = (n: number): string => (n / 1e6).toFixed(1);
console.log(
  `ORC ${COMPRESSION}: ${ROWS} rows x 10 columns in ${seconds.toFixed(2)} s — ` +
    `${Math.round(ROWS / seconds).toLocaleString("en")} rows/s, ` +
    `${mb(arrowBytes / seconds)} MB/s of Arrow input (${mb(arrowBytes)} MB), ` +
    `${mb(out / seconds)} MB/s of ORC output (${mb(out)} MB)`,
);
