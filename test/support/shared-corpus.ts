import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./run-cli.ts";

const RELATIVE = join("shared", "conformance", "datacaterer-examples");

/** The repository a clone was made from, when it is a folder on this machine. */
const originFolder = (): string | undefined => {
  try {
    const url = execFileSync("git", ["-C", REPO_ROOT, "config", "--get", "remote.origin.url"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (url.startsWith("file://")) return fileURLToPath(url);
    return isAbsolute(url) ? url : undefined;
  } catch {
    return undefined;
  }
};

/** `<folder>/shared/conformance/datacaterer-examples` for the folder and each of its ancestors. */
const besideAncestors = (folder: string): string[] => {
  const out: string[] = [];
  for (let at = resolve(folder); ; at = dirname(at)) {
    out.push(join(at, RELATIVE));
    if (dirname(at) === at) return out;
  }
};

/**
 * Where users' Data Caterer files are looked for: `RF_EXAMPLES_DIR`, else beside the repository
 * (or one of its parents), else beside the repository a clone was made from.
 */
export const CORPUS_CANDIDATES: readonly string[] = [
  ...(process.env.RF_EXAMPLES_DIR ? [resolve(process.env.RF_EXAMPLES_DIR)] : []),
  ...besideAncestors(join(REPO_ROOT, "..")),
  ...(originFolder() ? besideAncestors(join(originFolder() as string, "..")) : []),
];

/** Users' Data Caterer files, beside the repository when the workspace has them. */
export const CORPUS = CORPUS_CANDIDATES.find((c) => existsSync(c)) ?? (CORPUS_CANDIDATES[0] as string);

const underCi = (): boolean =>
  process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

export const CORPUS_MISSING = `the Data Caterer example corpus is not at ${CORPUS}; this test needs it and is skipped`;

/**
 * Whether the corpus is here. A developer without it sees the tests skipped with the reason;
 * under CI a missing corpus fails, since a gate that skips its conformance tests tells nothing.
 */
export const corpusAvailable = (): boolean => {
  if (existsSync(CORPUS)) return true;
  if (underCi())
    throw new Error(
      `the Data Caterer example corpus is missing under CI: looked in ${CORPUS_CANDIDATES.join(", ")}; set RF_EXAMPLES_DIR to its folder`,
    );
  return false;
};
