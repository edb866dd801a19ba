import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { batchOf } from "../../../test/support/orc/orc-test-data.ts";
import { volumeFields } from "../../../test/support/orc/sample-fields.ts";
import { DataTypes as T } from "../../model/data-type.ts";
import { OrcEncoder } from "./orc-encoder.ts";
import { parseOrcOptions } from "./orc-options.ts";

describe("ORC encoder", () => {
  it("hands out each stripe as it completes, so memory holds one stripe", () => {
    const batches = Array.from({ length: 8 }, (_, k) => batchOf(volumeFields(k * 10_000, 10_000)));
    const encoder = new OrcEncoder(batches[0]!.schema, parseOrcOptions({ stripeSize: "1MiB" }));
    const sizes = batches.map((b) => encoder.encode(b).reduce((n, c) => n + c.length, 0));
    const tail = encoder.end();
    assert.ok(sizes.filter((n) => n > 3).length >= 3, `stripes came out during encode: ${sizes}`);
    assert.ok(
      tail.reduce((n, c) => n + c.length, 0) < sizes.reduce((a, b) => a + b, 0),
      "the end holds the last stripe and the tail only",
    );
    const last = tail.at(-1)!;
    assert.equal(last.length, 1, "the file ends with the PostScript length byte");
  });

  it("starts with the ORC magic and ends with a PostScript that names it", () => {
    const encoder = new OrcEncoder(
      batchOf(volumeFields(0, 10)).schema,
      parseOrcOptions({ compression: "none" }),
    );
    const bytes = Buffer.concat([...encoder.encode(batchOf(volumeFields(0, 10))), ...encoder.end()]);
    assert.equal(bytes.subarray(0, 3).toString("latin1"), "ORC");
    const psLength = bytes.at(-1)!;
    const postscript = bytes.subarray(bytes.length - 1 - psLength, bytes.length - 1);
    assert.equal(postscript.subarray(-3).toString("latin1"), "ORC");
    assert.ok(psLength < 256);
  });

  it("refuses batches of another schema and use after end", () => {
    const encoder = new OrcEncoder(batchOf(volumeFields(0, 3)).schema, parseOrcOptions({}));
    const other = batchOf([{ name: "x", type: T.string, values: ["a"] }]);
    assert.throws(() => encoder.encode(other), /differs from the file's/);
    encoder.end();
    assert.throws(() => encoder.encode(batchOf(volumeFields(0, 3))), /after end/);
    assert.throws(() => encoder.end(), /twice/);
  });
});
