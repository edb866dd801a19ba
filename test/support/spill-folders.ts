import assert from "node:assert/strict";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { SqlValue } from "../../src/engine/index.ts";
import type { Validation } from "../../src/model/validation.ts";
import { BatchRows, type ReadField } from "../../src/quality/batch-rows.ts";
import { type CheckLimits, DEFAULT_CHECK_LIMITS } from "../../src/quality/check.ts";
import { compileValidation } from "../../src/quality/compile-validation.ts";
import { fixtureDir } from "./fixture-dir.ts";

/** Runs `work` in a fresh folder holding an empty `spill` folder, and removes both after. */
export async function withSpillFolder(work: (dir: string, spillDir: string) => Promise<void>): Promise<void> {
  const dir = fixtureDir({});
  const spillDir = join(dir, "spill");
  mkdirSync(spillDir);
  try {
    await work(dir, spillDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The check of `validation` fed `values` of one field past `limits` spills, and disposed
 * without finishing (as when its read fails) removes what it spilled.
 */
export function assertDisposeRemovesSpill(
  validation: Validation,
  field: ReadField,
  values: readonly SqlValue[],
  limits: Partial<CheckLimits>,
): void {
  const spillDir = fixtureDir({});
  try {
    const [check] = compileValidation(validation, [field], { ...DEFAULT_CHECK_LIMITS, ...limits, spillDir });
    const rows = BatchRows.ofColumns([field], [values], values.length);
    check!.consume(
      rows,
      Uint32Array.from(values, (_, i) => i),
      values.length,
    );
    assert.equal(readdirSync(spillDir).length, 1, "a spill folder was made");
    check!.dispose?.();
    assert.deepEqual(readdirSync(spillDir), []);
  } finally {
    rmSync(spillDir, { recursive: true, force: true });
  }
}
