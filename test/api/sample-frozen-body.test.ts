import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sampleSchema } from "../../src/app/sample/sample-service.ts";
import { deepFreeze } from "../../src/model/index.ts";
import { type ApiRuntime, apiRuntime } from "./api-fixture.ts";

// The HTTP layer hands a repeated body over frozen (src/api/json-body-cache.ts): reading and
// sampling it must never write into it, whether its plan is cached by the object or not.
let f: ApiRuntime;
before(async () => {
  f = await apiRuntime({ serveRuns: false });
});
after(async () => {
  await f.close();
});

const fields = () => [
  { name: "id", options: { regex: "ACC[0-9]{8}", seed: 1 } },
  { name: "n", type: "int", options: { min: 1, max: 5, seed: 2 } },
  { name: "tags", type: "array<string>", options: { arrayMinLen: 1, arrayMaxLen: 3, seed: 3 } },
  { name: "s", fields: [{ name: "y", type: "decimal(10,2)", options: { seed: 4 } }] },
  { name: "m", type: "map<string,int>", options: { seed: 5 } },
  { name: "o", options: { oneOf: ["a", "b"], seed: 6 }, nullable: true },
  { name: "twice", type: "int", options: { sql: "n * 2" } },
];

test("a frozen schema body samples as its unfrozen copy does, in every format, first time and cached", async () => {
  const q = { size: 4, fastMode: true, relationships: false };
  for (const format of ["json", "csv", "parquet"]) {
    const plain = await sampleSchema(f.svc, { fields: fields(), format }, q);
    const frozen = deepFreeze({ fields: fields(), format });
    for (let i = 0; i < 2; i++) {
      const again = await sampleSchema(f.svc, frozen, q);
      assert.ok("body" in again && "body" in plain);
      if (format !== "parquet") assert.equal(again.body.toString(), plain.body.toString(), format);
      else assert.equal(again.body.subarray(0, 4).toString(), "PAR1");
    }
  }
  const envelope = await sampleSchema(f.svc, deepFreeze({ fields: fields() }), q);
  assert.ok("sampleData" in envelope);
  assert.equal(envelope.sampleData.length, 4);
});
