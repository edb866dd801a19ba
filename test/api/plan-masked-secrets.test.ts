import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { apiRuntime } from "./api-fixture.ts";

let f: Awaited<ReturnType<typeof apiRuntime>>;
before(async () => {
  f = await apiRuntime();
});
after(async () => {
  await f.close();
});

const plan = (password: string, url: string) => ({
  plan: { name: "masked_plan", tasks: [{ name: "t", dataSourceName: "files", enabled: true }] },
  tasks: [
    {
      name: "t",
      steps: [
        {
          name: "s",
          type: "json",
          options: { path: "out/masked-plan", password, url },
          fields: [{ name: "id" }],
        },
      ],
    },
  ],
});

test("a saved plan opened (masked) and saved again keeps its secrets; a new value replaces them", async () => {
  const url = "jdbc:postgresql://app:s3cret@db:5432/shop";
  const saved = await f.app.inject({ method: "POST", url: "/plan", payload: plan("hunter2", url) });
  assert.equal(saved.statusCode, 200, saved.body);
  const shown = (await f.app.inject({ method: "GET", url: "/plan/masked_plan" })).json();
  const options = async () => {
    const stored = (await f.store.plans.get("masked_plan"))?.request as unknown as ReturnType<typeof plan>;
    return stored.tasks[0]!.steps[0]!.options;
  };
  assert.equal(shown.tasks[0].steps[0].options.password, "***");
  assert.ok(!JSON.stringify(shown).includes("s3cret"));
  const again = await f.app.inject({ method: "POST", url: "/plan", payload: shown });
  assert.equal(again.statusCode, 200, again.body);
  assert.deepEqual(await options(), { path: "out/masked-plan", password: "hunter2", url });
  const changed = await f.app.inject({ method: "POST", url: "/plan", payload: plan("new-pass", url) });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.equal((await options()).password, "new-pass");
});
