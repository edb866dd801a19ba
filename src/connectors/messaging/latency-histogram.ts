/** Sub-buckets per power of two: values are kept within 1/32 (3%) of what they were. */
const SUB_BITS = 5;
const SUB = 1 << SUB_BITS;
/** Microseconds up to 2^31 (about 36 minutes); longer latencies count as that. */
const BUCKETS = (32 - SUB_BITS) * SUB + SUB;
const MAX_MICROS = 2 ** 31 - 1;

/** Bucket of a latency in microseconds (log-linear, like HdrHistogram). */
function bucketOf(micros: number): number {
  const v = Math.min(MAX_MICROS, Math.max(0, Math.round(micros)));
  if (v < 2 * SUB) return v;
  const shift = 31 - Math.clz32(v) - SUB_BITS;
  return shift * SUB + (v >>> shift);
}

/** The middle of a bucket, in microseconds. */
function bucketValue(bucket: number): number {
  if (bucket < 2 * SUB) return bucket;
  const shift = (bucket >>> SUB_BITS) - 1;
  const m = bucket - shift * SUB;
  return m * 2 ** shift + 2 ** (shift - 1);
}

/**
 * Latencies counted in fixed log-linear buckets: constant memory whatever the message count,
 * percentiles within 3%, the maximum exact.
 */
export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  maxMicros = 0;

  record(micros: number, times = 1): void {
    this.counts[bucketOf(micros)]! += times;
    this.count += times;
    if (micros > this.maxMicros) this.maxMicros = micros;
  }

  /** The latency (microseconds) at or below which fraction `q` of the recorded ones are. */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.count));
    if (rank >= this.count) return this.maxMicros;
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += this.counts[b]!;
      if (seen >= rank) return Math.min(bucketValue(b), this.maxMicros);
    }
    return this.maxMicros;
  }
}
