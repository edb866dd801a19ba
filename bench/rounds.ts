/**
 * What every bench case reports: its rounds as a median with min–max, and the machine's 1-minute
 * load average when the case started and when it ended (the times are meant for a quiet machine;
 * the load says how quiet it was). `--rounds=N` of `npm run bench` sets the rounds (default 5;
 * fewer only with --quick).
 */
import { loadavg } from "node:os";

export const DEFAULT_ROUNDS = 5;

/** Median (the mean of the middle two for an even count), least and greatest of some samples. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function spread(xs: readonly number[]): Spread {
  if (xs.length === 0) throw new Error("spread of no samples");
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s.at(-1)! };
}

/** The 1-minute load average at the start and at the end of a case. */
export interface LoadSpan {
  readonly start: number;
  readonly end: number;
}

export const load1 = (): number => loadavg()[0]!;

/** Runs `round` `rounds` times in turn (round 0 first) and says what the load was before and after. */
export async function inRounds<T>(
  rounds: number,
  round: (k: number) => Promise<T> | T,
): Promise<{ readonly samples: T[]; readonly load1: LoadSpan }> {
  const start = load1();
  const samples: T[] = [];
  for (let k = 0; k < rounds; k++) samples.push(await round(k));
  return { samples, load1: { start, end: load1() } };
}

/** The rounds of `npm run bench` from its arguments: --rounds=N, at least 5 unless --quick. */
export function roundsFromArgs(argv: readonly string[]): number {
  const arg = argv.find((a) => a.startsWith("--rounds=") || a.startsWith("--reps="));
  const rounds = arg ? Number(arg.slice(arg.indexOf("=") + 1)) : DEFAULT_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds must be a whole number of at least 1, not "${arg}"`);
  if (rounds < DEFAULT_ROUNDS && !argv.includes("--quick"))
    throw new Error(
      `--rounds=${rounds}: a bench users can trust runs every case at least ${DEFAULT_ROUNDS} times; fewer only with --quick`,
    );
  return rounds;
}
