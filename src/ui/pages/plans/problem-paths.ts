import type { YamlPath } from "./yaml-edit.ts";

/** `steps[0].fields[3].options.min` as a path: ["steps", 0, "fields", 3, "options", "min"]. */
export function parsePath(text: string): YamlPath {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}

/** Whether `path` lies at or under `prefix`. */
export const isUnder = (path: YamlPath, prefix: YamlPath): boolean =>
  prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);

export const samePath = (a: YamlPath, b: YamlPath): boolean => a.length === b.length && isUnder(a, b);
