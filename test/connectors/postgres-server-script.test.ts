import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import pg from "pg";
import { REPO_ROOT } from "../support/run-cli.ts";
import { freePort, scriptFacts } from "../support/script-process.ts";
import { postgresFacts } from "../support/servers.ts";

const SCRIPT = join(REPO_ROOT, "scripts", "servers", "postgres.sh");
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}` };

test("scripts/servers/postgres.sh: start on a given port prints its facts, a second start of the same folder reuses the running server, stop removes it", async () => {
  // The run's shared server shows the package is installed: this test only starts a second one.
  postgresFacts();
  const parent = mkdtempSync(join(tmpdir(), "rowforge-pg-script-"));
  // The server runs as the postgres user, which must be let through the folder.
  chmodSync(parent, 0o755);
  const dir = join(parent, "pg");
  const port = await freePort();
  const withDir = { ...env, ROWFORGE_PG_DIR: dir };
  try {
    const first = scriptFacts(
      execFileSync("bash", [SCRIPT, "start", String(port)], {
        env: withDir,
        encoding: "utf8",
        timeout: 120_000,
      }),
    );
    assert.deepEqual(first, {
      PGHOST: "127.0.0.1",
      PGPORT: String(port),
      PGUSER: "postgres",
      PGDATABASE: "postgres",
      PGDATA_DIR: dir,
    });
    const again = scriptFacts(
      execFileSync("bash", [SCRIPT, "start"], { env: withDir, encoding: "utf8", timeout: 60_000 }),
    );
    assert.deepEqual(again, first, "already running: the same server's facts");
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
    await client.connect();
    const r = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    await client.end();
    assert.match(r.rows[0]!.v, /^\d+\./);
    execFileSync("bash", [SCRIPT, "stop", dir], { env, timeout: 60_000 });
    assert.equal(existsSync(join(dir, "data")), false, "stop removes the data folder");
    const closed = new pg.Client({
      host: "127.0.0.1",
      port,
      user: "postgres",
      database: "postgres",
      connectionTimeoutMillis: 5000,
    });
    await assert.rejects(closed.connect(), /ECONNREFUSED/);
  } finally {
    execFileSync("bash", [SCRIPT, "stop", dir], { env, timeout: 60_000 });
    rmSync(parent, { recursive: true, force: true });
  }
});
