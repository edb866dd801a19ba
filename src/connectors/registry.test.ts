import assert from "node:assert/strict";
import { test } from "node:test";
import { CONNECTION_GROUP_NAMES } from "../model/connection.ts";
import { connectorKind, findConnector, knownOutputKinds, loadConnectors } from "./registry.ts";

/** Every registered connector, loaded. */
const CONNECTORS = await loadConnectors();

test("the kinds and aliases the connectors declare are what config resolves formats with", () => {
  const kinds = knownOutputKinds();
  for (const c of CONNECTORS) {
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
  for (const c of CONNECTORS) {
    assert.ok(
      CONNECTION_GROUP_NAMES.includes(c.group),
      `${c.name}: its group "${c.group}" is not a connection group`,
    );
    for (const kind of [...c.formats, ...(c.aliases ?? [])])
      assert.equal(groups[kind], c.group, `${c.name}: ${kind} has no group, or another connector's`);
  }
});

test("a connector kind says it reads tables exactly when its connector describes and lists them: the schema stage picks the steps whose tables it reads from the kinds, without loading every connector", async () => {
  for (const c of CONNECTORS) {
    const kind = connectorKind(c.formats[0]!);
    assert.equal(kind?.name, c.name);
    assert.equal(
      kind?.readsTables ?? false,
      c.describe !== undefined && c.listTables !== undefined,
      `${c.name}: readsTables`,
    );
    assert.equal(await findConnector(c.formats[0]!), c, `${c.name} is loaded once`);
  }
  assert.equal(connectorKind("no-such-format"), undefined);
  assert.equal(await findConnector("no-such-format"), undefined);
});
