import { existsSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { RowforgeError } from "../../errors/index.ts";
import type { Transformation } from "../../model/index.ts";

export type PerRecordFn = (record: string, options: Readonly<Record<string, string>>) => string;
export type WholeFileFn = (
  content: Uint8Array,
  options: Readonly<Record<string, string>>,
) => Uint8Array | string;

export interface LoadedTransformation {
  readonly mode: Transformation["mode"];
  readonly options: Readonly<Record<string, string>>;
  readonly fn: PerRecordFn | WholeFileFn;
}

const EXTENSIONS = ["", ".js", ".mjs", ".ts"];

/**
 * Loads a step's transformation: `className` is a JavaScript module resolved inside one of
 * the allowed folders (the rowforge home, the configuration's folder), never outside them;
 * `methodName` (default `transform`) is the function it exports.
 */
export async function loadTransformation(
  t: Transformation,
  roots: readonly string[],
  where: string,
): Promise<LoadedTransformation> {
  const file = locate(t.className, roots);
  if (!file) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: transformation module "${t.className}" was not found in ${roots.join(" or ") || "any allowed folder"}`,
      {
        hint: "put the module (.js or .mjs) in the rowforge home or the configuration folder and name it by its path there",
      },
    );
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: transformation module ${file} cannot be loaded: ${(e as Error).message}`,
    );
  }
  const fn = mod[t.methodName] ?? (t.methodName === "transform" ? mod.default : undefined);
  if (typeof fn !== "function") {
    const exported = Object.keys(mod).filter((k) => typeof mod[k] === "function");
    throw new RowforgeError(
      "RF_VALUE_INVALID",
      `${where}: ${file} exports no function "${t.methodName}"${exported.length ? `; it exports ${exported.join(", ")}` : ""}`,
    );
  }
  return { mode: t.mode, options: t.options, fn: fn as PerRecordFn | WholeFileFn };
}

/** Candidate paths for a className: as written, and a Java-style dotted name as folders. */
function candidates(className: string): string[] {
  const names = [className];
  if (!className.includes("/") && !/\.(m?js|ts)$/.test(className) && className.includes("."))
    names.push(className.replace(/\./g, "/"));
  return names.flatMap((n) => EXTENSIONS.map((ext) => `${n}${ext}`));
}

function locate(className: string, roots: readonly string[]): string | undefined {
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const base = realpathSync(root);
    for (const name of candidates(className)) {
      const candidate = isAbsolute(name) ? name : resolve(base, name);
      if (!existsSync(candidate) || !statSync(candidate).isFile()) continue;
      const real = realpathSync(candidate);
      if (real.startsWith(`${base}${sep}`)) return real;
    }
  }
  return undefined;
}
