import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { UI_SHARED_SOURCES } from "../../src/api/ui/build-ui.ts";
import { importCycles, importGraph, sourceFiles, specifiers } from "../support/import-graph.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

/**
 * The floor plan: every room (a top-level folder of src/, src/index.ts, and the repository's
 * workers/, bin/, scripts/ and bench/) on its floor. Production code imports only rooms on
 * lower floors: the layers point down, and two rooms on one floor know nothing of each other.
 * A new room fails the test below until it has a floor here.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["src/errors", "src/util"],
  // plain data and the predicates over it
  ["src/model"],
  // config reads the user's files into the model; the names it needs from above (output kinds) are handed in
  ["src/config", "src/store", "src/engine"],
  ["src/access", "src/formats"],
  ["src/connectors"],
  // the batch pool (workers/ starts nothing of app/), and the data-quality engine, which reads rows through a port
  ["workers", "src/quality"],
  // documents into fields, and the validations they carry
  ["src/metadata"],
  // the use cases
  ["src/app"],
  // the adapters over app: the HTTP API, and the library (definePlan, sample, generate)
  ["src/api", "src/library"],
  // the package's entry exports the library; the CLI
  ["src/cli", "bin", "src/index.ts"],
  ["scripts"],
  ["bench"],
];
/**
 * Rooms that stand apart: they import nothing outside themselves, and nothing imports them —
 * but for the types the web UI takes from the API's contract (`import type`, erased from the
 * browser bundle; test/structure/ui-contract.test.ts keeps that contract free of server code)
 * and the portable modules it shares with the server (UI_SHARED_SOURCES, which import nothing).
 */
const APART = ["src/ui"];
const APART_TYPES_FROM = "src/api/contract.ts";

const floorOf = new Map(FLOORS.flatMap((rooms, floor) => rooms.map((room) => [room, floor] as const)));
const ROOMS = [...floorOf.keys(), ...APART];

/** The room a path (relative to the repository) lies in, if any. */
function roomOf(path: string): string | undefined {
  return ROOMS.find((room) => path === room || path.startsWith(`${room}/`));
}

const isProduction = (file: string): boolean =>
  !/\.test\.tsx?$/.test(file) && !file.endsWith(".suite.ts") && !file.includes("/results/");

/** `file imports spec` for each import of `file` that goes to a room on its own floor or above, or across the apart line. */
export function importsUpOrAcross(file: string, text: string): string[] {
  const from = roomOf(relative(REPO_ROOT, file));
  if (from === undefined) return [];
  const typesOnly = new Set(
    [...text.matchAll(/\bimport\s+type\s*\{[^}]*\}\s*from\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!),
  );
  return specifiers(text)
    .filter((spec) => {
      const target = relative(REPO_ROOT, resolve(dirname(file), spec));
      const to = roomOf(target);
      if (to === undefined || to === from) return false;
      if (APART.includes(from) && typesOnly.has(spec) && target === APART_TYPES_FROM) return false;
      if (APART.includes(from) && UI_SHARED_SOURCES.includes(target)) return false;
      if (APART.includes(from) || APART.includes(to)) return true;
      return floorOf.get(to)! >= floorOf.get(from)!;
    })
    .map((spec) => `${relative(REPO_ROOT, file)} imports ${spec}`);
}

test("every top-level folder of src/ and every code folder of the repository has a floor", () => {
  const present = [
    ...readdirSync(join(REPO_ROOT, "src"), { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.name === "index.ts")
      .map((e) => `src/${e.name}`),
    "workers",
    "bin",
    "scripts",
    "bench",
  ];
  assert.deepEqual(
    present.filter((room) => !ROOMS.includes(room)),
    [],
    "give each new room a floor in FLOORS",
  );
  assert.deepEqual(
    ROOMS.filter((room) => !present.includes(room)),
    [],
    "FLOORS names a room that is gone",
  );
});

test("production code imports only rooms on lower floors (workers/ nothing from app/, src/ui nothing outside itself)", () => {
  const files = sourceFiles(REPO_ROOT, ["src", "workers", "bin", "scripts", "bench"]).filter(isProduction);
  assert.ok(files.length > 500, `expected to scan the source tree, found ${files.length} files`);
  const offending = files.flatMap((f) => importsUpOrAcross(f, readFileSync(f, "utf8")));
  assert.deepEqual(
    offending,
    [],
    "these imports point up or sideways: pass what is needed in from above instead",
  );
});

test("no import cycle among the files of src/ and workers/", () => {
  const cycles = importCycles(importGraph(REPO_ROOT, sourceFiles(REPO_ROOT, ["src", "workers"])));
  assert.deepEqual(
    cycles.map((c) => c.join(" → ")),
    [],
    "break each cycle: move what both sides need into a file of its own",
  );
});

/** The pairs of sub-folders of `room` that import each other (its loose files, the composition root, left out). */
export function folderLoops(graph: ReadonlyMap<string, readonly string[]>, room: string): string[] {
  const folderOf = (file: string): string | undefined => {
    const parts = file.slice(room.length + 1).split("/");
    return file.startsWith(`${room}/`) && parts.length > 1 ? parts[0] : undefined;
  };
  const arrows = new Set<string>();
  for (const [file, targets] of graph)
    for (const target of targets) {
      const a = folderOf(file);
      const b = folderOf(target);
      if (a !== undefined && b !== undefined && a !== b) arrows.add(`${a} ⇄ ${b}`);
    }
  return [...arrows].filter((arrow) => {
    const [a, b] = arrow.split(" ⇄ ");
    return a! < b! && arrows.has(`${b} ⇄ ${a}`);
  });
}

test("no folder loop inside src/app: its use cases import each other one way", () => {
  const files = sourceFiles(REPO_ROOT, ["src/app"]).filter(isProduction);
  assert.deepEqual(
    folderLoops(importGraph(REPO_ROOT, files), "src/app"),
    [],
    "move what both folders need into one of them, or below app/",
  );
});

test("the floor scan sees imports up, sideways and across the apart line, and lets downward ones through", () => {
  const worker = join(REPO_ROOT, "workers/x.ts");
  const text =
    'import { a } from "../src/app/executors.ts";\nimport { b } from "../src/engine/index.ts";\nconst c = await import("../src/quality/check.ts");\n';
  assert.deepEqual(importsUpOrAcross(worker, text), [
    "workers/x.ts imports ../src/app/executors.ts",
    "workers/x.ts imports ../src/quality/check.ts",
  ]);
  assert.deepEqual(
    importsUpOrAcross(join(REPO_ROOT, "src/ui/lib/x.ts"), 'import type { E } from "../../errors/index.ts";'),
    ["src/ui/lib/x.ts imports ../../errors/index.ts"],
  );
  assert.deepEqual(importsUpOrAcross(join(REPO_ROOT, "src/model/x.ts"), 'import { y } from "./y.ts";'), []);
});

test("the folder-loop scan names two folders that import each other, not a one-way pair or the loose files", () => {
  const graph = new Map([
    ["src/app/a/x.ts", ["src/app/b/y.ts", "src/app/compose.ts"]],
    ["src/app/b/y.ts", ["src/app/a/z.ts"]],
    ["src/app/c/w.ts", ["src/app/a/x.ts"]],
    ["src/app/compose.ts", ["src/app/c/w.ts"]],
  ]);
  assert.deepEqual(folderLoops(graph, "src/app"), ["a ⇄ b"]);
});

test("the cycle walk names the way round each cycle, and only cycles", () => {
  const root = "/r";
  const files = ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts"].map((f) => join(root, f));
  const text: Record<string, string> = {
    "/r/a.ts": 'import { b } from "./b.ts";',
    "/r/b.ts": 'import type { C } from "./c.ts";',
    "/r/c.ts": 'export { a } from "./a.ts";\nimport { d } from "./d.ts";',
    "/r/d.ts": "",
    "/r/e.ts": 'const e = await import("./e.ts");',
  };
  assert.deepEqual(importCycles(importGraph(root, files, (f) => text[f]!)), [
    ["a.ts", "b.ts", "c.ts", "a.ts"],
    ["e.ts", "e.ts"],
  ]);
});
