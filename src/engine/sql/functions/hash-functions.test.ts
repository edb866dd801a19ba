import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { col, lit, NULL, run, runBoth, T } from "../../../../test/support/sql/sql-function-kit.ts";

describe("hash (Murmur3, seed 42)", () => {
  it("matches Spark's documented and published outputs", () => {
    assert.equal(run("hash", [lit("Spark"), lit([123], T.array(T.int)), lit(2)]), -1321691492);
    assert.equal(runBoth("hash", ["ABC"]), -757602832);
    assert.equal(runBoth("hash", ["ABC", "DEF"]), 599895104);
    assert.equal(runBoth("hash", [1]), -559580957);
    assert.equal(runBoth("hash", [0n]), -1670924195);
    assert.equal(runBoth("hash", [1n]), -1712319331);
    assert.equal(runBoth("hash", [-1n]), -939490007);
    assert.equal(runBoth("hash", [9223372036854775807n]), -1604625029);
    assert.equal(runBoth("hash", [-9223372036854775808n]), -853646085);
  });
  it("skips NULLs and hashes like types alike", () => {
    assert.equal(run("hash", [NULL]), 42);
    assert.equal(run("hash", [NULL, lit("ABC")]), -757602832);
    assert.equal(run("hash", [lit(1, T.date)]), run("hash", [lit(1)]));
    assert.equal(run("hash", [lit(1, T.short)]), run("hash", [lit(1)]));
    assert.equal(run("hash", [lit(0, T.double)]), run("hash", [lit(-0, T.double)]));
    assert.equal(run("hash", [lit(10n, T.decimal(10, 0))]), run("hash", [lit(10n)]));
    assert.equal(run("hash", [lit(new TextEncoder().encode("ABC"))]), -757602832);
    assert.equal(run("hash", [lit(true)]), run("hash", [lit(1)]));
    assert.notEqual(run("hash", [lit(1.5)]), run("hash", [lit(2.5)]));
    assert.equal(typeof run("hash", [lit(10n ** 30n, T.decimal(38, 0))]), "number");
    const m = lit(new Map([["a", 1]]), T.map(T.string, T.int));
    assert.equal(run("hash", [m]), run("hash", [lit("a"), lit(1)]));
  });
});

describe("xxhash64, crc32, md5, sha1, sha2", () => {
  it("matches Spark's documented outputs", () => {
    assert.equal(run("xxhash64", [lit("Spark"), lit([123], T.array(T.int)), lit(2)]), 5602566077635097486n);
    assert.equal(runBoth("crc32", ["Spark"]), 1557323817n);
    assert.equal(runBoth("md5", ["Spark"]), "8cde774d6f7333752ed72cacddb05126");
    assert.equal(runBoth("sha1", ["Spark"]), "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c");
    assert.equal(runBoth("sha", ["Spark"]), "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c");
    assert.equal(
      runBoth("sha2", ["Spark", 256]),
      "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b",
    );
    assert.equal(
      runBoth("sha2", ["Spark", 0]),
      "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b",
    );
    assert.equal((runBoth("sha2", ["Spark", 512]) as string).length, 128);
    assert.equal((runBoth("sha2", ["Spark", 224]) as string).length, 56);
    assert.equal(runBoth("sha2", ["Spark", 1]), null);
    assert.equal(run("md5", [NULL]), null);
    assert.equal(run("xxhash64", [NULL]), 42n);
    assert.equal(run("md5", [col(new TextEncoder().encode("Spark"))]), "8cde774d6f7333752ed72cacddb05126");
    assert.throws(() => run("md5", [lit(1)]), /binary/);
  });
});
