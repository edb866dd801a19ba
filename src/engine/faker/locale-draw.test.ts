import assert from "node:assert/strict";
import { test } from "node:test";
import { RowRandom } from "../rng/index.ts";
import { concat, constant, type Draw, pickDraw, pickFrom } from "./locale-draw.ts";

const SHORT = ["Al", "Bo", "Cy"];
const LONG = ["Bartholomew", "Maximiliana", "Wolfington-Smythe"];

test("a concatenation is its parts' values one after the other, short or long, nested or not", () => {
  const first = pickFrom([...SHORT, ...LONG]);
  const last = pickFrom([...LONG, ...SHORT]);
  const two = concat([first, last]);
  const three = concat([first, pickFrom(["x", "yz"]), last]);
  // A part that joins its own parts while the outer join draws (a choice among joins is no word pick).
  const inner = pickDraw([two, three]);
  const outer = concat([inner, constant("/"), last, first]);
  const cases: [Draw, (rnd: RowRandom) => string][] = [
    [two, (r) => first(r) + last(r)],
    [
      three,
      (r) => {
        const a = first(r);
        const b = ["x", "yz"][r.int(2)]!;
        return a + b + last(r);
      },
    ],
    [
      outer,
      (r) => {
        const a = inner(r);
        const b = last(r);
        const c = first(r);
        return `${a}/${b}${c}`;
      },
    ],
  ];
  let long = 0;
  for (const [draw, expected] of cases) {
    for (let row = 0; row < 300; row++) {
      const value = draw(new RowRandom(11).at(row));
      assert.equal(value, expected(new RowRandom(11).at(row)), `row ${row}`);
      if (value.length >= 13) long++;
    }
  }
  assert.ok(long > 100, "long values (joined flat) are among them");
});
