import { RowforgeError } from "../errors/index.ts";
import type { StepReport } from "../model/step-report.ts";
import type { FieldCheck, Validation } from "../model/validation.ts";

/** The metrics a run's step reports give (Data Caterer's MetricValidator names). */
export const METRICS = [
  "throughput",
  "latency_p50",
  "latency_p75",
  "latency_p90",
  "latency_p95",
  "latency_p99",
  "error_rate",
  "records_generated",
  "duration_seconds",
  "max_throughput",
  "min_throughput",
] as const;

/**
 * A metric's value over the steps of one data source in a run: from their delivery reports
 * (message and HTTP steps: acknowledged per second, latency percentiles in ms, the error rate),
 * else from their records and seconds. Undefined when no step reports it (no latency without
 * deliveries).
 */
export function metricValue(metric: string, steps: readonly StepReport[]): number | undefined {
  const deliveries = steps.flatMap((s) => (s.delivery ? [s.delivery] : []));
  // A delivering step counts what it sent (failed deliveries were generated too).
  const records = steps.reduce((n, s) => n + (s.delivery ? s.delivery.sent : s.records), 0);
  const seconds =
    deliveries.length > 0
      ? Math.max(...deliveries.map((d) => d.seconds))
      : steps.reduce((n, s) => n + s.seconds, 0);
  const perSecond = deliveries.flatMap((d) => d.perSecond.map((p) => p.acknowledged));
  switch (metric.toLowerCase()) {
    case "throughput":
      return deliveries.length > 0
        ? deliveries.reduce((n, d) => n + d.achievedRate, 0)
        : seconds > 0
          ? records / seconds
          : undefined;
    case "records_generated":
      return records;
    case "duration_seconds":
      return seconds;
    case "error_rate": {
      if (deliveries.length === 0) return steps.some((s) => !s.success) ? 1 : 0;
      const failed = deliveries.reduce((n, d) => n + d.failed, 0);
      const settled = failed + deliveries.reduce((n, d) => n + d.acknowledged, 0);
      return settled === 0 ? 0 : failed / settled;
    }
    case "max_throughput":
      return perSecond.length > 0 ? Math.max(...perSecond) : undefined;
    case "min_throughput":
      return perSecond.length > 0 ? Math.min(...perSecond) : undefined;
    default: {
      const m = /^latency_p(50|75|90|95|99)$/.exec(metric.toLowerCase());
      if (!m) return undefined;
      const key = `p${m[1]}` as "p50" | "p75" | "p90" | "p95" | "p99";
      const values = deliveries.flatMap((d) => (d.latencyMs ? [d.latencyMs[key]] : []));
      return values.length > 0 ? Math.max(...values) : undefined;
    }
  }
}

/** Whether a metric's value meets one check (greaterThan, lessThan, equal, between, in), and what the check says. */
export function metricCheck(
  metric: string,
  value: number,
  c: FieldCheck,
): { ok: boolean; description: string } {
  const o = c.options;
  const strictly = o.strictly !== false;
  const negate = o.negate === true;
  const num = (x: unknown) => Number(x);
  let ok: boolean;
  let what: string;
  switch (c.type) {
    case "greaterThan":
      ok = strictly ? value > num(o.value) : value >= num(o.value);
      what = `${strictly ? ">" : ">="} ${String(o.value)}`;
      break;
    case "lessThan":
      ok = strictly ? value < num(o.value) : value <= num(o.value);
      what = `${strictly ? "<" : "<="} ${String(o.value)}`;
      break;
    case "equal":
      ok = Math.abs(value - num(o.value)) < 0.0001;
      what = `== ${String(o.value)}`;
      break;
    case "between":
      ok = value >= num(o.min) && value <= num(o.max);
      what = `between ${String(o.min)} and ${String(o.max)}`;
      break;
    case "in": {
      const values = Array.isArray(o.values) ? o.values.map(num) : [];
      ok = values.some((t) => Math.abs(value - t) < 0.0001);
      what = `in ${values.join(", ")}`;
      break;
    }
    default:
      throw new RowforgeError(
        "RF_VALIDATION_NOT_SUPPORTED",
        `metric check "${c.type}" on ${metric} is not supported`,
        { hint: "metrics take greaterThan, lessThan, equal, between and in" },
      );
  }
  if (negate) ok = !ok;
  return { ok, description: `${metric} ${negate ? "not " : ""}${what}` };
}

/** Each check of a metric validation as [passed, description, value]; throws for an unknown metric. */
export function evaluateMetric(
  v: Validation,
  steps: readonly StepReport[],
): { ok: boolean; description: string; value: number | null }[] {
  const metric = v.metric ?? "";
  if (!(METRICS as readonly string[]).includes(metric.toLowerCase())) {
    throw new RowforgeError("RF_VALIDATION_NOT_SUPPORTED", `metric "${metric}" is unknown`, {
      hint: `metrics: ${METRICS.join(", ")}`,
    });
  }
  const value = metricValue(metric, steps);
  return v.checks.map((c) => {
    if (value === undefined) {
      return { ok: false, description: `${metric}: not measured by this run's steps`, value: null };
    }
    const r = metricCheck(metric, value, c);
    return { ...r, value };
  });
}
