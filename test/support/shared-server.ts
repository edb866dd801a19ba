import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A server the tests of one run share, started by its script under scripts/servers/ (which
 * prints KEY=value facts): by test/support/global-servers.ts before any test file runs, or, for
 * an on-demand server (the brokers), by the first test process that asks for its facts.
 */
export interface SharedServer {
  readonly name: string;
  /** Under scripts/servers/: `start` prints KEY=VALUE lines, `stop <dir>` stops and removes it. */
  readonly script: string;
  /** Environment variable per fact the script prints (its KEY → the test processes' variable). */
  readonly env: Readonly<Record<string, string>>;
  /** The printed fact naming what `stop` needs. */
  readonly stopKey: string;
  /** Set to why the server did not start: the tests needing it fail with that reason, the others run. */
  readonly errorEnv: string;
  /**
   * Extra environment for its script, given a folder of this run's own (made per run, removed at
   * the end) and the pid of the test run's main process (the server goes when that process goes).
   */
  readonly scriptEnv?: (runDir: string, runnerPid: number) => Readonly<Record<string, string>>;
  /**
   * Started only when a test first asks for its facts (unless `ROWFORGE_TEST_BROKERS=1`), so runs
   * that never touch it do not pay its start. Needs `scriptEnv` to put its folder under the run's.
   */
  readonly onDemand?: boolean;
}

/** The run's own folder for servers, set by the global setup for the test processes. */
export const SERVERS_DIR_ENV = "ROWFORGE_TEST_SERVERS_DIR";
/** The pid of the test run's main process (where the global setup runs). */
export const RUNNER_PID_ENV = "ROWFORGE_TEST_RUNNER_PID";
/**
 * When the on-demand servers (the brokers) start: unset, when a test first needs one; `1`, all
 * of them at the global setup, beside the databases; `0`, never (tests needing one fail, saying so).
 */
export const BROKERS_SWITCH_ENV = "ROWFORGE_TEST_BROKERS";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Generous: the first start on a fresh machine installs the server from Debian's packages (or Maven Central's jars). */
export const START_TIMEOUT_MS = 600_000;

export const scriptPath = (server: SharedServer): string => join(ROOT, "scripts", "servers", server.script);

/** The environment a server's script runs with (PATH first names this Node, as the scripts' children expect). */
export const scriptEnvironment = (
  server: SharedServer,
  runDir: string,
  runnerPid: number,
): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
  // The server goes away with this test run even when the run is killed before its teardown.
  ROWFORGE_PG_WATCH_PID: String(runnerPid),
  ...server.scriptEnv?.(runDir, runnerPid),
});

export function parseFacts(stdout: string): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const line of stdout.split("\n")) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) facts[m[1]!] = m[2]!;
  }
  return facts;
}

/** Puts the printed facts into this process's environment (inherited by the processes it starts). */
export function exportFacts(server: SharedServer, facts: Readonly<Record<string, string>>): void {
  for (const [key, variable] of Object.entries(server.env)) {
    const value = facts[key];
    if (value === undefined) throw new Error(`test run: scripts/servers/${server.script} printed no ${key}`);
    process.env[variable] = value;
  }
}

/** Where a failed on-demand start is remembered, so the run's other test processes do not try again. */
const errorFile = (server: SharedServer, runDir: string): string =>
  join(runDir, `${server.script}.start-error`);

/**
 * Starts an on-demand server from a test process (the script is idempotent and locks its folder:
 * the first caller starts it, the others wait and get the same facts) and exports its facts.
 * Throws (remembering why for the rest of the run) when it cannot start.
 */
function startOnDemand(server: SharedServer, runDir: string): void {
  const remembered = errorFile(server, runDir);
  if (existsSync(remembered)) throw new Error(readFileSync(remembered, "utf8"));
  const runnerPid = Number(process.env[RUNNER_PID_ENV] ?? process.ppid);
  let stdout: string;
  try {
    stdout = execFileSync("bash", [scriptPath(server), "start"], {
      env: scriptEnvironment(server, runDir, runnerPid),
      encoding: "utf8",
      timeout: START_TIMEOUT_MS,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? (e as Error).message).trim();
    const reason = `test run: ${server.name} did not start (scripts/servers/${server.script} start): ${stderr}`;
    writeFileSync(remembered, reason);
    throw new Error(reason);
  }
  exportFacts(server, parseFacts(stdout));
}

/**
 * Starts an on-demand server in the background, without waiting, when this test process would
 * start it on demand and it is not known to be up: a test file whose later tests need it finds
 * it up by then (or still starting: its script's folder lock makes sharedServerFacts wait for this
 * start and print its facts), its start overlapping the tests before. Any failure is left to that
 * later call, which starts it again or reports why not.
 */
export function startInBackground(server: SharedServer): void {
  const runDir = process.env[SERVERS_DIR_ENV];
  if (!server.onDemand || !runDir || process.env[BROKERS_SWITCH_ENV] === "0") return;
  if (process.env[server.errorEnv] || Object.values(server.env).every((k) => process.env[k])) return;
  if (existsSync(errorFile(server, runDir))) return;
  const runnerPid = Number(process.env[RUNNER_PID_ENV] ?? process.ppid);
  const child = spawn("bash", [scriptPath(server), "start"], {
    env: scriptEnvironment(server, runDir, runnerPid),
    stdio: "ignore",
  });
  child.on("error", () => {});
  // This test process may end first: the start goes on, and the run's teardown stops the server.
  child.unref();
}

/**
 * The server's facts (its environment variables → values) for a test: those in the environment
 * (given by the user or the global setup), else, for an on-demand server inside a test run,
 * started now. Throws, failing the test, naming why the server is missing and how to get one.
 */
export function sharedServerFacts(
  server: SharedServer,
  what: string,
  howToStart: string,
): Record<string, string> {
  const failed = process.env[server.errorEnv];
  if (failed) throw new Error(`this test needs ${what}, which did not start: ${failed}`);
  const variables = Object.values(server.env);
  let missing = variables.filter((k) => !process.env[k]);
  const runDir = process.env[SERVERS_DIR_ENV];
  if (missing.length > 0 && server.onDemand && runDir && process.env[BROKERS_SWITCH_ENV] !== "0") {
    try {
      startOnDemand(server, runDir);
    } catch (e) {
      throw new Error(`this test needs ${what}, which did not start: ${(e as Error).message}`);
    }
    missing = variables.filter((k) => !process.env[k]);
  }
  if (missing.length > 0) {
    const off = process.env[BROKERS_SWITCH_ENV] === "0" ? ` (${BROKERS_SWITCH_ENV}=0 turned it off)` : "";
    throw new Error(
      `this test needs ${what}, but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set${off}. ` +
        "Run it through `npm run test:unit`, or add --test-global-setup=test/support/global-servers.ts to `node --test` " +
        `(either starts it), or export those variables for one of your own (\`${howToStart}\` prints its facts).`,
    );
  }
  return Object.fromEntries(variables.map((k) => [k, process.env[k]!]));
}
