/**
 * The per-row @faker-js/faker baseline as a program of its own, so that its wall time includes
 * its process start like `rowforge run`'s: W1 rows from accountRow (faker.string.numeric for
 * the account id's digits), one JSON.stringify line each, written to an NDJSON file 10,000 lines at a time.
 *   node bench/faker-loop.ts <rows> <file>
 * Prints one JSON line: rows, bytes.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { faker } from "@faker-js/faker";
import { accountRow } from "./baselines.ts";

const rows = Number(process.argv[2]);
const file = process.argv[3];
if (!Number.isInteger(rows) || rows < 0 || !file) {
  console.error("usage: node bench/faker-loop.ts <rows> <file>");
  process.exit(2);
}
faker.seed(1);
const fd = openSync(file, "w");
let bytes = 0;
let lines: string[] = [];
for (let i = 0; i < rows; i++) {
  lines.push(JSON.stringify(accountRow()));
  if (lines.length === 10_000 || i === rows - 1) {
    bytes += writeSync(fd, `${lines.join("\n")}\n`);
    lines = [];
  }
}
closeSync(fd);
console.log(JSON.stringify({ rows, bytes }));
