import assert from "node:assert/strict";
import { test } from "node:test";
import { categoricalDivergence, continuousDivergence, entropy } from "./kl-divergence.ts";

const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} is not ${b}`);
const none = { tail: 0, internal: 0 };

test("entropy is scipy's: normalised, 0 for equal distributions, infinite where a value is not expected", () => {
  near(entropy([1, 1], [1, 1]), 0);
  near(entropy([2, 2], [1, 3]), 0.5 * Math.log(0.5 / 0.25) + 0.5 * Math.log(0.5 / 0.75));
  assert.equal(entropy([1, 1], [1, 0]), Number.POSITIVE_INFINITY);
});

test("bins: values per bin against the weights, the tails beside finite edges; infinite edges are the tails", () => {
  const p = { bins: [0, 10, 20], weights: [0.5, 0.5] };
  near(continuousDivergence(p, [30, 10], 0, 0, none), entropy([0.75, 0.25], [0.5, 0.5]));
  assert.equal(
    continuousDivergence(p, [30, 10], 0, 5, none),
    Number.POSITIVE_INFINITY,
    "values above, no tail weight",
  );
  near(
    continuousDivergence(p, [30, 10], 0, 5, { tail: 0.1, internal: 0 }),
    entropy([0, 30 / 45, 10 / 45, 5 / 45], [0.05, 0.45, 0.45, 0.05]),
  );
  const open = { bins: [Number.NEGATIVE_INFINITY, 0, Number.POSITIVE_INFINITY], weights: [0.5, 0.5] };
  near(continuousDivergence(open, [5, 15], 0, 0, none), entropy([0.25, 0.75], [0.5, 0.5]));
});

test("values: counts per value, unexpected values weighed with the tail holdout", () => {
  const p = { values: ["a", "b"], weights: [0.5, 0.5] };
  near(
    categoricalDivergence(
      p,
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
      none,
    ),
    entropy([0.75, 0.25], [0.5, 0.5]),
  );
  assert.equal(
    categoricalDivergence(
      p,
      new Map([
        ["a", 3],
        ["c", 1],
      ]),
      none,
    ),
    Number.POSITIVE_INFINITY,
  );
  near(
    categoricalDivergence(
      p,
      new Map([
        ["a", 3],
        ["c", 1],
      ]),
      { tail: 0.2, internal: 0 },
    ),
    entropy([0.75, 0, 0.25], [0.4, 0.4, 0.2]),
  );
});
