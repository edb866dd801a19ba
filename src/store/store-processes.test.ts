import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { sampleExecution, tempHome } from "../../test/support/store/store-samples.ts";
import { isRowforgeError } from "../errors/index.ts";
import { openStore } from "./open-store.ts";

const CHILD = fileURLToPath(new URL("../../test/support/store/store-child.ts", import.meta.url));

let home: string;
let cleanup: () => Promise<void>;
const children: ChildProcess[] = [];

beforeEach(async () => {
  ({ home, cleanup } = await tempHome());
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  }
  await cleanup();
});

function startChild(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, [CHILD, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return child;
}

/** The child's first line on stdout; its stderr is part of the failure when it exits first. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const end = out.indexOf("\n");
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.on("exit", (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before a line: ${err}`)),
    );
  });
}

describe("store shared between processes", { timeout: 30_000 }, () => {
  it("refuses to open a store another process holds, naming the folder", async () => {
    const holder = startChild("hold", home);
    assert.equal(await firstLine(holder), "ready");
    await assert.rejects(openStore(home), (e) => {
      assert.ok(isRowforgeError(e));
      assert.equal(e.code, "RF_STORE_LOCKED");
      assert.ok(e.message.includes(join(home, "store")), e.message);
      return true;
    });
    holder.kill("SIGKILL");
    await once(holder, "exit");
    // The lock goes with the process that held it.
    const store = await openStore(home);
    await store.close();
  });

  it("makes another process fail with RF_STORE_LOCKED while this one holds the store", async () => {
    const store = await openStore(home);
    try {
      const line = await firstLine(startChild("open", home));
      const outcome = JSON.parse(line) as { opened: boolean; code?: string; message?: string };
      assert.equal(outcome.opened, false);
      assert.equal(outcome.code, "RF_STORE_LOCKED");
      assert.ok(outcome.message?.includes(join(home, "store")), outcome.message);
    } finally {
      await store.close();
    }
    const after = JSON.parse(await firstLine(startChild("open", home))) as { opened: boolean };
    assert.equal(after.opened, true);
  });

  it("keeps an acknowledged execution write when the writer is killed with SIGKILL", async () => {
    const writer = startChild("write-execution", home, "run-42", "2025-03-01T10:00:00.000Z");
    assert.equal(await firstLine(writer), "ok");
    writer.kill("SIGKILL");
    const [, signal] = (await once(writer, "exit")) as [number | null, NodeJS.Signals | null];
    assert.equal(signal, "SIGKILL");

    const store = await openStore(home);
    try {
      const expected = sampleExecution("run-42", "2025-03-01T10:00:00.000Z", {
        seed: "42",
        nowMicros: 1_740_823_200_000_000,
      });
      assert.deepEqual(await store.executions.get("run-42"), expected);
      assert.deepEqual(await store.executions.list(), [expected]);
      assert.deepEqual(await store.executions.listByStatus("running"), [expected]);
    } finally {
      await store.close();
    }
  });
});
