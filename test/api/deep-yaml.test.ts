import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { MAX_YAML_DEPTH } from "../../src/config/index.ts";
import { apiFixture } from "./api-fixture.ts";

/** A task whose fields are a list nested 10,000 levels deep (20 KB of brackets). */
const DEEP = 10_000;
const deepTask = `name: deep_task\nsteps:\n  - name: s\n    type: json\n    fields: ${"[".repeat(DEEP)}${"]".repeat(DEEP)}\n`;
const LIMIT = new RegExp(`more than ${MAX_YAML_DEPTH} levels deep`);

let app: FastifyInstance;
let dir: string;
let close: () => Promise<void>;
before(async () => {
  ({ app, dir, close } = await apiFixture());
});
after(() => close());

const messagesOf = (body: string): string => {
  const b = JSON.parse(body) as { message?: string; error?: { message?: string; details?: string } };
  return `${b.message ?? ""} ${b.error?.message ?? ""} ${b.error?.details ?? ""}`;
};

test("POST /sample/task-yaml: 10,000-deep YAML (raw and as JSON) is a 400 naming the nesting limit, not a stack overflow", async () => {
  for (const request of [
    { headers: { "content-type": "text/plain" }, payload: deepTask },
    { headers: { "content-type": "application/json" }, payload: { taskYamlContent: deepTask } },
  ]) {
    const r = await app.inject({ method: "POST", url: "/sample/task-yaml", ...request });
    assert.equal(r.statusCode, 400, r.body);
    assert.match(messagesOf(r.body), LIMIT);
    assert.match(r.body, /RF_YAML_TOO_DEEP/);
    assert.doesNotMatch(r.body, /call stack/i);
  }
});

test("POST /sample/task-file and the task samples: a 10,000-deep task file of the task folder is a 400 naming the limit", async () => {
  writeFileSync(join(dir, "tasks", "deep.yaml"), deepTask);
  const r = await app.inject({
    method: "POST",
    url: "/sample/task-file",
    payload: { taskYamlPath: join(dir, "tasks", "deep.yaml") },
  });
  assert.equal(r.statusCode, 400, r.body);
  assert.match(messagesOf(r.body), LIMIT);
  assert.doesNotMatch(r.body, /call stack/i);
});

test("POST /plan: a 10,000-deep yamlSources text is a 400 naming the text and the limit, and nothing is saved", async () => {
  for (const part of ["plan", "tasks", "configuration"] as const) {
    const yamlSources = {
      plan: "name: deep_plan\n",
      tasks: [] as string[],
      validation: [] as string[],
      configuration: "",
      ...(part === "tasks" ? { tasks: [deepTask] } : { [part]: deepTask }),
    };
    const r = await app.inject({
      method: "POST",
      url: "/plan",
      payload: { plan: { name: "deep_plan" }, yamlSources },
    });
    assert.equal(r.statusCode, 400, r.body);
    const body = JSON.parse(r.body) as { message: string; details: string };
    assert.equal(body.details, "RF_YAML_TOO_DEEP", part);
    assert.match(body.message, LIMIT);
    assert.match(body.message, new RegExp(`^yamlSources\\.${part}`));
  }
  assert.equal((await app.inject({ url: "/plan/deep_plan" })).statusCode, 404);
});
