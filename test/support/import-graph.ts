import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Relative module specifiers of static imports, re-exports (type-only too) and dynamic imports. */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g))
    found.push(m[1]!);
  return found;
}

/** Every TypeScript and JavaScript source file under `dirs` (absolute paths), tests included. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  return dirs
    .filter((d) => existsSync(join(root, d)))
    .flatMap((d) =>
      readdirSync(join(root, d), { recursive: true, encoding: "utf8" }).map((f) => join(root, d, f)),
    )
    .filter((f) => /\.(ts|tsx|js)$/.test(f) && !f.endsWith(".d.ts"));
}

/** Each file (relative to `root`) and the files it imports, among `files` only. */
export function importGraph(
  root: string,
  files: readonly string[],
  read: (file: string) => string = (f) => readFileSync(f, "utf8"),
): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(read(file))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => known.has(target))
      .map((target) => relative(root, target));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of `graph`, one per group of files that reach each other (Tarjan's
 * strongly connected components), each named as a path `a → b → … → a` through that group.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** One cycle inside `group` (files that all reach each other), from its first file (sorted) back to it. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  // Breadth-first from start's imports back to start: the shortest way round.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!group.has(w) || cameFrom.has(w)) continue;
      cameFrom.set(w, v);
      if (w === start) {
        const path = [start];
        for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        return [start, ...path];
      }
      queue.push(w);
    }
  }
  return [start, start];
}
