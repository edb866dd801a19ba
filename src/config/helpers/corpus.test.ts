import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { parse } from "yaml";
import { expandFieldHelpers } from "./expand-field-helpers.ts";
import { isMap } from "./raw-value.ts";

const TASKS = "/work/shared/conformance/datacaterer-examples/task";

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

it("expands every field of the example task corpus without an invalid helper", (t) => {
  if (!existsSync(TASKS)) {
    t.skip(`the example corpus is not present at ${TASKS}`);
    return;
  }
  const files = yamlFiles(TASKS);
  assert.ok(files.length > 0);
  const problems: string[] = [];
  let fields = 0;
  for (const file of files) {
    const doc: unknown = parse(readFileSync(file, "utf8"));
    const steps = isMap(doc) && Array.isArray(doc.steps) ? doc.steps : [];
    for (const step of steps.filter(isMap)) {
      const list = Array.isArray(step.fields) ? step.fields.filter(isMap) : [];
      for (const field of list) {
        fields++;
        const stepType = typeof step.type === "string" ? step.type : undefined;
        const out = expandFieldHelpers(
          field,
          (code, message) => {
            if (code === "RF_HELPER_INVALID") problems.push(`${file}: ${message}`);
          },
          stepType === undefined ? {} : { stepType },
        );
        assert.ok(out.length >= 1);
      }
    }
  }
  assert.ok(fields > 100, `only ${fields} fields read`);
  assert.deepEqual(problems, []);
});
