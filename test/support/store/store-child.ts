/**
 * A second process for the store tests. Modes:
 *   hold <home>            open the store, print "ready", keep it open until killed
 *   open <home>            try to open the store, print the outcome as JSON, exit
 *   write-execution <home> <id> <createdTs>   save a running execution, print "ok", wait to be killed
 */
import { isRowforgeError } from "../../../src/errors/index.ts";
import { openStore } from "../../../src/store/open-store.ts";
import { sampleExecution } from "./store-samples.ts";

const [mode, home, id, createdTs] = process.argv.slice(2);

const waitForever = (): void => {
  setInterval(() => undefined, 60_000);
};

async function main(): Promise<void> {
  if (home === undefined) throw new Error("usage: store-child <mode> <home> ...");
  if (mode === "hold") {
    await openStore(home);
    process.stdout.write("ready\n");
    waitForever();
  } else if (mode === "open") {
    try {
      const store = await openStore(home);
      await store.close();
      process.stdout.write(`${JSON.stringify({ opened: true })}\n`);
    } catch (e) {
      const code = isRowforgeError(e) ? e.code : "not a RowforgeError";
      const message = e instanceof Error ? e.message : String(e);
      process.stdout.write(`${JSON.stringify({ opened: false, code, message })}\n`);
    }
  } else if (mode === "write-execution" && id !== undefined && createdTs !== undefined) {
    const store = await openStore(home);
    await store.executions.put(
      sampleExecution(id, createdTs, { seed: "42", nowMicros: 1_740_823_200_000_000 }),
    );
    process.stdout.write("ok\n");
    waitForever();
  } else {
    throw new Error(`unknown mode ${String(mode)}`);
  }
}

await main();
