import assert from "node:assert/strict";
import { test } from "node:test";
import { AsciiBatch } from "./ascii-batch.ts";

test("AsciiBatch gives each value its own text, in order, across chunks and past the chunk's size", () => {
  const texts = ["", "a", "abcdefghijklm", "x".repeat(700), "y".repeat(5000), "", 'A~ 0"\\'];
  for (let k = 0; k < 400; k++) texts.push(String.fromCharCode(65 + (k % 26)).repeat(k % 23));
  const batch = new AsciiBatch();
  const out = new Array<string>(texts.length + 2).fill("-");
  batch.begin(out, 2);
  for (const s of texts) {
    const at = batch.room(s.length);
    for (let k = 0; k < s.length; k++) batch.bytes[at + k] = s.charCodeAt(k);
    batch.push(s.length);
  }
  batch.end();
  assert.deepEqual(out, ["-", "-", ...texts]);
});
