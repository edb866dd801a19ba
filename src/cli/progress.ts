import type { LiveDelivery } from "../model/delivery-report.ts";
import { groupDigits } from "../util/group-digits.ts";
import type { CliIo } from "./cli-io.ts";

/** Live progress of a run's steps. */
export interface Progress {
  update(step: string, done: number, total: number, delivery?: LiveDelivery): void;
  end(): void;
}

/** Milliseconds since some fixed point; tests pass their own. */
export type Clock = () => number;

interface StepState {
  readonly started: number;
  lastLogged: number;
  lastDecile: number;
  finished: boolean;
}

const count = (n: number) => groupDigits(n);

/** Seconds as `4.2s`, `3m 05s` or `1h 02m`. */
export function shortDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** Rows per second as `812k/s`, `1.2M/s`. */
export function shortRate(rowsPerSecond: number): string {
  if (!Number.isFinite(rowsPerSecond)) return "?/s";
  if (rowsPerSecond >= 1e6) return `${(rowsPerSecond / 1e6).toFixed(1)}M/s`;
  if (rowsPerSecond >= 1e4) return `${Math.round(rowsPerSecond / 1e3)}k/s`;
  return `${Math.round(rowsPerSecond)}/s`;
}

/** The numbers of one progress line: records, percent, rate, elapsed and (while running) ETA. */
export function progressText(done: number, total: number, elapsedSeconds: number): string {
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : Number.NaN;
  const base = `${String(pct).padStart(3)}% ${count(done)}/${count(total)} ${shortRate(rate)} ${shortDuration(elapsedSeconds)}`;
  if (done >= total) return base;
  const eta = done > 0 && rate > 0 ? shortDuration((total - done) / rate) : "?";
  return `${base} eta ${eta}`;
}

/** What a message step's destination took so far: ` ack 9,800 fail 2 p99 4.1ms`. */
export const deliveryText = (d: LiveDelivery): string =>
  ` ack ${count(d.acknowledged)}${d.failed > 0 ? ` fail ${count(d.failed)}` : ""}${d.p99Ms === undefined ? "" : ` p99 ${d.p99Ms.toFixed(1)}ms`}`;

/**
 * Live progress per step: on a terminal a redrawn bar with records, percent, rows/s, elapsed
 * time and ETA; otherwise a log line every 10% (and at least every 10 seconds). Every step
 * ends with one final line.
 */
export function createProgress(io: CliIo, tty: boolean, clock: Clock = Date.now): Progress {
  let lastLine = "";
  let steps = new Map<string, StepState>();
  const stateOf = (step: string) => {
    let s = steps.get(step);
    if (!s) {
      s = { started: clock(), lastLogged: clock(), lastDecile: -1, finished: false };
      steps.set(step, s);
    }
    return s;
  };
  return {
    update(step, done, total, delivery) {
      const s = stateOf(step);
      if (s.finished) return;
      const now = clock();
      const elapsed = (now - s.started) / 1000;
      const text = progressText(done, total, elapsed) + (delivery ? deliveryText(delivery) : "");
      const finished = done >= total;
      if (tty) {
        const width = 24;
        const pct = total === 0 ? 1 : done / total;
        const filled = Math.round(pct * width);
        const line = `${step.padEnd(20).slice(0, 20)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${text}`;
        if (line !== lastLine) {
          // \x1b[K clears what a longer previous line left behind.
          io.err(`\r${line}\x1b[K`);
          lastLine = line;
        }
        if (finished) {
          io.err("\n");
          lastLine = "";
          s.finished = true;
        }
        return;
      }
      // The start only sets the clock: a log line saying 0% tells nothing.
      if (done === 0 && !finished) return;
      const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
      const quiet = now - s.lastLogged < 10_000;
      if (finished || decile > s.lastDecile || !quiet) {
        s.lastLogged = now;
        s.lastDecile = decile;
        io.err(`${step}: ${finished ? "done " : ""}${text.trimStart()}\n`);
        if (finished) s.finished = true;
      }
    },
    end() {
      if (lastLine) io.err("\n");
      lastLine = "";
      steps = new Map();
    },
  };
}
