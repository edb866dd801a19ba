import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { openStore } from "../../src/store/index.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { runCli } from "../support/run-cli.ts";

test("rowforge history shows recorded failures with the credentials they quote masked", async () => {
  const home = join(fixtureDir({}), "home");
  const store = await openStore(home);
  const id = "4f1c2b9a-0000-4000-8000-00000000000a";
  await store.executions.put({
    id,
    planName: "p",
    status: "failed",
    failedReason: "cannot connect to jdbc:postgresql://app:hunter2@db/shop?password=pa55word",
    runBy: "cli",
    updatedBy: "cli",
    createdTs: "2026-11-01T00:00:00.000Z",
    updatedTs: "2026-11-01T00:00:01.000Z",
    generationSummary: [],
    validationSummary: [],
    reportLink: `/report/${id}/index.html`,
    timeTaken: "1.00s",
    mode: "generate",
  });
  await store.close();
  for (const args of [
    ["history", "--home", home],
    ["history", "--home", home, "--json"],
  ]) {
    const r = runCli(args);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes("app:***@db"), r.stdout);
    for (const s of ["hunter2", "pa55word"]) assert.ok(!r.stdout.includes(s), `${args.join(" ")} leaks ${s}`);
  }
});
