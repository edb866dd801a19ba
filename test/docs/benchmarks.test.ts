import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  generatedSection,
  type NamedResults,
  RESULTS_END,
  RESULTS_START,
  readResultsFiles,
  renderResults,
  spliceResults,
} from "../../bench/render-benchmarks.ts";
import { spread } from "../../bench/rounds.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

test("docs/benchmarks.md's generated section is what bench/results/*.json render to (`npm run bench` writes both)", () => {
  const page = readFileSync(join(REPO_ROOT, "docs", "benchmarks.md"), "utf8");
  const section = generatedSection(page);
  assert.ok(section !== undefined, `docs/benchmarks.md has no ${RESULTS_START} … ${RESULTS_END} section`);
  const files = readResultsFiles(join(REPO_ROOT, "bench", "results"));
  assert.ok(files.length > 0, "bench/results holds no results file");
  assert.ok(
    section === renderResults(files),
    "docs/benchmarks.md's results differ from bench/results/*.json: render them with `npm run bench` (or restore the page's section), never by hand",
  );
  // Every results file has its heading there.
  for (const f of files) assert.ok(section.includes(`### \`bench/results/${f.file}\``), f.file);
});

const FILE: NamedResults = {
  file: "baselines.json",
  results: {
    command: "npm run bench -- --only=baselines",
    date: "2026-12-07T18:30:00.000Z",
    node: "v24.0.0",
    cores: 2,
    rounds: 5,
    loadAverageAtStart: [0.5, 0.6, 0.7],
    loadAverageAtEnd: [1.5, 0.9, 0.8],
    cases: [
      {
        section: "baselines",
        name: "W1 -> NDJSON | default",
        unit: "s",
        rounds: 5,
        value: { median: 1.5, min: 1.25, max: 2 },
        load1: { start: 0.5, end: 1.5 },
        peer: {
          name: "faker-js loop",
          value: { median: 15, min: 14, max: 16 },
          ratio: { median: 10, min: 7, max: 12.8 },
          means: "x faster",
        },
        target: ">= 10x",
        met: true,
      },
    ],
    distinct: [
      {
        generator: "rowforge run (default)",
        rows: 1000,
        columns: { account_id: 1000, "customer_details.city": 900 },
      },
      { generator: "faker-js loop", rows: 1000, columns: { account_id: 998, "customer_details.city": 950 } },
    ],
    peers: { "faker-js loop": "per row, seeded once" },
  },
};

test("a case renders as median (min–max) beside its peer, ratio and load; distinct counts and peer settings beside it", () => {
  const text = renderResults([FILE]);
  const lines = text.split("\n");
  assert.ok(lines.includes("### `bench/results/baselines.json`"));
  assert.ok(text.includes("command: `npm run bench -- --only=baselines`; date: 2026-12-07T18:30:00.000Z"));
  assert.ok(text.includes("at start: 0.50, 0.60, 0.70; at end: 1.50, 0.90, 0.80"));
  assert.ok(
    lines.includes(
      "| baselines | W1 -> NDJSON \\| default | 5 | 1.50 (1.25–2.00) s | faker-js loop | 15.0 (14.0–16.0) s | 10.00 (7.00–12.80) x faster | 0.50 → 1.50 | >= 10x: met |",
    ),
    text,
  );
  assert.ok(
    lines.includes("| column | rowforge run (default) (1,000 rows) | faker-js loop (1,000 rows) |"),
    text,
  );
  assert.ok(lines.includes("| customer_details.city | 900 | 950 |"), text);
  assert.ok(lines.includes("- **faker-js loop**: per row, seeded once"), text);
  // Pure: the same JSON renders the same text.
  assert.equal(renderResults([structuredClone(FILE)]), text);
});

test("rendering replaces only the section between the markers; the hand-written prose stays", () => {
  const page = `# Benchmarks\n\nprose before\n\n${RESULTS_START}\n\nold numbers\n\n${RESULTS_END}\n\nprose after\n`;
  const next = spliceResults(page, "new numbers");
  assert.equal(
    next,
    `# Benchmarks\n\nprose before\n\n${RESULTS_START}\n\nnew numbers\n\n${RESULTS_END}\n\nprose after\n`,
  );
  assert.equal(generatedSection(next), "new numbers");
  assert.equal(spliceResults(next, "new numbers"), next);
  // A page without the markers gets the section at its end.
  assert.equal(generatedSection(spliceResults("# B\n", "x")), "x");
});

test("a case's median is the middle round, or the mean of the middle two for an even count of rounds", () => {
  assert.deepEqual(spread([3, 1, 2]), { median: 2, min: 1, max: 3 });
  assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, min: 1, max: 4 });
  assert.deepEqual(spread([6, 1, 3, 9, 2, 4]), { median: 3.5, min: 1, max: 9 });
  assert.throws(() => spread([]));
});
