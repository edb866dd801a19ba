/**
 * One line of the bench's results table, the same shape for every section so that
 * docs/benchmarks.md can be rendered from bench/results/*.json alone (bench/render-benchmarks.ts):
 * what was measured, over how many rounds, median with min–max, the load average around it and,
 * where the case has a peer measured in the same run, the ratio to it.
 */
import type { LoadSpan, Spread } from "./rounds.ts";

export interface CaseSummary {
  /** The bench section (formats, baselines, engine, http, ...). */
  readonly section: string;
  readonly name: string;
  /** What median/min/max count: "s", "ms", "rows/s", "msg/s", "req/s". */
  readonly unit: string;
  readonly rounds: number;
  readonly value: Spread;
  readonly load1: LoadSpan;
  /** The peer measured beside it and rowforge's standing against it (e.g. "x faster", "% of"). */
  readonly peer?: {
    readonly name: string;
    readonly value: Spread;
    /** Median ratio and its range over the rounds; `means` says which way it reads. */
    readonly ratio: Spread;
    readonly means: string;
  };
  /** The issue's target for this case, and whether the median met it. */
  readonly target?: string;
  readonly met?: boolean;
}

/** Distinct values per text column of the NDJSON a generator wrote (bench/distinct-counts.ts). */
export interface DistinctCounts {
  readonly generator: string;
  readonly rows: number;
  readonly columns: Readonly<Record<string, number>>;
}
