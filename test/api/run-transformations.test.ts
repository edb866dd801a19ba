import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

const planWith = (className: string, out: string) => ({
  plan: { name: "t_plan", tasks: [{ name: "people", dataSourceName: "files", enabled: true }] },
  tasks: [
    {
      name: "people",
      type: "json",
      options: { path: out },
      count: { records: 5 },
      transformation: { className, mode: "whole-file" },
      fields: [{ name: "id", options: { regex: "P[0-9]{5}" } }],
    },
  ],
});

test("a saved plan naming a module outside the transformations folder can neither sample nor run it", async () => {
  const { app, dir, runs, close } = await apiRuntime({ server: { logger: false } });
  const home = join(dir, "home");
  try {
    // What the review found: any file under the home (node_modules too) was loadable and ran.
    const marker = join(dir, "ran.txt");
    mkdirSync(join(home, "node_modules", "tool"), { recursive: true });
    writeFileSync(
      join(home, "node_modules", "tool", "cli.mjs"),
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport function transform(c) { return c; }\n`,
    );
    const out = join(dir, "out");
    for (const className of [
      "node_modules/tool/cli.mjs",
      "../node_modules/tool/cli.mjs",
      join(home, "node_modules", "tool", "cli.mjs"),
    ]) {
      const saved = await app.inject({ method: "POST", url: "/plan", payload: planWith(className, out) });
      assert.equal(saved.statusCode, 200, saved.body);
      const sample = await app.inject({ url: "/sample/plans/t_plan/tasks/people/steps/people" });
      assert.equal(sample.statusCode, 400, className);
      const err = sample.json() as { error: { details: string; message: string } };
      assert.equal(err.error.details, "RF_TRANSFORMATION_REFUSED", className);
      assert.match(err.error.message, /transformations folder/);
      const run = await app.inject({ method: "POST", url: "/run", payload: planWith(className, out) });
      assert.equal(run.statusCode, 400, className);
      assert.equal((run.json() as { details: string }).details, "RF_TRANSFORMATION_REFUSED");
      const byName = await app.inject({ method: "POST", url: "/run/plans/t_plan" });
      assert.equal(byName.statusCode, 400, byName.body);
    }
    assert.equal(existsSync(marker), false, "the module never ran");
    assert.equal(existsSync(out), false, "no run wrote anything");
    // The same module inside the transformations folder is the operator's code: it loads.
    mkdirSync(join(home, "transformations"), { recursive: true });
    writeFileSync(
      join(home, "transformations", "wrap.mjs"),
      "export default (c) => '[' + new TextDecoder().decode(c).trim() + ']';\n",
    );
    await app.inject({ method: "POST", url: "/plan", payload: planWith("wrap", out) });
    const ok = await app.inject({ url: "/sample/plans/t_plan/tasks/people/steps/people?sampleSize=2" });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.match(ok.body, /^\[\{"id":"P\d{5}"\}\n\{"id":"P\d{5}"\}\]$/);
  } finally {
    await runs.shutdown(5_000);
    await close();
  }
});
