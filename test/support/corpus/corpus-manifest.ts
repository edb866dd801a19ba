import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root and the folder the corpus packages are unpacked into (gitignored). */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const CORPUS_DIR = join(ROOT, ".corpus");
const MANIFESTS = join(ROOT, "test", "metadata", "corpus");

/** A package of a public registry, pinned, that holds corpus documents. */
export interface CorpusPackage {
  /** `<registry>:<name>@<version>`: what documents name. */
  readonly id: string;
  readonly registry: "npm" | "pypi" | "maven";
  /** npm or PyPI name; Maven `group:artifact`. */
  readonly name: string;
  readonly version: string;
  /** PyPI: the wheel (default) or the source archive (where the files are only there). */
  readonly archive?: "sdist" | "wheel";
  readonly licence: string;
  /** The upstream project the documents come from. */
  readonly provenance: string;
}

/** What a document is expected to give: valid rows, or a refusal naming the construct (a regex of the message). */
export type CorpusExpectation = "valid" | { readonly refused: string; readonly construct: string };

/** The step as a user writes it: `{document}` and `{message}` stand for the document's path and its options. */
export interface CorpusTask {
  readonly type: string;
  readonly options: Readonly<Record<string, string>>;
  /** Fields the user lists (a Great Expectations suite declares checks, not fields). */
  readonly fields?: readonly Readonly<Record<string, unknown>>[];
}

export interface CorpusDocument {
  readonly id: string;
  readonly package: string;
  /** The file inside the unpacked package. */
  readonly path: string;
  /** Values for the task's placeholders (`messageName`). */
  readonly options?: Readonly<Record<string, string>>;
  /** The document's own task, when the manifest has none for all. */
  readonly task?: CorpusTask;
  readonly expect: CorpusExpectation;
  /**
   * Set while another change (a parallel task) closes the gap this document shows: its
   * outcome is reported but does not fail the test, and it is left out of the asserted figures.
   */
  readonly expectedFixedBy?: string;
  /**
   * A gap rowforge still has for this document (what fails today): reported, left out of the
   * asserted figures; the test fails once the document passes, so the mark is removed.
   */
  readonly gap?: string;
  readonly note?: string;
}

export interface CorpusManifest {
  readonly kind: "jsonSchema" | "openApi" | "avro" | "protobuf" | "contract" | "greatExpectations";
  readonly task?: CorpusTask;
  /** Rows generated per document (per operation for OpenAPI). */
  readonly rows?: number;
  readonly rowsPerOperation?: number;
  readonly validator: string;
  readonly packages: readonly CorpusPackage[];
  readonly documents: readonly CorpusDocument[];
}

/** Every manifest of test/metadata/corpus/, by file name. */
export function corpusManifests(): Record<string, CorpusManifest> {
  const out: Record<string, CorpusManifest> = {};
  for (const f of readdirSync(MANIFESTS)
    .filter((x) => x.endsWith(".json"))
    .sort())
    out[f] = JSON.parse(readFileSync(join(MANIFESTS, f), "utf8")) as CorpusManifest;
  return out;
}

/** The packages the manifests name, each once. */
export function corpusPackages(): CorpusPackage[] {
  const byId = new Map<string, CorpusPackage>();
  for (const m of Object.values(corpusManifests())) for (const p of m.packages) byId.set(p.id, p);
  return [...byId.values()];
}

/** Where a package is unpacked: `.corpus/<registry>/<name>@<version>`. */
export function packageDir(p: CorpusPackage): string {
  return join(CORPUS_DIR, p.registry, `${p.name.replaceAll("/", "+").replaceAll(":", "+")}@${p.version}`);
}

/** The path of a document on this machine. */
export function documentPath(m: CorpusManifest, d: CorpusDocument): string {
  const p = m.packages.find((x) => x.id === d.package);
  if (!p)
    throw new Error(`corpus document ${d.id} names package ${d.package}, which its manifest does not list`);
  return join(packageDir(p), d.path);
}

/** One document of a manifest (test/metadata/corpus/<file>), with its manifest and its path on this machine. */
export function corpusDocument(
  file: string,
  id: string,
): { manifest: CorpusManifest; document: CorpusDocument; path: string } {
  const manifest = corpusManifests()[file];
  const document = manifest?.documents.find((d) => d.id === id);
  if (!manifest || !document) throw new Error(`the corpus manifest ${file} has no document ${id}`);
  return { manifest, document, path: documentPath(manifest, document) };
}
