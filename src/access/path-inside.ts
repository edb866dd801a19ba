import { sep } from "node:path";

/** Whether `path` is `root` or below it (both absolute and normalised). */
export const isInside = (path: string, root: string): boolean =>
  path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/** Whether `path` is inside any of `roots`. */
export const insideAny = (path: string, roots: readonly string[]): boolean =>
  roots.some((r) => isInside(path, r));
