import assert from "node:assert/strict";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";
import { until } from "../support/until.ts";

async function waitFor(url: string, id: string, status: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const r = (await (await fetch(`${url}/run/status/${id}`)).json()) as Record<string, unknown>;
    if (r.status === status) return r;
    await sleep(50);
  }
  throw new Error(`run ${id} never reached ${status}`);
}

test("kill -9 during a long run: the next start marks it failed (interrupted), no finished-looking output; shutdown grace; history", async () => {
  const dir = fixtureDir({
    "plans/big.yaml": "name: big\ntasks: [{name: big_task, dataSourceName: d}]\n",
    "plans/small.yaml": "name: small\ntasks: [{name: small_task, dataSourceName: d}]\n",
    "tasks/big.yaml": `name: big_task\nsteps:\n  - name: rows\n    options: {path: OUT/big}\n    count: {records: 20000000}\n    fields: [{name: id, options: {regex: "B[0-9]{9}"}}, {name: n, options: {expression: "#{Name.name}"}}]\n`,
    "tasks/small.yaml": `name: small_task\nsteps:\n  - name: rows\n    options: {path: OUT/small}\n    count: {records: 100}\n    fields: [{name: id}]\n`,
  });
  for (const f of ["tasks/big.yaml", "tasks/small.yaml"]) {
    const p = join(dir, f);
    writeFileSync(p, (await import("node:fs")).readFileSync(p, "utf8").replace("OUT", join(dir, "out")));
  }
  writeFileSync(
    join(dir, "application.conf"),
    `folders { planFilePath = "${join(dir, "plans", "big.yaml")}", taskFolderPath = "${join(dir, "tasks")}" }\n`,
  );
  const home = join(dir, "home");
  const args = ["--home", home, "--config", join(dir, "application.conf"), "--data-dir", dir];

  const first = await startServe(args);
  const started = await (await fetch(`${first.url}/run/plans/big`, { method: "POST" })).text();
  const id = /execution id ([0-9a-f-]{36})/.exec(started)![1]!;
  await waitFor(first.url, id, "running");
  const bigOut = join(dir, "out", "big");
  // Killed while it writes: its first rows are in the output's temporary folder.
  await until(
    "the big run's first rows in its output's temporary folder",
    () => bytesInProgress(bigOut) > 0,
    { timeoutMs: 60_000 },
  );
  // The server may run as a child of the heap launcher: kill -9 the launcher, then wait for the
  // server itself to follow it (it does within moments) before the next start.
  const serverPid = (
    JSON.parse((await import("node:fs")).readFileSync(join(home, "server.json"), "utf8")) as {
      pid: number;
    }
  ).pid;
  first.child.kill("SIGKILL");
  await first.exited;
  for (let i = 0; i < 200 && alive(serverPid); i++) await sleep(50);
  assert.ok(!alive(serverPid), "the server followed its launcher");
  const leftovers = existsSync(bigOut) ? readdirSync(bigOut) : [];
  assert.ok(
    !leftovers.some((f) => f.startsWith("part-") || f === "_SUCCESS"),
    `finished-looking output after kill -9: ${leftovers}`,
  );

  const second = await startServe(args);
  const status = (await (await fetch(`${second.url}/run/status/${id}`)).json()) as {
    status: string;
    failedReason: string;
  };
  assert.deepEqual([status.status, status.failedReason], ["failed", "interrupted"]);
  const small = await (await fetch(`${second.url}/run/plans/small`, { method: "POST" })).text();
  const smallId = /execution id ([0-9a-f-]{36})/.exec(small)![1]!;
  await waitFor(second.url, smallId, "success");
  second.child.kill("SIGTERM");
  assert.equal(await second.exited, 0);

  const third = await startServe([...args, "--grace", "0.3"]);
  const long = await (await fetch(`${third.url}/run/plans/big`, { method: "POST" })).text();
  const longId = /execution id ([0-9a-f-]{36})/.exec(long)![1]!;
  await waitFor(third.url, longId, "running");
  const down = (await (await fetch(`${third.url}/shutdown`, { method: "POST" })).json()) as {
    status: string;
  };
  assert.equal(down.status, "success");
  assert.equal(await third.exited, 0);

  const history = runCli(["history", "--home", home, "--json"]);
  assert.equal(history.status, 0, history.stderr);
  const records = JSON.parse(history.stdout) as { id: string; status: string; failedReason: string | null }[];
  const byId = new Map(records.map((r) => [r.id, r]));
  assert.equal(byId.get(id)?.failedReason, "interrupted");
  assert.equal(byId.get(smallId)?.status, "success");
  assert.deepEqual([byId.get(longId)?.status, byId.get(longId)?.failedReason], ["failed", "shutdown"]);
  assert.equal(records[0]!.id, longId, "newest first");
  const table = runCli(["history", "--home", home]);
  assert.match(table.stdout, /id\s+plan\s+mode\s+status/);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The bytes a run has written into a folder output so far: its files under `_temporary-<run>`. */
function bytesInProgress(folder: string): number {
  if (!existsSync(folder)) return 0;
  let bytes = 0;
  for (const f of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    if (!f.startsWith("_temporary-")) continue;
    try {
      const st = statSync(join(folder, f));
      if (st.isFile()) bytes += st.size;
    } catch {
      // Renamed or removed meanwhile.
    }
  }
  return bytes;
}
