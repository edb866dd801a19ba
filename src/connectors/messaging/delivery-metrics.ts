import type {
  DeliveryReport,
  DeliverySecond,
  LatencySummary,
  LiveDelivery,
} from "../../model/delivery-report.ts";
import type { LoadSchedule } from "../../model/load-schedule.ts";
import { LatencyHistogram } from "./latency-histogram.ts";

interface Second {
  sent: number;
  acknowledged: number;
  failed: number;
  readonly latency: LatencyHistogram;
}

const MAX_ERRORS = 10;

const ms = (micros: number): number => Math.round(micros) / 1000;

function summary(h: LatencyHistogram): LatencySummary | undefined {
  if (h.count === 0) return undefined;
  return {
    p50: ms(h.quantile(0.5)),
    p75: ms(h.quantile(0.75)),
    p90: ms(h.quantile(0.9)),
    p95: ms(h.quantile(0.95)),
    p99: ms(h.quantile(0.99)),
    max: ms(h.maxMicros),
  };
}

/**
 * Counts a step's deliveries as they happen: sends per second (by when they were sent),
 * acknowledgements, failures and latencies per second (by when they settled). Memory grows
 * with the step's seconds, never with its messages.
 */
export class DeliveryMetrics {
  private readonly seconds: Second[] = [];
  private readonly total = new LatencyHistogram();
  private readonly errors = new Map<string, number>();
  private readonly statuses = new Map<number, number>();
  private started: number | undefined;
  private lastSettled = 0;
  sent = 0;
  acknowledged = 0;
  failed = 0;
  behindSeconds = 0;

  private readonly schedule: LoadSchedule | undefined;
  private readonly now: () => number;

  constructor(schedule?: LoadSchedule, now: () => number = () => performance.now()) {
    this.schedule = schedule;
    this.now = now;
  }

  /** Milliseconds since the first send (the clock starts with it). */
  private elapsed(at: number): number {
    this.started ??= at;
    return at - this.started;
  }

  private second(atMs: number): Second {
    const k = Math.max(0, Math.floor(this.elapsed(atMs) / 1000));
    for (let s = this.seconds.length; s <= k; s++)
      this.seconds.push({ sent: 0, acknowledged: 0, failed: 0, latency: new LatencyHistogram() });
    return this.seconds[k]!;
  }

  /** `count` messages go out now; returns the moment (ms) to pass to `settled`. */
  sending(count: number): number {
    const at = this.now();
    this.second(at).sent += count;
    this.sent += count;
    return at;
  }

  /**
   * Messages sent at `sentAt` settled: `acknowledged` of them with the latencies given (one
   * per message, or the whole send's when absent), `failed` with `error`.
   */
  settled(
    sentAt: number,
    outcome: {
      readonly acknowledged: number;
      readonly failed: number;
      readonly latenciesMs?: ArrayLike<number>;
      readonly statuses?: ArrayLike<number>;
      readonly error?: string;
    },
  ): void {
    const codes = outcome.statuses;
    if (codes !== undefined)
      for (let i = 0; i < codes.length; i++)
        this.statuses.set(codes[i]!, (this.statuses.get(codes[i]!) ?? 0) + 1);
    const at = this.now();
    this.lastSettled = Math.max(this.lastSettled, at);
    const s = this.second(at);
    s.acknowledged += outcome.acknowledged;
    s.failed += outcome.failed;
    this.acknowledged += outcome.acknowledged;
    this.failed += outcome.failed;
    const lat = outcome.latenciesMs;
    if (lat !== undefined) {
      for (let i = 0; i < lat.length; i++) {
        s.latency.record(lat[i]! * 1000);
        this.total.record(lat[i]! * 1000);
      }
    } else if (outcome.acknowledged > 0) {
      const micros = (at - sentAt) * 1000;
      s.latency.record(micros, outcome.acknowledged);
      this.total.record(micros, outcome.acknowledged);
    }
    if (outcome.failed > 0) this.failure(outcome.error ?? "failed", outcome.failed);
  }

  /** Counts `count` messages failed for `message` (distinct messages kept up to a few). */
  failure(message: string, count: number): void {
    const seen = this.errors.get(message);
    if (seen !== undefined) this.errors.set(message, seen + count);
    else if (this.errors.size < MAX_ERRORS) this.errors.set(message, count);
  }

  live(): LiveDelivery {
    const full = this.seconds.length >= 2 ? this.seconds[this.seconds.length - 2]! : undefined;
    const last = this.seconds[this.seconds.length - 1];
    const p99 = last && last.latency.count > 0 ? ms(last.latency.quantile(0.99)) : undefined;
    return {
      sent: this.sent,
      acknowledged: this.acknowledged,
      failed: this.failed,
      rate: full?.acknowledged ?? last?.acknowledged ?? 0,
      ...(p99 === undefined ? {} : { p99Ms: p99 }),
    };
  }

  report(): DeliveryReport {
    const seconds = this.started === undefined ? 0 : Math.max(0, this.lastSettled - this.started) / 1000;
    const sched = this.schedule;
    const perSecond: DeliverySecond[] = this.seconds.map((s, k) => {
      const latency = summary(s.latency);
      const target = sched
        ? Math.round(sched.expectedBy(k + 1)) - Math.round(sched.expectedBy(k))
        : undefined;
      return {
        second: k,
        ...(target === undefined ? {} : { target }),
        sent: s.sent,
        acknowledged: s.acknowledged,
        failed: s.failed,
        ...(latency ? { latencyMs: latency } : {}),
      };
    });
    const settled = this.acknowledged + this.failed;
    const latency = summary(this.total);
    return {
      sent: this.sent,
      acknowledged: this.acknowledged,
      failed: this.failed,
      errorRate: settled > 0 ? this.failed / settled : 0,
      seconds,
      achievedRate: seconds > 0 ? this.acknowledged / seconds : 0,
      ...(sched
        ? {
            schedule: {
              kind: sched.kind,
              seconds: sched.seconds,
              meanRate: sched.seconds > 0 ? sched.totalRows / sched.seconds : 0,
              peakRate: sched.peakRate,
            },
          }
        : {}),
      ...(this.behindSeconds > 0.05 ? { behindSeconds: Math.round(this.behindSeconds * 1000) / 1000 } : {}),
      ...(latency ? { latencyMs: latency } : {}),
      perSecond,
      ...(this.statuses.size > 0
        ? {
            responses: Object.fromEntries(
              [...this.statuses].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), v]),
            ),
          }
        : {}),
      errors: [...this.errors].map(([message, count]) => ({ message, count })),
    };
  }
}
