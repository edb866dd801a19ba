import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../test/support/fixture-dir.ts";
import { OPEN_ACCESS } from "../../test/support/open-access.ts";
import { OUTPUT_KINDS } from "../app/output-kinds.ts";
import { runValidations } from "../app/validations/run-validations.ts";
import { loadProject } from "../config/index.ts";
import { validationsPlan } from "./validations-plan.ts";

/** Validations of `<dir>/data` (JSON) behind a wait condition written as YAML. */
async function validateAfter(dir: string, waitYaml: string) {
  const file = join(dir, "v.yaml");
  writeFileSync(
    file,
    `name: waits\ndataSources:\n  json:\n    - options: {path: "${join(dir, "data")}"}\n      waitCondition: ${waitYaml}\n      validations:\n        - expr: "n > 0"\n`,
  );
  const load = await loadProject([file], { outputKinds: OUTPUT_KINDS, env: {} });
  assert.deepEqual(
    load.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  const started = performance.now();
  const results = await runValidations(validationsPlan([...load.validations.values()], load.config, [file]), {
    access: OPEN_ACCESS,
  });
  return { results, seconds: (performance.now() - started) / 1000 };
}

const writeData = (dir: string) => {
  mkdirSync(join(dir, "data"), { recursive: true });
  writeFileSync(join(dir, "data", "part-0.json"), '{"n": 1}\n{"n": 2}\n');
};

test("a path wait retries until the file really appears, then the validations run", async () => {
  const dir = fixtureDir({});
  setTimeout(() => writeData(dir), 400);
  const { results } = await validateAfter(
    dir,
    `{path: "${join(dir, "data", "part-0.json")}", maxRetries: 20, waitBeforeRetrySeconds: 0.1}`,
  );
  // The data is written 0.4 s after the test starts: reading it at all means the wait waited.
  assert.deepEqual(
    results.map((r) => [r.success, r.records]),
    [[true, 2]],
  );
});

test("a path wait that runs out of retries fails the validations with RF_VALIDATION_WAIT_FAILED", async () => {
  const dir = fixtureDir({});
  const { results } = await validateAfter(
    dir,
    `{path: "${join(dir, "never")}", maxRetries: 2, waitBeforeRetrySeconds: 0.05}`,
  );
  assert.equal(results[0]!.error?.code, "RF_VALIDATION_WAIT_FAILED");
  assert.match(results[0]!.error!.message, /never to exist \(3 tries, 0\.05 s apart\)/);
});

test("a pause waits its seconds", async () => {
  const dir = fixtureDir({});
  writeData(dir);
  const { results, seconds } = await validateAfter(dir, "{pauseInSeconds: 0.3}");
  assert.equal(results[0]!.success, true);
  assert.ok(seconds >= 0.29, `waited ${seconds} s`);
});

test("a dataExists wait reads the data source until a row meets its expression", async () => {
  const dir = fixtureDir({});
  setTimeout(() => writeData(dir), 300);
  const { results } = await validateAfter(
    dir,
    `{dataSourceName: json, options: {path: "${join(dir, "data")}"}, expr: "n == 2", maxRetries: 20, waitBeforeRetrySeconds: 0.1}`,
  );
  assert.deepEqual(
    results.map((r) => [r.success, r.records]),
    [[true, 2]],
  );
  const never = await validateAfter(
    dir,
    `{dataSourceName: json, options: {path: "${join(dir, "data")}"}, expr: "n == 3", maxRetries: 1, waitBeforeRetrySeconds: 0.05}`,
  );
  assert.equal(never.results[0]!.error?.code, "RF_VALIDATION_WAIT_FAILED");
});

test("a webhook wait calls a real server until it answers one of the status codes", async () => {
  const dir = fixtureDir({});
  writeData(dir);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.method ?? "");
    res.statusCode = seen.length < 3 ? 503 : 202;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ready`;
  try {
    const { results } = await validateAfter(
      dir,
      `{dataSourceName: json, url: "${url}", method: POST, statusCodes: [200, 202], maxRetries: 5, waitBeforeRetrySeconds: 0.05}`,
    );
    assert.equal(results[0]!.success, true);
    assert.deepEqual(seen, ["POST", "POST", "POST"]);
    const refused = await validateAfter(
      dir,
      `{dataSourceName: json, url: "${url}", statusCodes: [200], maxRetries: 1, waitBeforeRetrySeconds: 0.05}`,
    );
    assert.equal(refused.results[0]!.error?.code, "RF_VALIDATION_WAIT_FAILED");
    assert.match(refused.results[0]!.error!.message, /the last answer was 202/);
  } finally {
    server.close();
  }
});
