import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConnectors } from "../../src/connectors/registry.ts";
import { cassandraConnectorFixture } from "./cassandra-connector.fixture.ts";
import { type ConnectorFixture, connectorSuite } from "./connector.suite.ts";
import { fileConnectorFixture } from "./file-connector.fixture.ts";
import { httpConnectorFixture } from "./http-connector.fixture.ts";
import { kafkaConnectorFixture } from "./kafka-connector.fixture.ts";
import { mqttConnectorFixture } from "./mqtt-connector.fixture.ts";
import { mysqlConnectorFixture } from "./mysql-connector.fixture.ts";
import { natsConnectorFixture } from "./nats-connector.fixture.ts";
import { postgresConnectorFixture } from "./postgres-connector.fixture.ts";
import { rabbitmqConnectorFixture } from "./rabbitmq-connector.fixture.ts";

/** Every registered connector, loaded. */
const CONNECTORS = await loadConnectors();

/** Each registered connector's fixture: a new connector adds its line here (and its fixture file). */
const FIXTURES: Readonly<Record<string, ConnectorFixture>> = {
  file: fileConnectorFixture,
  postgres: postgresConnectorFixture,
  mysql: mysqlConnectorFixture,
  cassandra: cassandraConnectorFixture,
  kafka: kafkaConnectorFixture,
  http: httpConnectorFixture,
  rabbitmq: rabbitmqConnectorFixture,
  mqtt: mqttConnectorFixture,
  nats: natsConnectorFixture,
};

test("every registered connector has a conformance fixture", () => {
  const missing = CONNECTORS.map((c) => c.name).filter((n) => !FIXTURES[n]);
  assert.deepEqual(
    missing,
    [],
    `connectors without a fixture in test/conformance/connectors.test.ts: ${missing}`,
  );
});

for (const connector of CONNECTORS) {
  const fixture = FIXTURES[connector.name];
  if (fixture) connectorSuite(connector, fixture);
}
