import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../support/run-cli.ts";

/** A page users read: the README or a page under docs/ (generated reference pages too). */
export interface Page {
  /** The path from the repository's root, such as `docs/connectors/kafka.md`. */
  readonly path: string;
  readonly text: string;
}

/** A fenced code block of a page, its lines without the fence's indentation. */
export interface CodeBlock {
  readonly page: string;
  /** The 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's first word, lower case (`yaml`, `sh`, `json`, `hocon`; empty when none). */
  readonly lang: string;
  readonly code: string;
}

/** The README and every Markdown page under docs/, in a stable order. */
export function readPages(): Page[] {
  const docs = join(REPO_ROOT, "docs");
  const files = readdirSync(docs, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(docs, f))
    .sort();
  return [join(REPO_ROOT, "README.md"), ...files].map((file) => ({
    path: relative(REPO_ROOT, file),
    text: readFileSync(file, "utf8"),
  }));
}

const FENCE = /^( *)(`{3,}|~{3,})\s*([^\s`]*)/;

/** The fenced code blocks of a page (also those indented inside list items). */
export function codeBlocks(page: Page): CodeBlock[] {
  const lines = page.text.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent = "", fence = "", lang = ""] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trimStart().startsWith(fence) && line.trim().replace(/[`~]/g, "") === "") break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (j === lines.length) throw new Error(`${page.path}:${i + 1}: a code block that is never closed`);
    blocks.push({ page: page.path, line: i + 1, lang: lang.toLowerCase(), code: `${body.join("\n")}\n` });
    i = j;
  }
  return blocks;
}

/** The page's text with its fenced code blocks blanked out (line numbers kept). */
export function outsideFences(page: Page): string {
  let fence: string | undefined;
  return page.text
    .split("\n")
    .map((line) => {
      if (fence !== undefined) {
        if (line.trimStart().startsWith(fence) && line.trim().replace(/[`~]/g, "") === "") fence = undefined;
        return "";
      }
      const open = FENCE.exec(line);
      if (open) fence = open[2];
      return open ? "" : line;
    })
    .join("\n");
}

/** The page's prose: its code blocks and inline code blanked out (links inside them are not links). */
export function proseOf(page: Page): string {
  return outsideFences(page).replace(/(`+)(?:(?!\n[ \t]*\n)[\s\S])*?\1/g, (code) =>
    code.replace(/[^\n]/g, ""),
  );
}
