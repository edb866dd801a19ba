import assert from "node:assert/strict";
import { test } from "node:test";
import { AsciiText } from "../../util/ascii-text.ts";
import { RowRandom } from "../rng/index.ts";
import { charTable } from "./char-table.ts";
import * as gen from "./gen-node.ts";

const { altNode, captureNode, charsNode, literalNode, repeatNode, seqNode } = gen;

const digits = charsNode(charTable([0x30, 0x39]));
const printable = charsNode(charTable([0x21, 0x2e, 0x30, 0x7e]));
const accented = charsNode(charTable([0xe0, 0xff]));

test("put writes the string gen makes from the same draws, for patterns of ASCII parts", () => {
  const nodes: gen.GenNode[] = [
    literalNode("v1-"),
    digits,
    repeatNode(digits, 2, 9),
    repeatNode(literalNode("ab"), 0, 4),
    seqNode([literalNode("ACC"), repeatNode(digits, 8, 8)]),
    seqNode([
      repeatNode(printable, 1, 9),
      repeatNode(seqNode([literalNode("/"), repeatNode(printable, 1, 9)]), 0, 8),
    ]),
    altNode([literalNode("none"), repeatNode(digits, 1, 3), seqNode([printable, literalNode("@2")])]),
    repeatNode(altNode([literalNode("x"), digits]), 0, 30),
  ];
  const rnd = new RowRandom(7);
  const text = new AsciiText(1);
  for (const node of nodes) {
    assert.ok(node.put, "an ASCII pattern without captures has put");
    for (let row = 0; row < 300; row++) {
      const expected = node.gen(rnd.at(row), []);
      const end: number = node.put(rnd.at(row), text, 0);
      assert.equal(text.text(end), expected);
    }
  }
});

test("put is left out where gen's strings may be beyond ASCII or read captures", () => {
  assert.equal(accented.put, undefined);
  assert.equal(seqNode([literalNode("é"), digits]).put, undefined);
  assert.equal(repeatNode(accented, 1, 4).put, undefined);
  assert.equal(seqNode([captureNode(digits, 0), digits]).put, undefined);
});
