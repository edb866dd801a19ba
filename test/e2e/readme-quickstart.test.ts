import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";

/** The shell blocks of the README between quickstart markers, exactly as a reader copies them. */
function quickstartBlocks(): string[] {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  return [
    ...readme.matchAll(/<!-- quickstart:begin -->\n```sh\n([\s\S]*?)```\n<!-- quickstart:end -->/g),
  ].map((m) => m[1]!);
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

test("the README's quickstart runs word for word: sample, run, history, then the HTTP API", async () => {
  const blocks = quickstartBlocks();
  assert.equal(blocks.length, 2, "the README has the CLI and the HTTP quickstart blocks");
  assert.ok(await portFree(9898), "the HTTP quickstart uses port 9898, which something else holds");
  const work = join(REPO_ROOT, "scratch", "first");
  rmSync(work, { recursive: true, force: true });
  try {
    // One shell, as a reader's terminal: the second block runs where the first one left off.
    const r = spawnSync("bash", ["-euo", "pipefail", "-c", blocks.join("\n")], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: "1" },
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    const out = r.stdout;
    // sample: five NDJSON rows of the plan
    const rows = out
      .split("\n")
      .filter((l) => l.startsWith('{"id":"CUS'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(rows.length, 5);
    for (const row of rows) assert.match(String(row.email), /@example\.com$/);
    // run: the summary, the report, the files
    assert.match(out, /customers\s+json\s+1,000 /);
    assert.match(
      out,
      /done: plan first_plan, seed 42, now \S+ \(repeat with --seed 42 --now \S+\), 1,000 records written/,
    );
    const report = /report: (\S+index\.html)/.exec(out)?.[1];
    assert.ok(report && existsSync(report), "the report exists where run says");
    assert.ok(readdirSync(join(work, "out", "customers")).some((f) => /^part-00000-.*\.json$/.test(f)));
    // history
    assert.match(out, /first_plan\s+generate\s+success/);
    // HTTP: the sample envelope, the saved plan, the run and its record, the shutdown
    assert.match(out, /"sampleData":\[\{"id":"CUS\d{6}","joined":"\d{4}-\d{2}-\d{2}"\}/);
    assert.match(out, /Plan 'http_plan' saved successfully/);
    assert.match(out, /started in generate mode with execution id/);
    assert.match(out, /"status":"success","failedReason":null.*"records":500/);
    assert.match(out, /rowforge is shutting down/);
    // A plan sent over HTTP writes below the server's data folder, <home>/data.
    const people = join(work, ".rowforge-api", "data", "out", "people");
    assert.equal(
      readFileSync(
        readdirSync(people)
          .map((f) => join(people, f))
          .find((f) => f.endsWith(".csv"))!,
        "utf8",
      )
        .trimEnd()
        .split("\n").length,
      501,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
