import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { getHeapStatistics } from "node:v8";
import type { Command } from "commander";
import type { ServerAccessChoice } from "../../access/index.ts";
import { exposureWarning } from "../../api/request-guard.ts";
import { readRunLimits } from "../../app/runs/run-limits.ts";
import { createRunThreads } from "../../app/runs/run-threads.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_OK } from "../exit-codes.ts";
import { forgetServer, rememberServer } from "../server-file.ts";

interface ServeFlags {
  host?: string;
  port?: string;
  home?: string;
  config?: string;
  logLevel?: string;
  grace?: string;
  concurrency?: string;
  maxRows?: string;
  maxBytes?: string;
  maxRunSeconds?: string;
  maxHeap?: string;
  token?: string;
  allowedHost?: string[];
  transformations?: string;
  sampleTimeLimit?: string;
  dataDir?: string[];
  outputDir?: string[];
  allowUrl?: string[];
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `rowforge serve`: the HTTP API on loopback by default, until SIGINT/SIGTERM or POST /shutdown. */
export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("serve")
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
      "--data-dir <dir>",
      `a folder files named by plans sent over HTTP may be read from; repeatable (env ROWFORGE_DATA_DIRS, "${delimiter}"-separated; default <home>/data; the configuration's plan, task and validation folders always are)`,
      collect,
    )
    .option(
      "--output-dir <dir>",
      `a folder plans sent over HTTP may write under (relative paths go below the first); repeatable (env ROWFORGE_OUTPUT_DIRS, "${delimiter}"-separated; default the data folders)`,
      collect,
    )
    .option(
      "--allow-url <prefix>",
      "a URL prefix plans sent over HTTP may reach (documents, schema registries, HTTP steps, webhooks), e.g. https://schemas.example.com/; repeatable (env ROWFORGE_ALLOW_URLS, comma-separated; default none; * allows any)",
      collect,
    )
    .option(
      "--sample-time-limit <seconds>",
      "how long one sample may take before it is stopped with an error (env ROWFORGE_SAMPLE_TIME_LIMIT; default 10)",
    )
    .option("--concurrency <n>", "runs at the same time (default 1: runs never fight over outputs)", "1")
    .option("--max-rows <n>", "rows a run may ask for (env ROWFORGE_MAX_ROWS; default 1e9)")
    .option("--max-bytes <n>", "bytes a run may write (env ROWFORGE_MAX_BYTES; default 1 TiB)")
    .option("--max-run-seconds <n>", "seconds a run may take (env ROWFORGE_MAX_RUN_SECONDS; default 86400)")
    .option(
      "--max-heap <MiB>",
      "the server's JavaScript heap limit in MiB (env ROWFORGE_MAX_HEAP_MB; default 4096); the launcher starts Node with it",
    )
    .option(
      "--token <token>",
      "require Authorization: Bearer <token> on every route but /docs and /openapi.json (env ROWFORGE_TOKEN, preferred: a flag shows in the process list)",
    )
    .option(
      "--allowed-host <name>",
      "another host name clients may use (Host and Origin), e.g. a reverse proxy's; repeatable (env ROWFORGE_ALLOWED_HOSTS, comma-separated)",
      collect,
    )
    .action(async (flags: ServeFlags) => {
      const host = flags.host ?? io.env.ROWFORGE_HOST ?? "127.0.0.1";
      const portText = flags.port ?? io.env.ROWFORGE_PORT ?? "9898";
      const port = Number(portText);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new RowforgeError(
          "RF_CLI_FLAG_INVALID",
          `--port must be a number from 0 to 65535, not "${portText}"`,
        );
      }
      const heapText = flags.maxHeap ?? io.env.ROWFORGE_MAX_HEAP_MB;
      if (heapText !== undefined && (!/^\d+$/.test(heapText) || Number(heapText) < 64)) {
        throw new RowforgeError(
          "RF_CLI_FLAG_INVALID",
          `--max-heap must be a whole number of MiB, at least 64, not "${heapText}"`,
        );
      }
      const home = resolve(io.cwd, flags.home ?? io.env.ROWFORGE_HOME ?? join(homedir(), ".rowforge"));
      const configPath = flags.config ?? io.env.APPLICATION_CONFIG_PATH;
      const transformations = flags.transformations ?? io.env.ROWFORGE_TRANSFORMATIONS;
      const limitText = flags.sampleTimeLimit ?? io.env.ROWFORGE_SAMPLE_TIME_LIMIT ?? "10";
      const sampleTimeLimit = Number(limitText);
      if (!Number.isFinite(sampleTimeLimit) || sampleTimeLimit <= 0 || sampleTimeLimit > 3600) {
        throw new RowforgeError(
          "RF_CLI_FLAG_INVALID",
          `--sample-time-limit must be a number of seconds above 0 (at most 3600), not "${limitText}"`,
        );
      }
      let closing = false;
      let cutShort = false;
      const graceSeconds = Number(flags.grace ?? "30");
      if (!Number.isFinite(graceSeconds) || graceSeconds < 0) {
        throw new RowforgeError(
          "RF_CLI_FLAG_INVALID",
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
          "RF_CLI_FLAG_INVALID",
          `--concurrency must be a whole number from 1 to 64, not "${flags.concurrency}"`,
        );
      }
      const limits = readRunLimits(flags, io.env);
      const access = serveAccess(flags, io);
      // The server's modules (Fastify and its plugins, the store) load only for this command.
      const [{ buildServer }, { createRuntime }] = await Promise.all([
        import("../../api/build-server.ts"),
        import("../../app/compose.ts"),
      ]);
      const runtime = await createRuntime({
        home,
        env: io.env,
        cwd: io.cwd,
        sampleTimeLimitMs: sampleTimeLimit * 1000,
        ...(transformations ? { transformationsFolder: resolve(io.cwd, transformations) } : {}),
        ...(configPath ? { configPath } : {}),
        concurrency,
        limits,
        access,
        onError: (message, e) => io.err(`rowforge: ${message}: ${describe(e)}\n`),
        // No run is done on this thread: each has a thread of its own, which a cancel can end at once.
        host: createRunThreads({ threads: concurrency }),
      });
      const { service: svc, runs } = runtime;
      // The web UI's files: the install's build, or a fresh one when the sources changed since.
      const ui = await import("../../api/ui/ui-assets.ts")
        .then((m) => m.loadUiAssets())
        .catch((e: unknown) => {
          io.err(
            `rowforge: the web UI is not served (its build failed: ${describe(e)}); run npm run build\n`,
          );
          return undefined;
        });
      // The last line of defence: a promise nobody handled is logged, never the end of the server.
      const onUnhandled = (reason: unknown) =>
        io.err(`rowforge: unhandled failure (the server goes on): ${describe(reason)}\n`);
      process.on("unhandledRejection", onUnhandled);
      const interrupted = await runs.recoverInterrupted();
      if (interrupted > 0)
        io.err(
          `rowforge: ${interrupted} run(s) left unfinished by a previous process marked failed (interrupted)\n`,
        );
      const level = flags.logLevel ?? "info";
      const token = flags.token ?? io.env.ROWFORGE_TOKEN;
      const allowedHosts = [...(flags.allowedHost ?? []), ...(io.env.ROWFORGE_ALLOWED_HOSTS ?? "").split(",")]
        .map((h) => h.trim())
        .filter((h) => h !== "");
      const warning = exposureWarning(host, token !== undefined && token !== "");
      if (warning) io.err(warning);
      const server = await buildServer(svc, {
        runs,
        logger: level === "silent" ? false : { level },
        onShutdown: () => void stop("shutdown requested over the API"),
        guard: { bindHost: host, allowedHosts, ...(token ? { token } : {}) },
        ...(ui ? { ui } : {}),
      });
      const stop = async (why: string) => {
        if (closing) return;
        closing = true;
        io.err(`rowforge: stopping (${why})\n`);
        try {
          await forgetServer(home);
          await server.close();
          // A run in progress may finish within the grace period; else it is marked failed "shutdown".
          cutShort = !(await runtime.close(graceSeconds * 1000));
        } catch (e) {
          io.err(`rowforge: stopping did not go cleanly: ${describe(e)}\n`);
          cutShort = true;
        }
        resolveDone();
      };
      // `on`, not `once`: under the heap launcher a Ctrl-C reaches the server twice (terminal and launcher).
      process.on("SIGINT", () => void stop("SIGINT"));
      process.on("SIGTERM", () => void stop("SIGTERM"));
      await server.listen({ host, port });
      svc.samples.warm();
      const address = server.server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
      // `rowforge cancel --home` finds the server of a home through this file.
      await rememberServer(home, url).catch((e: unknown) =>
        io.err(
          `rowforge: cannot write ${home}/server.json (rowforge cancel will not find this server): ${describe(e)}\n`,
        ),
      );
      const heapMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
      io.out(
        `rowforge listening on ${url} (home ${home}, heap limit ${heapMb} MiB); API docs at ${url}/docs${ui ? `, web UI at ${url}/ui/` : ""}\n`,
      );
      await done;
      process.off("unhandledRejection", onUnhandled);
      setExit(EXIT_OK);
      // A run that could not be stopped keeps the process alive: end it.
      if (cutShort) process.exit(EXIT_OK);
    });
}

const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * What plans sent over HTTP may reach: `--data-dir`, `--output-dir` (each repeatable, or their
 * environment variables; folders that must exist) and `--allow-url` prefixes.
 */
function serveAccess(flags: ServeFlags, io: CliIo): ServerAccessChoice {
  const listed = (given: string[] | undefined, env: string | undefined, separator: string) =>
    (given && given.length > 0 ? given : (env ?? "").split(separator))
      .map((x) => x.trim())
      .filter((x) => x !== "");
  const folders = (flag: string, given: string[] | undefined, env: string | undefined) =>
    listed(given, env, delimiter).map((d) => {
      const dir = resolve(io.cwd, d);
      if (!existsSync(dir))
        throw new RowforgeError("RF_CLI_FLAG_INVALID", `${flag} ${d} does not exist`, {
          hint: "create the folder first, or name another",
        });
      return dir;
    });
  return {
    dataDirs: folders("--data-dir", flags.dataDir, io.env.ROWFORGE_DATA_DIRS),
    outputDirs: folders("--output-dir", flags.outputDir, io.env.ROWFORGE_OUTPUT_DIRS),
    allowUrls: listed(flags.allowUrl, io.env.ROWFORGE_ALLOW_URLS, ","),
  };
}
