/** Latency percentiles in milliseconds, from send to the destination's acknowledgement. */
export interface LatencySummary {
  readonly p50: number;
  readonly p75: number;
  readonly p90: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** One second of a step's deliveries (seconds counted from the step's first send). */
export interface DeliverySecond {
  readonly second: number;
  /** Rows the schedule asked for in this second, for paced steps. */
  readonly target?: number;
  readonly sent: number;
  readonly acknowledged: number;
  readonly failed: number;
  readonly latencyMs?: LatencySummary;
}

/**
 * What a message or HTTP step delivered: counts, latencies and rates, as a whole and per
 * second. `sent` = `acknowledged` + `failed` + whatever was still in flight when the step
 * ended early (cancelled, or stopped by an error).
 */
export interface DeliveryReport {
  readonly sent: number;
  readonly acknowledged: number;
  readonly failed: number;
  /** failed / (acknowledged + failed), 0 when nothing settled. */
  readonly errorRate: number;
  /** Seconds from the first send to the last acknowledgement. */
  readonly seconds: number;
  /** Acknowledged messages per second over `seconds`. */
  readonly achievedRate: number;
  /** The paced step's schedule: its pattern, length, mean and peak rate. */
  readonly schedule?: {
    readonly kind: string;
    readonly seconds: number;
    readonly meanRate: number;
    readonly peakRate: number;
  };
  /** How late the last message went out against its due moment (paced steps whose destination could not keep up). */
  readonly behindSeconds?: number;
  readonly latencyMs?: LatencySummary;
  readonly perSecond: readonly DeliverySecond[];
  /** HTTP: how many answers had each status code. */
  readonly responses?: Readonly<Record<string, number>>;
  /** The distinct failures (first 10), with how many messages each failed. */
  readonly errors: readonly { readonly message: string; readonly count: number }[];
}

/** What the CLI's progress line shows while a step delivers. */
export interface LiveDelivery {
  readonly sent: number;
  readonly acknowledged: number;
  readonly failed: number;
  /** Acknowledged per second over the last full second. */
  readonly rate: number;
  readonly p99Ms?: number;
}
