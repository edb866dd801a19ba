import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { maskDeep } from "../../app/catalog/secrets.ts";
import { recoverLeftRunsOfHome } from "../../app/runs/recover-runs.ts";
import { isRowforgeError } from "../../errors/index.ts";
import { type ExecutionRecord, openStore, type Store } from "../../store/index.ts";
import { openStoreSnapshot } from "../../store/open-store-snapshot.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_OK } from "../exit-codes.ts";

/** `rowforge history`: the executions recorded in a home's store, newest first. */
export function registerHistory(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("history")
    .option("--home <dir>", "home folder (env ROWFORGE_HOME; default ~/.rowforge)")
    .option("-n, --limit <n>", "at most this many runs", "50")
    .option("--json", "print the execution records as JSON")
    .action(async (flags: { home?: string; limit?: string; json?: boolean }) => {
      // An empty ROWFORGE_HOME is the default home (as for run), never the current folder.
      const home = resolve(io.cwd, flags.home || io.env.ROWFORGE_HOME || join(homedir(), ".rowforge"));
      // Runs that ended while a server held the home (or died) are told first, as run does.
      await recoverLeftRunsOfHome(home);
      let store: Store;
      try {
        store = await openStore(home);
      } catch (e) {
        if (!isRowforgeError(e) || e.code !== "RF_STORE_LOCKED") throw e;
        // A server holds the home: read a snapshot of its store instead of failing.
        store = await openStoreSnapshot(home);
        io.err(`note: ${home} is held by a running rowforge process; listing a snapshot of its runs\n`);
      }
      try {
        const limit = Math.max(1, Number(flags.limit ?? 50) || 50);
        // Errors recorded in a run may quote connection URLs: shown with their credentials masked.
        const records = (await store.executions.list({ limit })).map((r) => maskDeep(r) as ExecutionRecord);
        if (flags.json) {
          io.out(`${JSON.stringify(records, null, 2)}\n`);
        } else if (records.length === 0) {
          io.out(`no runs recorded in ${home}\n`);
        } else {
          const rows = [["id", "plan", "mode", "status", "created", "time", "reason"]];
          for (const r of records)
            rows.push([r.id, r.planName, r.mode, r.status, r.createdTs, r.timeTaken, r.failedReason ?? ""]);
          const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
          io.out(
            `${rows
              .map((row) =>
                row
                  .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c]!)))
                  .join("  ")
                  .trimEnd(),
              )
              .join("\n")}\n`,
          );
        }
      } finally {
        await store.close();
      }
      setExit(EXIT_OK);
    });
}
