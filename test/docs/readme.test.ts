import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../support/run-cli.ts";
import { codeBlocks } from "./markdown-pages.ts";

const readme = { path: "README.md", text: readFileSync(join(REPO_ROOT, "README.md"), "utf8") };

test("the README is what a newcomer reads first: at most 400 lines", () => {
  const lines = readme.text.trimEnd().split("\n").length;
  assert.ok(lines <= 400, `README.md has ${lines} lines: move the detail into a guide under docs/`);
});

test("the README's two commands are the ones CI runs", () => {
  const two = codeBlocks(readme).find((b) => b.code.includes("npm start"));
  assert.ok(two, "the README shows its two commands in one block");
  const commands = two.code
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);
  assert.deepEqual(commands, ["npm install && npm start", "npm install && npm test"]);
  // .ci/run runs the README's test command on a clean clone: npm install (quietly), then npm test.
  const ci = readFileSync(join(REPO_ROOT, ".ci", "run"), "utf8");
  const last = ci.trimEnd().split("\n").at(-1)!;
  assert.match(last, /^npm install\b[^&]*&& npm test$/, `.ci/run ends with ${last}`);
});
