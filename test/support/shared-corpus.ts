import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./run-cli.ts";

/** Users' Data Caterer files, beside the repository when the workspace has them. */
export const CORPUS = join(REPO_ROOT, "..", "shared", "conformance", "datacaterer-examples");
export const corpusAvailable = (): boolean => existsSync(CORPUS);
export const CORPUS_MISSING = `the Data Caterer example corpus is not at ${CORPUS}; this test needs it and is skipped`;
