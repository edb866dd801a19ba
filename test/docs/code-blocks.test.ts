import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { parseAllDocuments } from "yaml";
import { runCli } from "../support/run-cli.ts";
import { type CodeBlock, codeBlocks, outsideFences, readPages } from "./markdown-pages.ts";

const pages = readPages();
const blocks = pages.flatMap(codeBlocks);
const work = mkdtempSync(join(tmpdir(), "rf-doc-blocks-"));
after(() => rmSync(work, { recursive: true, force: true }));

const where = (b: CodeBlock) => `${b.page}:${b.line}`;

/**
 * Problems that name something of the reader's world the example assumes and this test does not
 * have: a server at the example's address, or a document the example names by path. Any other
 * problem means the example itself is wrong.
 */
const WORLD_CODES = new Set([
  "RF_DB_UNREACHABLE",
  "RF_BROKER_UNREACHABLE",
  "RF_CONNECTION_TIMEOUT",
  "RF_SCHEMA_REGISTRY",
]);

interface Diagnostic {
  readonly severity: string;
  readonly code: string;
  readonly message: string;
}

/** `rowforge validate --json` of one block written as a file: the errors it reports. */
function validateErrors(b: CodeBlock, fileName: string): Diagnostic[] {
  const dir = mkdtempSync(join(work, "block-"));
  writeFileSync(join(dir, fileName), b.code);
  // A `${VAR}` the example reads from the environment is given, as a reader would give it.
  const env = Object.fromEntries(
    [...b.code.matchAll(/\$\{\??([A-Z_][A-Z0-9_]*)/g)].map((m) => [m[1]!, "docs"]),
  );
  const r = runCli(["validate", "--json", fileName], { cwd: dir, env });
  assert.ok(
    r.stdout.trim().startsWith("{"),
    `${where(b)}: validate printed no JSON\n${r.stdout}\n${r.stderr}`,
  );
  const out = JSON.parse(r.stdout) as { diagnostics: Diagnostic[] };
  return out.diagnostics.filter((d) => d.severity === "error");
}

/** Errors that are the example's own fault (see WORLD_CODES; a missing document must be one the block names). */
function ownErrors(b: CodeBlock, errors: readonly Diagnostic[]): string[] {
  return errors
    .filter((d) => !WORLD_CODES.has(d.code))
    .filter(
      (d) =>
        !(
          d.code === "RF_FILE_NOT_FOUND" &&
          [...b.code.matchAll(/:\s*["']?([\w./-]+\.(?:json|ya?ml|avsc|proto))/g)].some((m) =>
            d.message.includes(m[1]!),
          )
        ),
    )
    .map((d) => `${where(b)}: ${d.code}: ${d.message}`);
}

/** What a YAML block is as rowforge classifies files: a unified plan, a plan, a task; else a fragment. */
function yamlKind(value: unknown): "unified" | "plan" | "task" | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.includes("dataSources") && Array.isArray((value as { dataSources: unknown }).dataSources))
    return "unified";
  if (keys.includes("tasks")) return "plan";
  if (keys.includes("steps")) return "task";
  return undefined;
}

test("the guides hold code blocks of every kind this test checks", () => {
  const langs = new Set(blocks.map((b) => b.lang));
  for (const lang of ["yaml", "sh", "hocon"]) assert.ok(langs.has(lang), `no ${lang} block found`);
  const untagged = blocks.filter((b) => b.lang === "");
  assert.deepEqual(untagged.map(where), [], "code blocks say their language (yaml, sh, json, hocon, text)");
});

test("every yaml block parses, and every plan, task or unified file in one loads and validates", () => {
  const yamlBlocks = blocks.filter((b) => b.lang === "yaml" || b.lang === "yml");
  assert.ok(yamlBlocks.length >= 5);
  const problems: string[] = [];
  let validated = 0;
  for (const b of yamlBlocks) {
    const docs = parseAllDocuments(b.code);
    const parseErrors = (Array.isArray(docs) ? docs : [docs]).flatMap((d) => d.errors.map((e) => e.message));
    if (parseErrors.length > 0) {
      problems.push(`${where(b)}: ${parseErrors.join("; ")}`);
      continue;
    }
    const kind = yamlKind((Array.isArray(docs) ? docs[0] : docs)?.toJS());
    // A bare `steps:` list or option snippet is a fragment: that it parses is all it can show.
    if (kind === undefined) continue;
    validated++;
    problems.push(...ownErrors(b, validateErrors(b, `${kind}.yaml`)));
  }
  assert.ok(validated >= 5, `expected the guides' plans and tasks, validated ${validated}`);
  assert.deepEqual(problems, []);
});

/** The YAML files a shell block writes with `cat > x.yaml <<EOF`, as the shell would write them. */
function heredocFiles(b: CodeBlock): CodeBlock[] {
  return [...b.code.matchAll(/cat > \S+\.ya?ml <<-?\s*(['"]?)(\w+)\1\n([\s\S]*?)\n\2\n/g)].map((m) => {
    const quoted = m[1] !== "";
    // Unquoted, the shell expands `$VAR` (ports of servers the block started: none here) and `\$`.
    const code = quoted ? m[3]! : m[3]!.replace(/(?<!\\)\$(\w+)/g, "1").replace(/\\\$/g, "$");
    const line = b.line + b.code.slice(0, m.index).split("\n").length;
    return { page: b.page, line, lang: "yaml", code: `${code}\n` };
  });
}

test("every plan a shell block writes validates, and every JSON body it sends parses", () => {
  const shell = blocks.filter((b) => b.lang === "sh" || b.lang === "bash");
  const files = shell.flatMap(heredocFiles);
  assert.ok(
    files.length >= 3,
    `expected the quickstart's and the local servers' plans, found ${files.length}`,
  );
  const problems = files.flatMap((f) => {
    const kind = yamlKind(parseAllDocuments(f.code)[0]?.toJS());
    return kind === undefined
      ? [`${where(f)}: not a plan, task or unified file`]
      : ownErrors(f, validateErrors(f, `${kind}.yaml`));
  });
  const bodies = shell.flatMap((b) =>
    [...b.code.matchAll(/(?:-d|--data)\s+'([^']*)'/g)].map((m) => ({ b, body: m[1]! })),
  );
  assert.ok(bodies.length >= 3, `expected the guides' request bodies, found ${bodies.length}`);
  for (const { b, body } of bodies) {
    try {
      JSON.parse(body);
    } catch (e) {
      problems.push(`${where(b)}: a request body that is not JSON: ${(e as Error).message}`);
    }
  }
  assert.deepEqual(problems, []);
});

test("every json block parses", () => {
  for (const b of blocks.filter((b) => b.lang === "json")) {
    assert.doesNotThrow(() => JSON.parse(b.code), where(b));
  }
});

test("every hocon block is an application.conf rowforge loads", () => {
  const hocon = blocks.filter((b) => b.lang === "hocon" || b.lang === "conf");
  assert.ok(hocon.length >= 1);
  const problems = hocon.flatMap((b) => ownErrors(b, validateErrors(b, "application.conf")));
  assert.deepEqual(problems, []);
});

/** The subcommands a `--help` lists under "Commands:". */
function commandsOf(help: string): Set<string> {
  const section = help.split(/^Commands:$/m)[1] ?? "";
  return new Set([...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!).filter((c) => c !== "help"));
}

/** The flags a `--help` lists under "Options:" (long and short). */
function flagsOf(help: string): Set<string> {
  const section = (help.split(/^Options:$/m)[1] ?? "").split(/^\S/m)[0]!;
  return new Set(
    [...section.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)/gm)]
      .flatMap((m) => [m[1], m[2]!])
      .filter((f) => f !== undefined),
  );
}

const helpCache = new Map<string, string>();
function help(args: readonly string[]): string {
  const key = args.join(" ");
  let text = helpCache.get(key);
  if (text === undefined) {
    const r = runCli([...args, "--help"]);
    assert.equal(r.status, 0, `rowforge ${key} --help: ${r.stderr}`);
    text = r.stdout;
    helpCache.set(key, text);
  }
  return text;
}

/** Lines of a shell text as the shell reads them: continuations joined, here-document bodies left out. */
function shellLines(code: string): string[] {
  const lines: string[] = [];
  let heredoc: string | undefined;
  for (const line of code.replace(/\\\n/g, " ").split("\n")) {
    if (heredoc !== undefined) {
      if (line.trim() === heredoc) heredoc = undefined;
      continue;
    }
    heredoc = /<<-?\s*['"]?(\w+)['"]?/.exec(line)?.[1];
    // A usage line wrapped for reading (`[--seed S] ...` indented below the command) goes on.
    if (/^\s+\[/.test(line) && lines.length > 0) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line);
  }
  return lines;
}

/**
 * Each `rowforge <command> ...` a shell text calls: the command (and a `connection` subcommand)
 * and the flags given to it, up to the end of that command (a pipe, `&&`, `;`, `&` or a comment).
 */
function rowforgeCalls(code: string): { command: string[]; flags: string[]; text: string }[] {
  const calls: { command: string[]; flags: string[]; text: string }[] = [];
  for (const line of shellLines(code)) {
    for (const m of line.matchAll(
      /(?:^|[\s;&|(])(?:npx |\.\/node_modules\/\.bin\/|node bin\/)?rowforge(?:\.js)?\s+([a-z][\w-]*)(.*)$/g,
    )) {
      const rest = m[2]!.split(/\s\|\s|&&|;|\s&\s*$|\s&\s|\s#/)[0]!;
      const command = [m[1]!];
      if (m[1] === "connection") command.push(/^\s*([a-z]+)/.exec(rest)?.[1] ?? "");
      const flags = [...rest.matchAll(/(?:^|[\s[])(--?[A-Za-z][\w-]*)/g)].map((f) => f[1]!);
      calls.push({ command, flags, text: `rowforge ${m[1]}${rest}`.trim() });
    }
  }
  return calls;
}

test("every rowforge command the guides show, in shell blocks and inline, exists with the flags given", () => {
  const commands = commandsOf(help([]));
  assert.ok(commands.has("run") && commands.has("serve"), [...commands].join(", "));
  const texts = [
    ...blocks
      .filter((b) => b.lang === "sh" || b.lang === "bash")
      .map((b) => ({ at: where(b), code: b.code })),
    // Inline code such as `rowforge run plan.yaml --mode delete` is copied as often as blocks are.
    ...pages.flatMap((p) =>
      [...outsideFences(p).matchAll(/`((?:npx )?rowforge [^`]+)`/g)].map((m) => ({
        at: `${p.path}:${outsideFences(p).slice(0, m.index).split("\n").length}`,
        code: m[1]!.replace(/\n/g, " "),
      })),
    ),
  ];
  const problems: string[] = [];
  let calls = 0;
  for (const { at, code } of texts) {
    for (const call of rowforgeCalls(code)) {
      calls++;
      const [command, sub] = call.command;
      if (!commands.has(command!)) {
        problems.push(
          `${at}: ${call.text}: no command ${command} (rowforge --help lists ${[...commands].join(", ")})`,
        );
        continue;
      }
      const path = sub === undefined ? [command!] : [command!, sub];
      if (sub !== undefined && !commandsOf(help([command!])).has(sub)) {
        problems.push(`${at}: ${call.text}: no command ${path.join(" ")}`);
        continue;
      }
      const known = flagsOf(help(path));
      for (const flag of call.flags) {
        if (!known.has(flag)) problems.push(`${at}: ${call.text}: rowforge ${path.join(" ")} has no ${flag}`);
      }
    }
  }
  assert.ok(calls >= 20, `expected the guides' commands, found ${calls}`);
  assert.deepEqual(problems, []);
});
