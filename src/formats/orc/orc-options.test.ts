import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Field, Int32, Schema, Uint32 } from "apache-arrow";
import { isRowforgeError } from "../../errors/index.ts";
import { orcFormat } from "./orc-format.ts";
import { DEFAULT_STRIPE_ROWS, parseOrcOptions } from "./orc-options.ts";

function rejects(options: Record<string, string>, code: string, pattern: RegExp): void {
  assert.throws(
    () => parseOrcOptions(options),
    (e: unknown) => isRowforgeError(e) && e.code === code && pattern.test(e.message),
  );
}

describe("ORC options", () => {
  it("defaults to zstd, 100000-row stripes and 10000-row groups", () => {
    assert.deepEqual(parseOrcOptions({}), {
      compression: "zstd",
      stripeBytes: null,
      stripeRows: DEFAULT_STRIPE_ROWS,
      rowIndexStride: 10_000,
    });
  });

  it("reads compression names in any case", () => {
    assert.equal(parseOrcOptions({ compression: "ZLIB" }).compression, "zlib");
    assert.equal(parseOrcOptions({ compression: " none " }).compression, "none");
  });

  it("rejects other compressions, naming the option and the supported ones", () => {
    rejects({ compression: "snappy" }, "RF_FORMAT_OPTION_INVALID", /compression "snappy".*none, zlib, zstd/);
    rejects({ compression: "lz4" }, "RF_FORMAT_OPTION_INVALID", /compression "lz4"/);
    rejects({ compression: "zstdd" }, "RF_FORMAT_OPTION_INVALID", /did you mean "zstd"/);
  });

  it("reads stripe sizes in bytes, with units, or in rows", () => {
    assert.equal(parseOrcOptions({ stripeSize: "1048576" }).stripeBytes, 1_048_576);
    assert.equal(parseOrcOptions({ stripeSize: "64MiB" }).stripeBytes, 64 * 1024 * 1024);
    assert.equal(parseOrcOptions({ stripeSize: "64MiB" }).stripeRows, null);
    assert.equal(parseOrcOptions({ stripeSize: "512 KB" }).stripeBytes, 512_000);
    assert.deepEqual(parseOrcOptions({ stripeSize: "50000rows" }).stripeRows, 50_000);
    assert.equal(parseOrcOptions({ stripeSize: "50000rows" }).stripeBytes, null);
    rejects({ stripeSize: "big" }, "RF_FORMAT_OPTION_INVALID", /stripeSize "big"/);
    rejects({ stripeSize: "0" }, "RF_FORMAT_OPTION_INVALID", /stripeSize/);
    rejects({ stripeSize: "1.5rows" }, "RF_FORMAT_OPTION_INVALID", /stripeSize/);
  });

  it("reads the row index stride as a whole number of rows", () => {
    assert.equal(parseOrcOptions({ rowIndexStride: "1000" }).rowIndexStride, 1000);
    rejects({ rowIndexStride: "0" }, "RF_FORMAT_OPTION_INVALID", /rowIndexStride "0"/);
    rejects({ rowIndexStride: "ten" }, "RF_FORMAT_OPTION_INVALID", /rowIndexStride "ten"/);
  });

  it("the format checks options up front and refuses Arrow types ORC cannot hold", () => {
    assert.throws(() => orcFormat.checkOptions?.({ compression: "snappy" }), /snappy/);
    assert.throws(
      () =>
        orcFormat.createEncoder(new Schema([new Field("ok", new Int32()), new Field("u", new Uint32())]), {}),
      (e: unknown) =>
        isRowforgeError(e) && e.code === "RF_FORMAT_TYPE_UNSUPPORTED" && /field "u"/.test(e.message),
    );
  });
});
