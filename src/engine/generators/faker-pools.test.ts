import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileFakerExpression, fillPool, poolValue } from "../faker/index.ts";
import { adoptFakerPools, collectFakerPools, expressionPools } from "./faker-pools.ts";

describe("faker pools", () => {
  it("are made once per expression, and collected with their keys for other threads", () => {
    const expr = compileFakerExpression("#{Name.firstName} #{Address.city}", { refDate: 1_700_000_000_000 });
    const entries = collectFakerPools(() => {
      expressionPools(expr);
      expressionPools(expr);
    });
    assert.equal(entries.length, 1);
    const [key, values] = entries[0]!;
    assert.match(key, /Name\.firstName/);
    assert.equal(values.length, 3, "two calls and the text between them");
    assert.equal(values[0]!.length, 4096, "sent made in full");
    assert.ok(values[0]!.every((v) => typeof v === "string"));
    assert.deepEqual(values[1], [" "]);
  });

  it("adopted from another thread, are what this thread's expressions pick from", () => {
    const refDate = 1_600_000_000_000;
    const source = "#{Name.lastName}";
    const made = Array.from({ length: 4096 }, (_, i) => `adopted ${i}`);
    adoptFakerPools([[`${refDate}\u0000en\u0000${source}`, [made]]]);
    const expr = compileFakerExpression(source, { refDate });
    assert.equal(poolValue(expressionPools(expr)[0]!, 7), "adopted 7");
  });

  it("depend on the reference date: the same text with another date is made anew", () => {
    const a = compileFakerExpression("#{Name.lastName}", { refDate: 1_600_000_000_000 });
    const b = compileFakerExpression("#{Name.lastName}", { refDate: 1_500_000_000_000 });
    assert.notDeepEqual(fillPool(expressionPools(b)[0]!), fillPool(expressionPools(a)[0]!));
  });

  it("are dropped oldest first once the values they can hold pass 512 MiB", () => {
    // 4,096 values of up to 4,000 characters: 32 MiB each at their longest, made lazily here.
    const exprs = Array.from({ length: 17 }, (_, i) =>
      compileFakerExpression(`#{Lorem.characters '4000'} ${i}`, { refDate: 1_650_000_000_000 }),
    );
    const first = expressionPools(exprs[0]!);
    assert.equal(expressionPools(exprs[0]!), first, "kept while the cache has room");
    for (const e of exprs.slice(1)) expressionPools(e);
    assert.notEqual(expressionPools(exprs[0]!), first, "the oldest was dropped");
  });
});
