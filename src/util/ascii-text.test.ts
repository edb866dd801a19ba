import assert from "node:assert/strict";
import { test } from "node:test";
import { AsciiText, Utf16Text } from "./ascii-text.ts";

test("AsciiText gives the bytes as text, short and long, and grows past its capacity", () => {
  const text = new AsciiText(16);
  // Each way of making the string: appended, through a reused code list (the same length twice), a buffer's text.
  const lists = ["ab", "abc", "ACC12345678", "ACC87654321", "y".repeat(24), "z".repeat(25)];
  for (const s of ["", "a", "abcdefgh", "abcdefghi", ...lists, "x".repeat(300), 'A~ 0"\\']) {
    const bytes = text.room(s.length);
    for (let k = 0; k < s.length; k++) bytes[k] = s.charCodeAt(k);
    assert.equal(text.text(s.length), s);
  }
});

test("Utf16Text writes code points as UTF-16, astral ones as pairs, lone surrogates kept", () => {
  const text = new Utf16Text(1);
  const points = [0x41, 0xe9, 0x65e5, 0x1f642, 0xd800, 0x5a, 0xdc00];
  text.room(points.length);
  let u = 0;
  for (const cp of points) u = text.put(u, cp);
  const s = text.text(u);
  assert.equal(s, "Aé日🙂\ud800Z\udc00");
  assert.equal(u, 8);
  text.room(500);
  u = 0;
  for (let k = 0; k < 500; k++) u = text.put(u, 0x1f600 + (k % 50));
  assert.equal([...text.text(u)].length, 500);
});
