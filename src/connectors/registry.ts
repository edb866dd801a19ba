import { RowforgeError } from "../errors/index.ts";
import type { OutputKinds } from "../model/output-kinds.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { cassandraKind } from "./cassandra/cassandra-kind.ts";
import type { Connector } from "./connector.ts";
import type { ConnectorKind } from "./connector-kind.ts";
import { fileKind } from "./file/file-kind.ts";
import { httpKind } from "./http/http-kind.ts";
import { kafkaKind } from "./kafka/kafka-kind.ts";
import { mqttKind } from "./mqtt/mqtt-kind.ts";
import { mysqlKind } from "./mysql/mysql-kind.ts";
import { natsKind } from "./nats/nats-kind.ts";
import { postgresKind } from "./postgres/postgres-kind.ts";
import { rabbitmqKind } from "./rabbitmq/rabbitmq-kind.ts";

/** A connector the registry lists: its kind, and its module imported on first use. */
interface ConnectorEntry extends ConnectorKind {
  readonly load: () => Promise<Connector>;
}

/**
 * Every connector rowforge can write through: adding one is its folder (with its kind file,
 * `<name>-kind.ts`) and one line here. A start loads only the connectors its plan uses: a
 * run of files never loads a database's or a broker's code.
 */
const CONNECTORS: readonly ConnectorEntry[] = [
  { ...fileKind, load: async () => (await import("./file/file-connector.ts")).fileConnector },
  {
    ...postgresKind,
    load: async () => (await import("./postgres/postgres-connector.ts")).postgresConnector,
  },
  { ...mysqlKind, load: async () => (await import("./mysql/mysql-connector.ts")).mysqlConnector },
  {
    ...cassandraKind,
    load: async () => (await import("./cassandra/cassandra-connector.ts")).cassandraConnector,
  },
  { ...httpKind, load: async () => (await import("./http/http-connector.ts")).httpConnector },
  { ...kafkaKind, load: async () => (await import("./kafka/kafka-connector.ts")).kafkaConnector },
  {
    ...rabbitmqKind,
    load: async () => (await import("./rabbitmq/rabbitmq-connector.ts")).rabbitmqConnector,
  },
  { ...mqttKind, load: async () => (await import("./mqtt/mqtt-connector.ts")).mqttConnector },
  { ...natsKind, load: async () => (await import("./nats/nats-connector.ts")).natsConnector },
];

/**
 * Connection types a configuration may name beside the connectors' formats and aliases, by
 * group: Data Caterer's `jdbc` (its url names the database: jdbcWords), and the kinds it reads
 * that no connector writes (a block of them is read; a step writing to one is refused).
 */
const OTHER_KIND_GROUPS: Readonly<Record<string, Connector["group"]>> = {
  delta: "file",
  iceberg: "file",
  hudi: "file",
  xml: "file",
  text: "file",
  jdbc: "database",
  bigquery: "database",
  solace: "messaging",
};

/** Connection types users write that no connector serves yet: recognised (and named), not written. */
const PLANNED_KINDS: readonly string[] = [];

/**
 * Connection types rowforge refuses by design, with what they are: RF_CONNECTION_UNSUPPORTED
 * names what it writes to instead (at check time, before anything runs).
 */
const UNSUPPORTED_KINDS: Readonly<Record<string, string>> = {
  solace: "Solace JMS (SMF)",
};

/** What a connection type rowforge refuses by design is (`Solace JMS (SMF)`), or undefined. */
export const unsupportedKind = (format: string): string | undefined =>
  UNSUPPORTED_KINDS[format.trim().toLowerCase()];

/** What rowforge writes to instead of a refused JMS kind: said wherever one is refused. */
export const JMS_SUPPORTED =
  "of JMS brokers it writes to RabbitMQ (a jms connection with connectionFactory com.rabbitmq.jms.admin.RMQConnectionFactory, or a rabbitmq connection)";

/** The kind of connector serving a step's format or connection type, if any (nothing is loaded). */
export function connectorKind(format: string): ConnectorKind | undefined {
  return entryFor(format);
}

function entryFor(format: string): ConnectorEntry | undefined {
  const name = format.trim().toLowerCase();
  return CONNECTORS.find((c) => c.formats.includes(name));
}

/** The connector serving a step's format or connection type, if any, loaded on first use. */
export async function findConnector(format: string): Promise<Connector | undefined> {
  return await entryFor(format)?.load();
}

/**
 * The connector for a step, or RF_FORMAT_UNKNOWN naming what can be written. `doing` names
 * the use when it is not writing (`deleting from`).
 */
export async function connectorFor(step: ResolvedStep, doing?: string): Promise<Connector> {
  const connector = await findConnector(step.format);
  if (connector) return connector;
  const where = `step "${step.step.name}" writes to "${step.format}"`;
  const refused = unsupportedKind(step.format);
  if (refused !== undefined)
    throw new RowforgeError(
      "RF_CONNECTION_UNSUPPORTED",
      `${where}${step.dataSourceName ? ` (connection "${step.dataSourceName}")` : ""}, a ${refused} connection, which rowforge does not write to; ${JMS_SUPPORTED}`,
    );
  throw new RowforgeError(
    "RF_FORMAT_UNKNOWN",
    doing === undefined
      ? `${where}, which this version of rowforge cannot write yet`
      : `${where}; ${doing} it is not supported yet`,
    {
      hint: `${CONNECTORS.map((c) => `${c.name} formats (${c.formats.join(", ")})`).join(", ")} are supported`,
    },
  );
}

/**
 * Every format and connection type rowforge knows by name (the ones it writes, the ones still
 * to come and the ones it refuses) with the aliases, jdbc words and groups its connectors declare
 * (the app layer adds the metadata and alert kinds' groups).
 */
export const knownOutputKinds = (): OutputKinds => ({
  names: [...CONNECTORS.flatMap((c) => c.formats), ...PLANNED_KINDS, ...Object.keys(UNSUPPORTED_KINDS)],
  aliases: Object.fromEntries(
    CONNECTORS.flatMap((c) => (c.aliases ?? []).map((a) => [a.toLowerCase(), c.formats[0]!])),
  ),
  jdbcWords: CONNECTORS.flatMap((c) => (c.jdbcWords ?? []).map((w) => [w, c.formats[0]!] as const)),
  groups: {
    ...Object.fromEntries(
      CONNECTORS.flatMap((c) => [...c.formats, ...(c.aliases ?? [])].map((kind) => [kind, c.group])),
    ),
    ...OTHER_KIND_GROUPS,
  },
  tables: CONNECTORS.filter((c) => c.readsTables).flatMap((c) => c.formats),
});

/** Connection types rowforge recognises but no connector serves yet (a connector that lands drops its kind here). */
export const plannedKinds = (): readonly string[] => PLANNED_KINDS;

/** Every registered connector, each loaded (the conformance suite runs against each; the docs list them). */
export const loadConnectors = (): Promise<readonly Connector[]> =>
  Promise.all(CONNECTORS.map((c) => c.load()));
