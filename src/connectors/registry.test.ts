import assert from "node:assert/strict";
import { test } from "node:test";
import { connectionGroupOf } from "../model/connection.ts";
import { connectors, knownOutputKinds } from "./registry.ts";

test("the kinds and aliases the connectors declare are what config resolves formats with", () => {
  const kinds = knownOutputKinds();
  for (const c of connectors()) {
    for (const format of c.formats) assert.ok(kinds.names.includes(format), format);
    for (const alias of c.aliases ?? [])
      assert.equal(kinds.aliases[alias.toLowerCase()], c.formats[0], alias);
  }
  assert.deepEqual(kinds.jdbcWords, [
    ["postgres", "postgres"],
    ["mysql", "mysql"],
    ["mariadb", "mysql"],
  ]);
});

test("every kind a connector serves or is called by has its connection group (model/connection.ts, read with the configuration)", () => {
  for (const c of connectors())
    for (const kind of [...c.formats, ...(c.aliases ?? [])])
      assert.notEqual(connectionGroupOf(kind), "dataSource", `${c.name}: ${kind} has no group`);
});
