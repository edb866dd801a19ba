import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import type { CliIo } from "../cli-io.ts";
import { EXIT_FAILED, EXIT_INVALID, EXIT_OK } from "../exit-codes.ts";
import { findServer } from "../server-file.ts";

/** How long the server may take to stop a running run before it answers. */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * `rowforge cancel <id>`: asks the server that holds the home (found through its
 * `server.json`) to cancel a queued or running execution. A `rowforge run` in a terminal is
 * cancelled with Ctrl-C instead.
 */
export function registerCancel(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command("cancel")
    .argument("<id>", "the execution id (as POST /run answered, or rowforge history lists)")
    .option("--home <dir>", "home folder of the server (env ROWFORGE_HOME; default ~/.rowforge)")
    .option(
      "--token <token>",
      "the token the server was started with (env ROWFORGE_TOKEN, preferred: a flag shows in the process list)",
    )
    .action(async (id: string, flags: { home?: string; token?: string }) => {
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) {
        io.err(`error RF_CLI_FLAG_INVALID: "${id}" is not an execution id (letters, digits, - and _)\n`);
        setExit(EXIT_INVALID);
        return;
      }
      const home = resolve(io.cwd, flags.home ?? io.env.ROWFORGE_HOME ?? join(homedir(), ".rowforge"));
      const server = await findServer(home);
      if (!server) {
        io.err(
          `error RF_RUN_FAILED: no rowforge server is running on the home ${home} (it has no server.json); start one with \`rowforge serve --home ${home}\`, or stop a \`rowforge run\` with Ctrl-C\n`,
        );
        setExit(EXIT_FAILED);
        return;
      }
      const token = flags.token || io.env.ROWFORGE_TOKEN || undefined;
      let response: Response;
      try {
        response = await fetch(`${server.url}/run/cancel/${encodeURIComponent(id)}`, {
          method: "POST",
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
      } catch (e) {
        const why = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
        io.err(
          `error RF_RUN_FAILED: the rowforge server of ${home} at ${server.url} (pid ${server.pid}) does not answer (${why}); it may have stopped\n`,
        );
        setExit(EXIT_FAILED);
        return;
      }
      if (response.status === 401) {
        io.err(
          token
            ? `error RF_RUN_FAILED: the rowforge server at ${server.url} refused the token given (--token or ROWFORGE_TOKEN); give the token it was started with\n`
            : `error RF_RUN_FAILED: the rowforge server at ${server.url} needs a token: set ROWFORGE_TOKEN (or --token) to the token it was started with\n`,
        );
        setExit(EXIT_FAILED);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { message?: unknown; details?: unknown };
      const message = typeof body.message === "string" ? body.message : `HTTP ${response.status}`;
      if (response.ok) {
        io.out(`${message}\n`);
        setExit(EXIT_OK);
        return;
      }
      io.err(`error ${typeof body.details === "string" ? body.details : response.status}: ${message}\n`);
      setExit(EXIT_FAILED);
    });
}
