import assert from "node:assert/strict";
import { test } from "node:test";
import { readStruct, type TList, TStruct, TType, writeStruct } from "./thrift-compact.ts";

test("a struct of every compact type reads back as written, and writes back to the same bytes", () => {
  const inner = new TStruct();
  inner.set(1, TType.I64, -(2n ** 62n));
  inner.set(40, TType.BINARY, new TextEncoder().encode("far field id"));
  const s = new TStruct();
  s.set(1, TType.TRUE, true);
  s.set(2, TType.TRUE, false);
  s.set(3, TType.BYTE, -5);
  s.set(4, TType.I16, 300);
  s.set(5, TType.I32, -70_000);
  s.set(6, TType.I64, 2n ** 40n);
  s.set(7, TType.DOUBLE, 1.5);
  const many: TList = {
    elemType: TType.I32,
    items: Array.from({ length: 20 }, (_, i) => i - 10),
    setType: TType.LIST,
  };
  s.set(9, TType.LIST, many);
  s.set(11, TType.MAP, { keyType: TType.BINARY, valueType: TType.I32, entries: [[new Uint8Array([1]), 7]] });
  s.set(12, TType.STRUCT, inner);
  const bytes = writeStruct(s);
  const back = readStruct(bytes);
  assert.deepEqual(back, s);
  assert.deepEqual(writeStruct(back), bytes);
});

test("set adds a missing field in id order and refuses to change a field's type", () => {
  const s = new TStruct();
  s.set(5, TType.I64, 1n);
  s.set(2, TType.I32, 1);
  s.set(7, TType.I16, 3);
  assert.deepEqual(
    s.fields.map((f) => f.id),
    [2, 5, 7],
  );
  assert.throws(() => s.set(5, TType.I32, 2), /changes type/);
});

test("a truncated struct is refused, not read past its end", () => {
  const s = new TStruct();
  s.set(1, TType.BINARY, new Uint8Array(10));
  const bytes = writeStruct(s);
  assert.throws(() => readStruct(bytes.subarray(0, 5)), /ends early/);
});
