/**
 * Great Expectations' expect_column_kl_divergence_to_be_less_than, computed as GE computes it:
 * the Kullback-Leibler divergence of the observed distribution of a column's non-null values
 * from an expected partition, scipy's entropy(observed, expected) (both normalised; infinite
 * where a value is observed but not expected).
 */

/** An expected partition: `bins` (n+1 edges, ±Infinity allowed) with n `weights`, or listed `values` with their `weights`. */
export interface KlPartition {
  readonly bins?: readonly number[];
  readonly values?: readonly string[];
  readonly weights: readonly number[];
  /** Weights below the first and above the last bin edge. */
  readonly tailWeights?: readonly [number, number];
}

export interface KlHoldout {
  /** Weight kept for values outside the partition (default 0). */
  readonly tail: number;
  /** Weight spread over empty bins (default 0; continuous partitions only). */
  readonly internal: number;
}

/** scipy.stats.entropy(pk, qk): both normalised to sum 1; a pk > 0 where qk = 0 is infinite. */
export function entropy(pk: readonly number[], qk: readonly number[]): number {
  const sp = pk.reduce((a, b) => a + b, 0);
  const sq = qk.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let i = 0; i < pk.length; i++) {
    const p = pk[i]! / sp;
    const q = qk[i]! / sq;
    if (p === 0) continue;
    if (q === 0) return Number.POSITIVE_INFINITY;
    sum += p * Math.log(p / q);
  }
  return sum;
}

/** A continuous partition's divergence from the counts of values per bin, below the first edge and above the last. */
export function continuousDivergence(
  partition: KlPartition,
  histogram: readonly number[],
  below: number,
  above: number,
  holdout: KlHoldout,
): number {
  const bins = partition.bins!;
  const n = histogram.reduce((a, b) => a + b, below + above);
  if (n === 0) return Number.NaN;
  const observed = histogram.map((c) => c / n);
  let expected = partition.weights.map((w) => w * (1 - holdout.tail - holdout.internal));
  if (holdout.internal > 0) {
    const zeros = expected.filter((w) => w === 0).length;
    if (zeros > 0) expected = expected.map((w) => (w === 0 ? holdout.internal / zeros : w));
  }
  const lowOpen = bins[0] === Number.NEGATIVE_INFINITY;
  const highOpen = bins[bins.length - 1] === Number.POSITIVE_INFINITY;
  // The infinite end bins are the tails themselves; finite ends get the tails beside them.
  const left = lowOpen ? [] : [partition.tailWeights?.[0] ?? holdout.tail / (highOpen ? 1 : 2)];
  const right = highOpen ? [] : [partition.tailWeights?.[1] ?? holdout.tail / (lowOpen ? 1 : 2)];
  const qk = [...left, ...expected, ...right];
  const pk = [...(lowOpen ? [] : [below / n]), ...observed, ...(highOpen ? [] : [above / n])];
  return entropy(pk, qk);
}

/** A categorical partition's divergence from the counts of each observed value (by its text). */
export function categoricalDivergence(
  partition: KlPartition,
  counts: ReadonlyMap<string, number>,
  holdout: KlHoldout,
): number {
  const values = partition.values!;
  let n = 0;
  for (const c of counts.values()) n += c;
  if (n === 0) return Number.NaN;
  const unexpected = [...counts.keys()].filter((v) => !values.includes(v));
  const scale = unexpected.length > 0 ? 1 - holdout.tail : 1;
  const pk = [...values.map((v) => (counts.get(v) ?? 0) / n), ...unexpected.map((v) => counts.get(v)! / n)];
  const qk = [
    ...partition.weights.map((w) => w * scale),
    ...unexpected.map(() => holdout.tail / unexpected.length),
  ];
  return entropy(pk, qk);
}
