import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { createPoolExecutor } from "../../../workers/pool-executor.ts";
import { buildServer } from "../../api/build-server.ts";
import { runBatchTask } from "../../app/run-batch-task.ts";
import { createRunManager } from "../../app/runs/run-manager.ts";
import { createService } from "../../app/service/rowforge-service.ts";
import { createInlineExecutor } from "../../engine/run/inline-executor.ts";
import { RowforgeError } from "../../errors/index.ts";
import { openStore } from "../../store/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_OK } from "../exit-codes.ts";

interface ServeFlags {
  host?: string;
  port?: string;
  home?: string;
  config?: string;
  logLevel?: string;
  grace?: string;
  concurrency?: string;
  transformations?: string;
  sampleTimeLimit?: string;
}

/** `rowforge serve`: the HTTP API on loopback by default, until SIGINT/SIGTERM or POST /shutdown. */
export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("serve")
    .description("serve the HTTP API (plans, connections, samples) on 127.0.0.1:9898 by default")
    .option("--host <host>", "address to bind (env ROWFORGE_HOST)")
    .option("--port <port>", "port (env ROWFORGE_PORT; 0 picks a free one)")
    .option(
      "--home <dir>",
      "home folder for the store, reports and tracking (env ROWFORGE_HOME; default ~/.rowforge)",
    )
    .option(
      "-c, --config <file>",
      "application configuration (env APPLICATION_CONFIG_PATH; default ./application.conf)",
    )
    .option("--log-level <level>", "request log level: info, warn, error, silent", "info")
    .option("--grace <seconds>", "on shutdown, how long a running run may take to finish", "30")
    .option(
      "--transformations <dir>",
      "the only folder transformations load from (env ROWFORGE_TRANSFORMATIONS; default <home>/transformations)",
    )
    .option(
      "--sample-time-limit <seconds>",
      "how long one sample may take before it is stopped with an error (env ROWFORGE_SAMPLE_TIME_LIMIT; default 10)",
    )
    .option("--concurrency <n>", "runs at the same time (default 1: runs never fight over outputs)", "1")
    .action(async (flags: ServeFlags) => {
      const host = flags.host ?? io.env.ROWFORGE_HOST ?? "127.0.0.1";
      const portText = flags.port ?? io.env.ROWFORGE_PORT ?? "9898";
      const port = Number(portText);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `--port must be a number from 0 to 65535, not "${portText}"`,
        );
      }
      const home = resolve(io.cwd, flags.home ?? io.env.ROWFORGE_HOME ?? join(homedir(), ".rowforge"));
      const store = await openStore(home);
      const configPath = flags.config ?? io.env.APPLICATION_CONFIG_PATH;
      const transformations = flags.transformations ?? io.env.ROWFORGE_TRANSFORMATIONS;
      const limitText = flags.sampleTimeLimit ?? io.env.ROWFORGE_SAMPLE_TIME_LIMIT ?? "10";
      const sampleTimeLimit = Number(limitText);
      if (!Number.isFinite(sampleTimeLimit) || sampleTimeLimit <= 0 || sampleTimeLimit > 3600) {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `--sample-time-limit must be a number of seconds above 0 (at most 3600), not "${limitText}"`,
        );
      }
      const svc = await createService({
        store,
        env: io.env,
        cwd: io.cwd,
        sampleTimeLimitMs: sampleTimeLimit * 1000,
        transformationsFolder: transformations
          ? resolve(io.cwd, transformations)
          : join(home, "transformations"),
        ...(configPath ? { configPath } : {}),
      });
      let closing = false;
      let cutShort = false;
      const graceSeconds = Number(flags.grace ?? "30");
      if (!Number.isFinite(graceSeconds) || graceSeconds < 0) {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `--grace must be a number of seconds, not "${flags.grace}"`,
        );
      }
      let resolveDone!: () => void;
      const done = new Promise<void>((r) => {
        resolveDone = r;
      });
      const concurrency = Number(flags.concurrency ?? "1");
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
        throw new RowforgeError(
          "RF_VALUE_INVALID",
          `--concurrency must be a whole number from 1 to 64, not "${flags.concurrency}"`,
        );
      }
      const runs = createRunManager({
        store,
        concurrency,
        reportsRoot: join(home, "reports"),
        executor: (rows) => (rows < 20_000 ? createInlineExecutor(runBatchTask) : createPoolExecutor()),
      });
      const interrupted = await runs.recoverInterrupted();
      if (interrupted > 0)
        io.err(
          `rowforge: ${interrupted} run(s) left unfinished by a previous process marked failed (interrupted)\n`,
        );
      const level = flags.logLevel ?? "info";
      const server = await buildServer(svc, {
        runs,
        logger: level === "silent" ? false : { level },
        onShutdown: () => void stop("shutdown requested over the API"),
      });
      const stop = async (why: string) => {
        if (closing) return;
        closing = true;
        io.err(`rowforge: stopping (${why})\n`);
        await server.close();
        // A run in progress may finish within the grace period; else it is marked failed "shutdown".
        cutShort = !(await runs.shutdown(graceSeconds * 1000));
        await svc.close();
        resolveDone();
      };
      process.once("SIGINT", () => void stop("SIGINT"));
      process.once("SIGTERM", () => void stop("SIGTERM"));
      await server.listen({ host, port });
      svc.samples.warm();
      const address = server.server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
      io.out(`rowforge listening on ${url} (home ${home}); API docs at ${url}/docs\n`);
      await done;
      setExit(EXIT_OK);
      // Worker threads of a run cut short keep the process alive: end it; temporary outputs stay unfinished.
      if (cutShort) process.exit(EXIT_OK);
    });
}
