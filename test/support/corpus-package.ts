import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./run-cli.ts";

/** Where pinned registry packages of the real-world corpus are unpacked (gitignored). */
export const CORPUS_DIR = join(REPO_ROOT, ".corpus");

/** A corpus manifest entry (test/metadata/corpus/<kind>.json). */
export interface CorpusEntry {
  readonly id: string;
  /** `npm:<pkg>@<version>` or `pypi:<pkg>==<version>` (the sdist). */
  readonly source: string;
  /** The document's path inside the package. */
  readonly path: string;
  readonly licence: string;
  readonly provenance: string;
  /** The step options the user writes (besides the document's location). */
  readonly task: Readonly<Record<string, string>>;
  readonly expect: "valid" | { readonly refused: string; readonly construct: string };
}

/** The entries of a corpus manifest. */
export function corpusEntries(kind: string): CorpusEntry[] {
  return JSON.parse(readFileSync(join(REPO_ROOT, "test", "metadata", "corpus", `${kind}.json`), "utf8"));
}

/**
 * The folder a pinned package is unpacked in, fetched once through its registry's own client:
 * an npm package the project installs at that version is read from node_modules, another one
 * is `npm pack`ed; a PyPI sdist is `pip download`ed. Fails loudly (never skips) without them.
 */
export function corpusPackage(source: string): string {
  const npm = /^npm:((?:@[^/]+\/)?[^@]+)@(.+)$/.exec(source);
  if (npm) {
    const installed = join(REPO_ROOT, "node_modules", npm[1]!);
    const pkg = join(installed, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).version === npm[2]) return installed;
  }
  const dir = join(CORPUS_DIR, source.replace(/[^\w.@=-]+/g, "_"));
  if (existsSync(join(dir, ".done"))) return join(dir, "package");
  rmSync(dir, { recursive: true, force: true });
  const tmp = join(dir, "download");
  mkdirSync(tmp, { recursive: true });
  const run = (cmd: string, args: readonly string[], cwd = tmp) =>
    execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 26 });
  if (npm) run("npm", ["pack", `${npm[1]}@${npm[2]}`, "--silent"]);
  else {
    const pypi = /^pypi:([^=]+)==(.+)$/.exec(source);
    if (!pypi)
      throw new Error(`corpus source ${source}: expected npm:<pkg>@<version> or pypi:<pkg>==<version>`);
    const venv = join(CORPUS_DIR, "pip");
    const pip = join(venv, "bin", "pip");
    if (!existsSync(join(venv, ".done"))) {
      run("python3", ["-m", "venv", venv]);
      run(pip, ["install", "--quiet", "--disable-pip-version-check", "setuptools", "wheel"]);
      execFileSync("touch", [join(venv, ".done")]);
    }
    // The sdist (tests and fixtures are in it). pip builds its metadata: in isolation, else (an
    // old setup.py that imports setuptools and wheel) with a virtual environment of the
    // corpus's own that has them (made once).
    const download = (python: string, isolated: boolean) =>
      run(python, [
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--no-binary=:all:",
        ...(isolated ? [] : ["--no-build-isolation"]),
        "-d",
        tmp,
        `${pypi[1]}==${pypi[2]}`,
      ]);
    try {
      download("python3", true);
    } catch {
      const venv = join(CORPUS_DIR, "pip");
      if (!existsSync(join(venv, ".done"))) {
        run("python3", ["-m", "venv", venv]);
        run(join(venv, "bin", "pip"), [
          "install",
          "--quiet",
          "--disable-pip-version-check",
          "setuptools",
          "wheel",
        ]);
        execFileSync("touch", [join(venv, ".done")]);
      }
      download(join(venv, "bin", "python"), false);
    }
  }
  const archive = readdirSync(tmp).find((f) => /\.(tgz|tar\.gz)$/.test(f));
  if (!archive) throw new Error(`corpus source ${source}: nothing was downloaded into ${tmp}`);
  run("tar", ["xzf", archive]);
  const top = readdirSync(tmp).find((f) => f !== archive)!;
  renameSync(join(tmp, top), join(dir, "package"));
  rmSync(tmp, { recursive: true, force: true });
  execFileSync("touch", [join(dir, ".done")]);
  return join(dir, "package");
}

/** The full path of a manifest entry's document (its package fetched when needed). */
export const corpusDocument = (e: CorpusEntry): string => join(corpusPackage(e.source), e.path);
