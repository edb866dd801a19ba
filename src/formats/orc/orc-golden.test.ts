import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { readWithPyarrow } from "../../../test/support/orc/orc-readers.ts";
import { batchOf, expectedColumns } from "../../../test/support/orc/orc-test-data.ts";
import { everyTypeFields } from "../../../test/support/orc/sample-fields.ts";
import { encodeOrc } from "../../../test/support/orc/write-orc.ts";

/** The committed file; regenerate with ROWFORGE_UPDATE_GOLDEN=1 after a deliberate format change. */
const GOLDEN = fileURLToPath(new URL("./fixtures/every-type-none.orc", import.meta.url));
const OPTIONS = { compression: "none", stripeSize: "25rows", rowIndexStride: "16" };

describe("ORC output is deterministic", () => {
  it("a fixed input is written byte for byte as the committed golden file", () => {
    const fields = everyTypeFields(40);
    const bytes = encodeOrc([batchOf(fields)], OPTIONS);
    if (process.env.ROWFORGE_UPDATE_GOLDEN === "1") writeFileSync(GOLDEN, bytes);
    assert.ok(
      existsSync(GOLDEN),
      "fixtures/every-type-none.orc is missing: run with ROWFORGE_UPDATE_GOLDEN=1 once",
    );
    const golden = readFileSync(GOLDEN);
    assert.equal(bytes.length, golden.length, "file length");
    assert.ok(Buffer.from(bytes).equals(golden), "bytes differ from fixtures/every-type-none.orc");
    const read = readWithPyarrow(GOLDEN);
    assert.deepEqual(read.stripe_rows, [25, 15]);
    assert.deepEqual(read.columns, expectedColumns(fields));
  });

  it("the same batches give the same bytes, whatever the compression and however they are cut", () => {
    const whole = batchOf(everyTypeFields(300));
    for (const compression of ["zlib", "zstd"]) {
      const once = encodeOrc([whole], { compression, rowIndexStride: "64" });
      const again = encodeOrc([whole.slice(0, 77), whole.slice(77, 200), whole.slice(200)], {
        compression,
        rowIndexStride: "64",
      });
      assert.ok(Buffer.from(once).equals(again), `${compression} output differs between runs`);
    }
  });
});
