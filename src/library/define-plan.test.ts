import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { definePlan } from "./define-plan.ts";

const TSC = fileURLToPath(new URL("../../node_modules/.bin/tsc", import.meta.url));
const DEFINE_PLAN = fileURLToPath(new URL("./define-plan.ts", import.meta.url));
const ENTRY = fileURLToPath(new URL("../index.ts", import.meta.url));
const TYPE_ROOTS = fileURLToPath(new URL("../../node_modules/@types", import.meta.url));

/** Type-checks one consumer file as a user's project would (strict, ES modules); the compiler's output. */
function typeCheck(source: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-consumer-"));
  try {
    writeFileSync(join(dir, "plan.ts"), source);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2024",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [TYPE_ROOTS],
        },
        files: ["plan.ts"],
      }),
    );
    const r = spawnSync(TSC, ["-p", dir], { encoding: "utf8", timeout: 120_000 });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const consumer = (ageOptions: string) => `import { definePlan } from ${JSON.stringify(DEFINE_PLAN)};
export default definePlan({
  name: "customers",
  sinkOptions: { seed: 42 },
  dataSources: [
    {
      name: "files",
      connection: { type: "json", options: { path: "out" } },
      steps: [
        {
          name: "customers",
          count: { records: 100 },
          fields: [
            { name: "id", type: "long", options: { incremental: 1 } },
            { name: "age", type: "int", options: ${ageOptions} },
            { name: "status", options: { oneOf: ["open->0.8", "closed->0.2"] } },
          ],
        },
      ],
    },
  ],
});
`;

test("definePlan returns the plan it is given", () => {
  const plan = { name: "p", dataSources: [] };
  assert.equal(definePlan(plan), plan);
});

test("a consumer's plan type-checks, and a misspelled option or a wrong value type fails to compile", () => {
  const good = typeCheck(consumer("{ min: 18, max: 90 }"));
  assert.ok(good.ok, good.output);
  const misspelled = typeCheck(consumer("{ minn: 18, max: 90 }"));
  assert.equal(misspelled.ok, false);
  assert.match(misspelled.output, /'minn' does not exist/);
  const wrongType = typeCheck(consumer("{ min: 18, enableNull: 1 }"));
  assert.equal(wrongType.ok, false);
  assert.match(wrongType.output, /Type .number. is not assignable/);
});

test("the package entry's library API type-checks in a consumer project with its own compiler settings", () => {
  const r =
    typeCheck(`import { definePlan, generate, sample, type Plan, RowforgeError } from ${JSON.stringify(ENTRY)};
const plan: Plan = definePlan({
  name: "p",
  dataSources: [{ name: "d", connection: { type: "json" }, steps: [{ name: "s", fields: [{ name: "a", options: { min: 1 } }] }] }],
});
const rows: Record<string, unknown>[] = await sample(plan, { n: 3, seed: 1, now: new Date() });
for await (const batch of generate("plan.yaml", { step: "s", batchSize: 10 }).batches()) console.log(batch.numRows);
for await (const row of generate(plan, { signal: AbortSignal.timeout(1000) })) console.log(row, rows.length);
export const isCoded = (e: unknown): boolean => e instanceof RowforgeError && e.code === "RF_KEY_UNKNOWN";
`);
  assert.ok(r.ok, r.output);
});
