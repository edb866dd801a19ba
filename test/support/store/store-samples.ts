import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecutionRecord, StoredConnection, StoredPlan } from "../../../src/store/store-records.ts";

/** A fresh temporary home folder and a function that removes it. */
export async function tempHome(): Promise<{ home: string; cleanup: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), "rowforge-store-"));
  // A home below the temp folder that does not exist yet: openStore must create it.
  return { home: join(base, "home"), cleanup: () => rm(base, { recursive: true, force: true }) };
}

export const samplePlan = (name: string, extra: Partial<StoredPlan> = {}): StoredPlan => ({
  id: `id-${name}`,
  name,
  request: { plan: { name, description: "saved in a test" }, tasks: [{ name: "accounts", steps: [] }] },
  savedAt: "2025-03-01T10:00:00.000Z",
  ...extra,
});

export const sampleConnection = (name: string, extra: Partial<StoredConnection> = {}): StoredConnection => ({
  name,
  type: "postgres",
  groupType: "database",
  options: { url: "jdbc:postgresql://localhost:5432/app", user: "app", password: "s3cret" },
  source: "api",
  savedAt: "2025-03-01T10:00:00.000Z",
  ...extra,
});

export const sampleExecution = (
  id: string,
  createdTs: string,
  extra: Partial<ExecutionRecord> = {},
): ExecutionRecord => ({
  id,
  planName: "accounts-plan",
  status: "running",
  failedReason: null,
  runBy: "admin",
  updatedBy: "admin",
  createdTs,
  updatedTs: createdTs,
  generationSummary: [],
  validationSummary: [],
  reportLink: `/report/${id}/index.html`,
  timeTaken: "0m",
  mode: "generate",
  ...extra,
});
