import assert from "node:assert/strict";
import { test } from "node:test";
import { CONNECTION_GROUP_NAMES } from "../model/connection.ts";
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
  // The databases whose tables rowforge reads (fields, whole connections): the table connectors.
  assert.deepEqual(kinds.tables, ["postgres", "mysql", "cassandra"]);
});

test("every kind a connector serves or is called by has the connection group its connector declares (what config files its connections under)", () => {
  const { groups } = knownOutputKinds();
  for (const c of connectors()) {
    assert.ok(
      CONNECTION_GROUP_NAMES.includes(c.group),
      `${c.name}: its group "${c.group}" is not a connection group`,
    );
    for (const kind of [...c.formats, ...(c.aliases ?? [])])
      assert.equal(groups[kind], c.group, `${c.name}: ${kind} has no group, or another connector's`);
  }
});
