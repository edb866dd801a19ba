import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fixtureDir } from "../support/fixture-dir.ts";
import { startHttpReceiver } from "../support/http-receiver.ts";
import { runCli } from "../support/run-cli.ts";
import { startServe } from "../support/start-serve.ts";

const TOKEN = "cli-token-7c2e";

test("rowforge cancel works against a server started with a token: it sends ROWFORGE_TOKEN (or --token), and says what is missing when refused", async () => {
  const dir = fixtureDir({});
  const home = join(dir, "home");
  const receiver = await startHttpReceiver();
  const server = await startServe([
    "--home",
    home,
    "--data-dir",
    dir,
    "--allow-url",
    receiver.url,
    "--token",
    TOKEN,
  ]);
  const auth = { authorization: `Bearer ${TOKEN}` };
  const status = async (id: string) =>
    (await (await fetch(`${server.url}/run/status/${id}`, { headers: auth })).json()) as {
      status: string;
      failedReason: string | null;
    };
  const ended = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const st = await status(id);
      if (st.status === "failed" || st.status === "success") return st;
      await sleep(50);
    }
    throw new Error(`run ${id} did not end`);
  };
  /** A run that goes on for hours at 5 requests a second (it leaves the server idle between them). */
  const submit = async (name: string) => {
    const r = await fetch(`${server.url}/run`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        plan: { name, tasks: [{ name: "events", dataSourceName: "receiver", enabled: true }] },
        tasks: [
          {
            name: "events",
            type: "http",
            options: { rowsPerSecond: "5" },
            count: { records: 100_000 },
            fields: [{ name: "n", type: "long", options: { sql: "__index_inc" } }],
          },
        ],
      }),
    });
    assert.equal(r.status, 200, await r.clone().text());
    const id = ((await r.json()) as { executionId: string }).executionId;
    for (let i = 0; i < 600 && (await status(id)).status !== "running"; i++) await sleep(50);
    return id;
  };
  try {
    const saved = await fetch(`${server.url}/connection`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        connections: [{ name: "receiver", type: "http", options: { url: `${receiver.url}/events` } }],
      }),
    });
    assert.equal(saved.status, 200, await saved.text());
    const id = await submit("first");

    // Without a token, and with a wrong one: refused by the server, and the message says what to do.
    const none = runCli(["cancel", id, "--home", home], { env: { ROWFORGE_TOKEN: "" } });
    assert.equal(none.status, 1, none.stderr);
    assert.match(none.stderr, /needs a token: set ROWFORGE_TOKEN/);
    const wrong = runCli(["cancel", id, "--home", home], { env: { ROWFORGE_TOKEN: "not-it" } });
    assert.equal(wrong.status, 1, wrong.stderr);
    assert.match(wrong.stderr, /refused the token/);
    assert.doesNotMatch(wrong.stderr, /not-it/, "a token is never printed");
    assert.equal((await status(id)).status, "running", "nothing was cancelled");

    // With the server's token from the environment.
    const ok = runCli(["cancel", id, "--home", home], { env: { ROWFORGE_TOKEN: TOKEN } });
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, new RegExp(`Execution '${id}' cancelled while running`));
    const cancelled = await ended(id);
    assert.deepEqual([cancelled.status, cancelled.failedReason], ["failed", "cancelled"]);

    // With --token.
    const second = await submit("second");
    const flag = runCli(["cancel", second, "--home", home, "--token", TOKEN], {
      env: { ROWFORGE_TOKEN: "" },
    });
    assert.equal(flag.status, 0, flag.stderr);
    assert.equal((await ended(second)).failedReason, "cancelled");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await receiver.close();
  }
});
