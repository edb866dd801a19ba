import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  complementRanges,
  intersectRanges,
  isSubsetOf,
  MAX_CODE_POINT,
  normalizeRanges,
  rangesContain,
  rangesSize,
  subtractRanges,
  unionRanges,
} from "./code-point-set.ts";
import { propertyCodePoints } from "./unicode-property-set.ts";

describe("code point sets", () => {
  it("normalises overlapping and adjacent ranges", () => {
    assert.deepEqual(normalizeRanges([10, 20, 0, 5, 6, 8, 15, 30, 40, 39]), [0, 8, 10, 30]);
  });

  it("unites, intersects, subtracts and complements", () => {
    const az = [0x61, 0x7a];
    const vowels = normalizeRanges([0x61, 0x61, 0x65, 0x65, 0x69, 0x69, 0x6f, 0x6f, 0x75, 0x75]);
    assert.equal(rangesSize(subtractRanges(az, vowels)), 21);
    assert.deepEqual(intersectRanges([0, 10, 20, 30], [5, 25]), [5, 10, 20, 25]);
    assert.deepEqual(unionRanges([0, 1], [2, 3]), [0, 3]);
    assert.deepEqual(complementRanges([0, 9, 20, MAX_CODE_POINT]), [10, 19]);
    assert.ok(isSubsetOf([0x62, 0x63], az));
    assert.ok(!isSubsetOf([0x60, 0x63], az));
    assert.ok(rangesContain(vowels, 0x6f) && !rangesContain(vowels, 0x70));
  });

  it("builds Unicode property sets from the BMP, falling back to other planes", () => {
    const lu = propertyCodePoints("General_Category", "Lu");
    assert.ok(rangesContain(lu, 0x41) && rangesContain(lu, 0xc0) && !rangesContain(lu, 0x61));
    assert.ok(lu[lu.length - 1]! <= 0xffff, "BMP only");
    const gothic = propertyCodePoints("Script", "Gothic");
    assert.ok(gothic.length > 0 && gothic[0]! >= 0x10000);
    for (let i = 0; i < gothic.length; i++)
      assert.ok(/\p{Script=Gothic}/u.test(String.fromCodePoint(gothic[i]!)));
  });
});
