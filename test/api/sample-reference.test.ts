import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

let f: ApiRuntime;
before(async () => {
  f = await apiRuntime();
});
after(async () => {
  await f.close();
});

test("a saved plan's sample with relationships takes the child's keys from the reference data; a missing source is a clear 400", async () => {
  const ref = join(f.dir, "countries.csv");
  writeFileSync(ref, "code,name\nFR,France\nDE,Germany\nJP,Japan\nFR,France again\n");
  const plan = (path: string) => ({
    plan: {
      name: "ref_plan",
      tasks: [
        { name: "countries", dataSourceName: "existing", enabled: true },
        { name: "customers", dataSourceName: "out", enabled: true },
      ],
      sinkOptions: {
        seed: "9",
        foreignKeys: [
          {
            source: { dataSource: "existing", step: "countries", fields: ["code"] },
            generate: [{ dataSource: "out", step: "customers", fields: ["country"] }],
          },
        ],
      },
    },
    tasks: [
      { name: "countries", type: "csv", options: { path, header: "true", enableReferenceMode: "true" } },
      {
        name: "customers",
        type: "json",
        options: { path: join(f.dir, "out/customers") },
        count: { records: 20 },
        fields: [
          { name: "id", options: { regex: "C[0-9]{5}" } },
          { name: "country", type: "string" },
        ],
      },
    ],
  });
  const saved = await f.app.inject({ method: "POST", url: "/plan", payload: plan(ref) });
  assert.equal(saved.statusCode, 200, saved.body);
  const r = await f.app.inject({ url: "/sample/plans/ref_plan?sampleSize=12&enableRelationships=true" });
  assert.equal(r.statusCode, 200, r.body);
  const body = r.json() as { samples: Record<string, { code?: string; country?: string }[]> };
  assert.deepEqual(
    body.samples["ref_plan/countries"]!.map((x) => x.code),
    ["DE", "FR", "JP"],
    "the reference step's sample is its distinct keys",
  );
  const countries = body.samples["ref_plan/customers"]!.map((x) => x.country);
  assert.equal(countries.length, 12);
  assert.ok(
    countries.every((c) => ["DE", "FR", "JP"].includes(c!)),
    JSON.stringify(countries),
  );
  await f.app.inject({ method: "POST", url: "/plan", payload: plan(join(f.dir, "gone.csv")) });
  const missing = await f.app.inject({ url: "/sample/plans/ref_plan?enableRelationships=true" });
  assert.equal(missing.statusCode, 400);
  assert.match(missing.body, /reference step \\"countries\\".*gone\.csv, which does not exist/);
});
