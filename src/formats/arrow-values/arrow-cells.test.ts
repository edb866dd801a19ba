import assert from "node:assert/strict";
import { test } from "node:test";
import { makeData, TimestampMicrosecond } from "apache-arrow";
import { int64AsNumberReader } from "./arrow-cells.ts";

test("64-bit values read as numbers from their words match Number(bigint), sliced arrays included", () => {
  const values = [
    0n,
    1n,
    -1n,
    4294967295n,
    4294967296n,
    -4294967297n,
    1_700_000_000_123_456n,
    -62_135_596_800_000_000n,
  ];
  values.push(2n ** 53n - 1n, -(2n ** 53n), 2n ** 60n + 12345n, -(2n ** 62n) - 7n);
  const data = makeData({ type: new TimestampMicrosecond(), data: BigInt64Array.from(values) });
  const read = int64AsNumberReader(data);
  for (const [i, v] of values.entries()) assert.equal(read(i), Number(v), `value ${v}`);
  const sliced = int64AsNumberReader(data.slice(3, 4));
  for (let i = 0; i < 4; i++) assert.equal(sliced(i), Number(values[3 + i]!));
});
