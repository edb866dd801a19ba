import { isRowforgeError } from "../../../src/errors/index.ts";
import { type CorpusDocument, type CorpusManifest, documentPath } from "./corpus-manifest.ts";
import { type GeneratedStep, generateDocument } from "./generate-document.ts";
import type { RowTally } from "./json-rows.ts";
import { validateAvroRows } from "./validate-avro-rows.ts";
import { validateContractRows } from "./validate-contract-rows.ts";
import { validateJsonSchemaRows } from "./validate-json-schema-rows.ts";
import { validateOpenApiRows } from "./validate-openapi-rows.ts";
import { validateProtobufRows } from "./validate-protobuf-rows.ts";

/**
 * The independent check of each kind's rows. A Great Expectations suite gives no fields but
 * checks of the rows: its documents are run by test/metadata/great-expectations-real-world.test.ts,
 * which compares rowforge's verdict of each expectation with one computed by DuckDB.
 */
const VALIDATORS: Partial<
  Record<CorpusManifest["kind"], (path: string, steps: readonly GeneratedStep[]) => Promise<RowTally>>
> = {
  jsonSchema: validateJsonSchemaRows,
  openApi: validateOpenApiRows,
  avro: validateAvroRows,
  protobuf: validateProtobufRows,
  contract: validateContractRows,
};

/** Whether this runner checks the rows of a kind's documents. */
export const checksRowsOf = (kind: CorpusManifest["kind"]): boolean => VALIDATORS[kind] !== undefined;

/** What became of one document: its rows and how many passed, or the refusal (code and message). */
export interface DocumentOutcome {
  readonly kind: CorpusManifest["kind"];
  readonly document: CorpusDocument;
  /** valid: every row passed; invalid: some did not; refused: rowforge refused the document; failed: something else broke. */
  readonly status: "valid" | "invalid" | "refused" | "failed";
  readonly steps: number;
  readonly rows: number;
  readonly validRows: number;
  readonly code?: string;
  readonly message?: string;
  readonly ms: number;
  /** Whether the outcome is the manifest's expectation. */
  readonly asExpected: boolean;
}

/** `ROWFORGE_CORPUS_ROWS=full`: the manifests' row counts, which the figures in docs/metadata-sources.md are of. */
export const CORPUS_ROWS_ENV = "ROWFORGE_CORPUS_ROWS";
/**
 * Of the manifests' row counts (1,000 per document, 100 per OpenAPI operation), the part the
 * test generates by default: a fifth, enough for every optional field, oneOf branch and enum
 * value of a document to be drawn, the rest giving the same checks more rows.
 */
const DEFAULT_SHARE = 5;

/**
 * The rows each document (or OpenAPI operation) generates: a fifth of its manifest's count by
 * default; `ROWFORGE_CORPUS_ROWS=full` the whole count, a number that many.
 */
export function corpusRows(m: CorpusManifest, env: NodeJS.ProcessEnv = process.env): number {
  const full = m.rowsPerOperation ?? m.rows ?? 1000;
  const asked = env[CORPUS_ROWS_ENV];
  if (asked === undefined || asked === "") return Math.max(1, Math.ceil(full / DEFAULT_SHARE));
  if (asked === "full") return full;
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(
      `${CORPUS_ROWS_ENV} is "full" or a number of rows (1 or more), not ${JSON.stringify(asked)}`,
    );
  return n;
}

/** Generates a document's rows as its user's task does and checks each with its kind's validator. */
export async function runDocument(m: CorpusManifest, d: CorpusDocument): Promise<DocumentOutcome> {
  const started = performance.now();
  const path = documentPath(m, d);
  const task = d.task ?? m.task;
  if (!task) throw new Error(`corpus document ${d.id} has no task`);
  const rows = corpusRows(m);
  const base = { kind: m.kind, document: d };
  const done = (o: Omit<DocumentOutcome, "kind" | "document" | "ms" | "asExpected">): DocumentOutcome => {
    const ms = Math.round(performance.now() - started);
    const e = d.expect;
    const asExpected =
      e === "valid"
        ? o.status === "valid"
        : o.status === "refused" && o.code === e.refused && new RegExp(e.construct).test(o.message ?? "");
    return { ...base, ...o, ms, asExpected };
  };
  let steps: GeneratedStep[];
  try {
    steps = await generateDocument(task, { document: path, ...d.options }, rows);
  } catch (e) {
    if (isRowforgeError(e))
      return done({ status: "refused", steps: 0, rows: 0, validRows: 0, code: e.code, message: e.message });
    return done({
      status: "failed",
      steps: 0,
      rows: 0,
      validRows: 0,
      message: (e as Error).stack ?? String(e),
    });
  }
  try {
    const validate = VALIDATORS[m.kind];
    if (!validate) throw new Error(`the corpus runner has no row validator of ${m.kind}`);
    const t = await validate(path, steps);
    return done({
      status: t.valid === t.rows ? "valid" : "invalid",
      steps: steps.length,
      rows: t.rows,
      validRows: t.valid,
      ...(t.first ? { message: t.first } : {}),
    });
  } catch (e) {
    const message = isRowforgeError(e) ? `${e.code}: ${e.message}` : ((e as Error).stack ?? String(e));
    return done({ status: "failed", steps: steps.length, rows: 0, validRows: 0, message });
  }
}

/** The figures of a set of outcomes: documents complete (every row valid, or refused as expected), rows valid. */
export function figures(outcomes: readonly DocumentOutcome[]): {
  documents: number;
  complete: number;
  rows: number;
  valid: number;
} {
  return {
    documents: outcomes.length,
    complete: outcomes.filter((o) => o.asExpected).length,
    rows: outcomes.reduce((n, o) => n + o.rows, 0),
    valid: outcomes.reduce((n, o) => n + o.validRows, 0),
  };
}
