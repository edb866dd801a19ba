import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startHttpReceiver } from "../support/http-receiver.ts";
import { runCliAsync } from "../support/run-cli.ts";

const plan = (url: string, count: string, options = "") =>
  fixtureDir({
    "plan.yaml": "name: http_cli\ntasks:\n  - name: events\n    dataSourceName: api\n",
    "task/events.yaml": `name: events\nsteps:\n  - name: events\n    count: ${count}\n${options}    fields:\n      - {name: n, type: long, options: {sql: __index_inc}}\n      - {name: status, options: {oneOf: [open, closed]}}\n`,
    "application.conf": `http {\n  api {\n    url = "${url}"\n  }\n}\n`,
  });

test("rowforge run to an HTTP endpoint: progress says what was acknowledged, the summary the latencies, the report charts rate and latency", async () => {
  const receiver = await startHttpReceiver();
  try {
    const dir = plan(`${receiver.url}/in`, "{duration: 2s, rate: 300}");
    const home = join(dir, "home");
    const r = await runCliAsync(["run", join(dir, "plan.yaml"), "--home", home], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(receiver.received("/in").length, 600);
    assert.match(r.stderr, /events: .* ack [\d,]+/);
    assert.match(
      r.stdout,
      /events: 600 sent, 600 acknowledged, 0 failed, [\d,]+\/s \(target mean 300\/s\).*latency ms p50 [\d.]+ p90 [\d.]+ p99 [\d.]+ max [\d.]+, responses 200: 600/,
    );
    const report = /report: (\S+index\.html)/.exec(r.stdout)?.[1];
    assert.ok(report, r.stdout);
    const html = readFileSync(report, "utf8");
    assert.match(html, /<h2>Deliveries<\/h2>/);
    assert.match(html, /aria-label="events: messages per second"/);
    assert.match(html, /aria-label="events: latency"/);
    const results = JSON.parse(readFileSync(join(dirname(report), "results.json"), "utf8")) as {
      steps: { delivery: { acknowledged: number; perSecond: { target: number }[] } }[];
    };
    assert.equal(results.steps[0]!.delivery.acknowledged, 600);
    assert.deepEqual(results.steps[0]!.delivery.perSecond.map((s) => s.target).slice(0, 2), [300, 300]);
  } finally {
    await receiver.close();
  }
});

test("Ctrl-C during a paced HTTP step stops it and says exactly how many requests were acknowledged", async () => {
  const receiver = await startHttpReceiver();
  try {
    const dir = plan(`${receiver.url}/slow`, "{records: 2000}", '    options: {rowsPerSecond: "100"}\n');
    // Ctrl-C once the step is well under way (a time after the start says nothing under load).
    const r = await runCliAsync(["run", join(dir, "plan.yaml"), "-q"], {
      cwd: dir,
      interruptWhen: () => receiver.received("/slow").length > 50,
    });
    assert.equal(r.status, 130, r.stderr);
    const received = receiver.received("/slow").length;
    assert.ok(received > 50 && received < 1000, `${received}`);
    const m = /events \(stopped: ([\d,]+) of ([\d,]+) messages sent were acknowledged\)/.exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.equal(Number(m[1]!.replaceAll(",", "")), received);
  } finally {
    await receiver.close();
  }
});
