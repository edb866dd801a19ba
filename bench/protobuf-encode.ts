/**
 * Protobuf encoding speed, one thread: the same Arrow rows (test/support/proto-shapes.ts: the
 * test schemas' CustomerUpdated, and a message of every field shape) encoded per message by the column encoder and by protobufjs from a JS object per
 * message (rowforge's former path). Usage: node bench/protobuf-encode.ts [rows] [customers.arrow]
 * (default 200000 rows). An Arrow IPC file of CustomerUpdated rows the engine generated (a step
 * with metadataSourceType protobuf written as Parquet, converted by pyarrow) is benched too.
 */
import { readFileSync } from "node:fs";
import { type Data, tableFromIPC } from "apache-arrow";
import { ByteSink } from "../src/formats/arrow-values/byte-sink.ts";
import { protobufColumnWriter } from "../src/formats/protobuf/proto-column-writer.ts";
import { customerRoot, customers, shapes, shapesRoot } from "../test/support/proto-shapes.ts";
import { protobufWriter } from "../test/support/protobuf-reference.ts";

const rows = Number(process.argv[2] ?? 200_000);
const out = new ByteSink(1 << 24);
const customerType = customerRoot().lookupType("shop.customers.CustomerUpdated");
const engineRows: [string, typeof customerType, Data][] = [];
if (process.argv[3] !== undefined) {
  const batch = tableFromIPC(readFileSync(process.argv[3])).batches[0]!;
  engineRows.push([`CustomerUpdated rows of the engine (${process.argv[3]})`, customerType, batch.data]);
}

for (const [label, type, data] of [
  ...engineRows,
  ["CustomerUpdated", customerType, customers(rows)],
  ["every shape (t.All)", shapesRoot().lookupType("t.All"), shapes(rows)],
] as const)
  for (const [name, make] of [
    ["protobufjs from a JS object per message", protobufWriter],
    ["column encoder", protobufColumnWriter],
  ] as const) {
    const write = make(type, data, "bench");
    let best = Number.POSITIVE_INFINITY;
    let bytes = 0;
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      bytes = 0;
      for (let i = 0; i < data.length; i++) {
        out.pos = 0;
        write(out, i);
        bytes += out.pos;
      }
      best = Math.min(best, performance.now() - t0);
    }
    console.log(
      `${label}, ${name}: ${Math.round(data.length / (best / 1000)).toLocaleString("en")} msg/s (${data.length} messages in ${best.toFixed(0)} ms, ${Math.round(bytes / data.length)} bytes a message, best of 3)`,
    );
  }
