import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { openAccess } from "../../access/index.ts";
import { maskOptions } from "../../app/catalog/secrets.ts";
import { findConnection } from "../../app/connections/find-connection.ts";
import { gatherConnections } from "../../app/connections/gather-connections.ts";
import { testConnection } from "../../app/connections/test-connection.ts";
import type { CliIo } from "../cli-io.ts";
import { EXIT_FAILED, EXIT_OK } from "../exit-codes.ts";

interface ConnectionFlags {
  config?: string;
  home?: string;
  plan?: string[];
  json?: boolean;
}

const sourcesOf = (cmd: Command) =>
  cmd
    .option(
      "--config <file>",
      "application configuration (env APPLICATION_CONFIG_PATH; default ./application.conf)",
    )
    .option(
      "--home <dir>",
      "home folder whose saved connections count (env ROWFORGE_HOME; default ~/.rowforge)",
    )
    .option("--plan <file...>", "unified plan files whose inline connections count")
    .option("--json", "print JSON");

/**
 * `rowforge connection test <name>` (Data Caterer's connection test, from the command line: 0
 * when it succeeded, 1 with the reason when not) and `rowforge connection list`. Connections
 * come from the configuration, the home's saved ones and `--plan` files; secrets never print.
 */
export function registerConnection(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const gather = (flags: ConnectionFlags) =>
    gatherConnections({
      ...(flags.config ? { configPath: flags.config } : {}),
      env: io.env,
      cwd: io.cwd,
      home: resolve(io.cwd, flags.home ?? io.env.ROWFORGE_HOME ?? join(homedir(), ".rowforge")),
      ...(flags.plan ? { plans: flags.plan } : {}),
    });
  const group = program.command("connection");
  sourcesOf(
    group
      .command("test")
      .description("test a connection: reach it, say what is there, write nothing (exit 0 when it works)")
      .argument("<name>", "the connection's name"),
  ).action(async (name: string, flags: ConnectionFlags) => {
    const { connections, searched } = await gather(flags);
    const connection = findConnection(connections, name, searched.join(", "));
    const result = await testConnection(connection, openAccess(io.cwd));
    if (flags.json) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else {
      const facts = Object.entries(result.details)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n");
      const line = `${result.success ? "ok" : "failed"}: ${result.message} (${result.durationMs} ms)\n${facts}\n`;
      if (result.success) io.out(line);
      else io.err(line);
    }
    setExit(result.success ? EXIT_OK : EXIT_FAILED);
  });
  sourcesOf(
    group.command("list").description("list the connections rowforge can name, secrets masked"),
  ).action(async (flags: ConnectionFlags) => {
    const { connections, searched } = await gather(flags);
    const list = [...connections.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => ({ ...c, options: maskOptions(c.options) }));
    if (flags.json) io.out(`${JSON.stringify(list, null, 2)}\n`);
    else if (list.length === 0) io.out(`no connections in ${searched.join(", ")}\n`);
    else {
      const rows = [
        ["name", "type", "source", "where"],
        ...list.map((c) => [c.name, c.type, c.source ?? "", whereOf(c.options)]),
      ];
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      io.out(
        `${rows
          .map((r) =>
            r
              .map((cell, i) => cell.padEnd(widths[i]!))
              .join("  ")
              .trimEnd(),
          )
          .join("\n")}\n`,
      );
    }
    setExit(EXIT_OK);
  });
}

/** What a connection points at, for the list: its url (credentials masked) or path. */
const whereOf = (o: Readonly<Record<string, string>>): string =>
  o.url ?? o.path ?? o["kafka.bootstrap.servers"] ?? o["bootstrap.servers"] ?? "";
