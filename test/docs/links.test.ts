import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";
import { outsideFences, type Page, proseOf, readPages } from "./markdown-pages.ts";

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = outsideFences({ path: file, text: readFileSync(file, "utf8") });
  for (const m of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(m[1]!.replace(/`/g, ""));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** `[text](target)` links of a page's prose (not inside code), with their line. */
function linksOf(page: Page): { target: string; line: number }[] {
  const prose = proseOf(page);
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({
    target: m[1]!,
    line: prose.slice(0, m.index).split("\n").length,
  }));
}

test("every link of the README and of docs/ leads to a file, folder or heading that exists", () => {
  const pages = readPages();
  assert.ok(pages.length > 20, `expected the README and the guides, found ${pages.length} pages`);
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    for (const { target, line } of linksOf(page)) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:: not ours to check offline
      checked++;
      const [path = "", anchor] = target.split("#", 2);
      const file = path === "" ? join(REPO_ROOT, page.path) : join(REPO_ROOT, dirname(page.path), path);
      const where = `${page.path}:${line}: ${target}`;
      if (
        !relative(REPO_ROOT, file)
          .split("/")
          .every((part) => part !== "..") ||
        !existsSync(file)
      ) {
        broken.push(`${where} (no such file or folder)`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(file).isDirectory() || !file.endsWith(".md"))
        broken.push(`${where} (an anchor into no page)`);
      else if (!anchorsOf(file).has(anchor)) broken.push(`${where} (no heading with this anchor)`);
    }
  }
  assert.ok(checked > 50, `expected the guides' links, found ${checked}`);
  assert.deepEqual(broken, []);
});

test("anchors are made as GitHub makes them", () => {
  assert.equal(
    slug("Reference mode: existing data as foreign-key parents"),
    "reference-mode-existing-data-as-foreign-key-parents",
  );
  assert.equal(slug("Databases: MySQL/MariaDB"), "databases-mysqlmariadb");
  assert.equal(slug("fastMode (pooled) and full variety"), "fastmode-pooled-and-full-variety");
});

test("every guide under docs/ can be reached from the README", () => {
  const pages = readPages();
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const reached = new Set<string>(["README.md"]);
  const queue = ["README.md"];
  while (queue.length > 0) {
    const page = byPath.get(queue.shift()!)!;
    for (const { target } of linksOf(page)) {
      const path = target.split("#")[0]!;
      if (path === "" || /^[a-z][a-z+.-]*:/i.test(path)) continue;
      const to = relative(REPO_ROOT, join(REPO_ROOT, dirname(page.path), path));
      if (byPath.has(to) && !reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  assert.deepEqual(
    pages.map((p) => p.path).filter((p) => !reached.has(p)),
    [],
    "pages no link leads to",
  );
});
