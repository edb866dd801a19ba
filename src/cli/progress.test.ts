import assert from "node:assert/strict";
import { test } from "node:test";
import type { CliIo } from "./cli-io.ts";
import { createProgress, progressText, shortDuration, shortRate } from "./progress.ts";

function captureIo(): { io: CliIo; text: () => string } {
  let err = "";
  const io: CliIo = {
    cwd: "/",
    env: {},
    color: false,
    tty: false,
    outTty: false,
    out: () => {},
    err: (t) => {
      err += t;
    },
  };
  return { io, text: () => err };
}

/** A progress display on a captured stderr, with a clock the test sets (`at(ms)`). */
function clockedProgress(tty: boolean) {
  let now = 0;
  const { io, text } = captureIo();
  const progress = createProgress(io, tty, () => now);
  return {
    progress,
    text,
    at: (ms: number) => {
      now = ms;
    },
  };
}

test("a progress line gives records, percent, rows/s, elapsed time and the ETA", () => {
  assert.equal(progressText(250_000, 1_000_000, 0.5), " 25% 250,000/1,000,000 500k/s 0.5s eta 1.5s");
  assert.equal(progressText(1_000_000, 1_000_000, 2), "100% 1,000,000/1,000,000 500k/s 2.0s");
  assert.equal(progressText(0, 10, 0), "  0% 0/10 ?/s 0.0s eta ?");
  assert.equal(shortDuration(125), "2m 05s");
  assert.equal(shortDuration(3725), "1h 02m");
  assert.equal(shortRate(1_250_000), "1.3M/s");
  assert.equal(shortRate(900), "900/s");
});

test("log lines come every 10%, at least every 10 seconds, and once at the end of each step", () => {
  const { progress: p, text, at } = clockedProgress(false);
  p.update("a", 0, 1000);
  at(1000);
  p.update("a", 50, 1000); // the first decile: a line
  at(2000);
  p.update("a", 55, 1000); // the same decile: no line
  at(12_000);
  p.update("a", 60, 1000); // ten seconds without a line: one line
  at(13_000);
  p.update("a", 150, 1000);
  at(20_000);
  p.update("a", 1000, 1000);
  p.update("a", 1000, 1000); // finished steps say nothing more
  p.end();
  assert.deepEqual(text().trimEnd().split("\n"), [
    "a: 5% 50/1,000 50/s 1.0s eta 19.0s",
    "a: 6% 60/1,000 5/s 12.0s eta 3m 08s",
    "a: 15% 150/1,000 12/s 13.0s eta 1m 14s",
    "a: done 100% 1,000/1,000 50/s 20.0s",
  ]);
});

test("on a terminal the bar is redrawn in place and ends with a newline", () => {
  const { progress: p, text, at } = clockedProgress(true);
  p.update("step", 0, 100);
  at(1000);
  p.update("step", 100, 100);
  const out = text();
  assert.match(out, /^\rstep\s+\[\.{24}\]\s+0% 0\/100 \?\/s 0\.0s eta \?\x1b\[K/);
  assert.match(out, /\rstep\s+\[#{24}\] 100% 100\/100 100\/s 1\.0s\x1b\[K\n$/);
});
