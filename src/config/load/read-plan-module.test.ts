import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { isPlanModule, planValueRead } from "./read-plan-module.ts";
import { readSourceFile } from "./read-source-file.ts";

test("a plan value reads as its JSON would: undefined keys dropped, dates as ISO text", () => {
  const r = planValueRead(
    { name: "p", description: undefined, dataSources: [{ name: "d", at: new Date("2026-01-02T03:04:05Z") }] },
    "/plans/p.ts",
  );
  assert.deepEqual(r.diagnostics, []);
  assert.deepEqual(r.document?.value, {
    name: "p",
    dataSources: [{ name: "d", at: "2026-01-02T03:04:05.000Z" }],
  });
  assert.equal(r.document?.file, "/plans/p.ts");
});

test("a value that is no plan object, or cannot be data, is RF_PLAN_MODULE_INVALID at the module", () => {
  for (const value of [[1, 2], "plan", null, { seed: 1n }]) {
    const r = planValueRead(value, "/plans/p.mjs");
    assert.equal(r.document, undefined);
    assert.equal(r.diagnostics[0]?.code, "RF_PLAN_MODULE_INVALID", String(value));
    assert.equal(r.diagnostics[0]?.location?.file, "/plans/p.mjs");
  }
});

test("TypeScript and JavaScript modules are plan modules; YAML, JSON and HOCON files are parsed", () => {
  assert.deepEqual(["p.ts", "p.MTS", "p.js", "p.mjs", "p.yaml", "p.json", "p.conf"].map(isPlanModule), [
    true,
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});

test("a plan module is imported only when the loader is told to (the CLI and the library, never the server)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-plan-module-"));
  try {
    const marker = join(dir, "imported");
    const file = join(dir, "plan.mjs");
    writeFileSync(
      file,
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "");\nexport default { name: "p", dataSources: [] };\n`,
    );
    const parsed = await readSourceFile(file, {});
    assert.equal(existsSync(marker), false, "parsing the file ran none of it");
    assert.notDeepEqual(parsed.document?.value, { name: "p", dataSources: [] });
    const imported = await readSourceFile(file, {}, { modules: true });
    assert.equal(existsSync(marker), true);
    assert.deepEqual(imported.document?.value, { name: "p", dataSources: [] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
