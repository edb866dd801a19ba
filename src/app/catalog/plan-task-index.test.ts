import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fixtureDir } from "../../../test/support/fixture-dir.ts";
import { openStore } from "../../store/index.ts";
import { planTaskIndex } from "./plan-task-index.ts";

test("the plan-task index finds plans by the tasks their requests list: plan tasks, inline tasks, unified data sources", async () => {
  const store = await openStore(join(fixtureDir({}), "home"));
  try {
    const savedAt = new Date().toISOString();
    const put = (name: string, request: unknown) =>
      store.plans.put({ id: name, name, request: request as Record<string, unknown>, savedAt });
    await put("listed", {
      plan: { name: "listed", tasks: [{ name: "accounts_task", dataSourceName: "d" }] },
    });
    await put("inline", { plan: { name: "inline" }, tasks: [{ name: "accounts_task", steps: [] }] });
    await put("unified", { name: "unified", dataSources: [{ name: "accounts", steps: [] }] });
    await put("other", { plan: { name: "other", tasks: [{ name: "txn_task" }] } });
    const index = planTaskIndex(store);
    assert.deepEqual([...(await index.plansListing("accounts_task"))].sort(), [
      "inline",
      "listed",
      "unified",
    ]);
    // Saves and deletes made after the index was built.
    await index.saved("other", { plan: { name: "other", tasks: [{ name: "accounts_task" }] } });
    await index.saved("listed", { plan: { name: "listed", tasks: [{ name: "txn_task" }] } });
    await index.deleted("inline");
    assert.deepEqual([...(await index.plansListing("accounts_task"))].sort(), ["other", "unified"]);
    assert.deepEqual([...(await index.plansListing("txn_task"))], ["listed"]);
    assert.deepEqual([...(await index.plansListing("nothing"))], []);
  } finally {
    await store.close();
  }
});
