import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import {
  type BrokerAddress,
  booleanOption,
  brokerAddress,
  connectTimeoutMs,
  numberOption,
} from "../messaging/broker-options.ts";

/** The JMS connection factory of RabbitMQ's JMS client: the one `jms` connections rowforge serves. */
export const RABBITMQ_JMS_FACTORY = "com.rabbitmq.jms.admin.RMQConnectionFactory";

const AMQP_SCHEMES = { amqp: 5672, amqps: 5671 } as const;

/** What the RabbitMQ connector reads from a step's options (its connection's merged in). */
export interface RabbitOptions {
  /** `step "s" (connection "c"): queue q at amqp://host:port`. */
  readonly where: string;
  readonly address: BrokerAddress;
  /** The login (the connection's user and password, else the URL's; else guest). Never shown. */
  readonly user: string;
  readonly password: string;
  readonly vhost: string;
  /** The exchange messages are published to ("" is the default exchange: straight to `routingKey`'s queue). */
  readonly exchange: string;
  readonly routingKey: string;
  /** The queue the step writes to (the default exchange), declared when missing unless `declare` is false. */
  readonly queue: string | undefined;
  readonly declare: boolean;
  /** Delivery mode 2 (the broker writes them to disk), unless `persistent: false`. */
  readonly persistent: boolean;
  readonly contentType: string | undefined;
  /** Messages published per send and sends waiting for confirms at once. */
  readonly batchSize: number;
  readonly maxInFlight: number;
  readonly connectTimeoutMs: number;
  /** `amqp://host:port/vhost/queue` (or `.../exchange/routingKey`): the step's output. */
  readonly output: string;
}

/**
 * The queue or exchange a destination name means. Data Caterer's JMS names come as JNDI paths:
 * `/JNDI/Q/name` is queue `name`, `/JNDI/T/name` is topic `name` (RabbitMQ's JMS client sends
 * topic messages to exchange amq.topic with the name as routing key).
 */
function destinationOf(name: string): { queue?: string; exchange?: string; routingKey?: string } {
  const jndi = /^\/?JNDI\/([QT])\/(.+)$/i.exec(name.trim());
  if (!jndi) return { queue: name.trim() };
  return jndi[1]!.toUpperCase() === "Q"
    ? { queue: jndi[2]! }
    : { exchange: "amq.topic", routingKey: jndi[2]! };
}

/**
 * Refuses a `jms` connection that is not RabbitMQ's (Solace's `/jms/cf/default`, an SMF url):
 * RF_CONNECTION_UNSUPPORTED naming what rowforge serves.
 */
function checkJmsFactory(o: Readonly<Record<string, string>>, format: string, who: string): void {
  if (format !== "jms") return;
  const factory = o.connectionFactory?.trim();
  const url = o.url?.trim() ?? "";
  const amqpUrl = /^amqps?:\/\//i.test(url);
  if (factory === RABBITMQ_JMS_FACTORY || (factory === undefined && amqpUrl)) return;
  // No server named at all (a task bound to no connection): the url check says what is missing.
  if (factory === undefined && url === "") return;
  const what = factory
    ? `connection factory "${factory}"`
    : `url "${url.replace(/\/\/[^@/]*@/, "//")}" (no connectionFactory)`;
  throw new RowforgeError(
    "RF_CONNECTION_UNSUPPORTED",
    `${who} is a JMS connection with ${what}, which rowforge cannot write to; of JMS connections it writes to RabbitMQ only (connectionFactory ${RABBITMQ_JMS_FACTORY}, url amqp://host:port)`,
    {
      hint: `point the connection at RabbitMQ (connectionFactory = "${RABBITMQ_JMS_FACTORY}", url = "amqp://host:5672"), or use a rabbitmq, kafka, mqtt, nats or http connection`,
    },
  );
}

/** Reads and checks a step's RabbitMQ options (no I/O). */
export const readRabbitOptions = (step: ResolvedStep): RabbitOptions =>
  rabbitOptions(
    step.step.options,
    step.format,
    `step "${step.step.name}"${step.dataSourceName ? ` (connection "${step.dataSourceName}")` : ""}`,
  );

/**
 * Reads RabbitMQ options (a step's, or a connection's alone: `needsDestination` false lets a
 * connection without a queue be tested). `who` names the step or connection in messages.
 */
export function rabbitOptions(
  o: Readonly<Record<string, string>>,
  format: string,
  who: string,
  needsDestination = true,
): RabbitOptions {
  checkJmsFactory(o, format, who);
  const address = brokerAddress(o.url, AMQP_SCHEMES, who);
  const named = o.destinationName?.trim() || o.queue?.trim() || undefined;
  const dest = named === undefined ? {} : destinationOf(named);
  const exchange = o.exchange?.trim() ?? dest.exchange ?? "";
  const queue = exchange === "" ? dest.queue : undefined;
  const routingKey =
    o.routingKey?.trim() ?? (exchange === "" ? (queue ?? "") : (dest.routingKey ?? dest.queue ?? ""));
  if (needsDestination && exchange === "" && (queue === undefined || queue === ""))
    throw new RowforgeError("RF_KEY_MISSING", `${who} names no queue to write to`, {
      hint: "give the step a destinationName (a queue), or an exchange and routingKey",
    });
  const vhost = o.virtualHost ?? o.vhost ?? (address.path === "" ? "/" : address.path);
  const target =
    exchange !== ""
      ? `exchange ${exchange} (routing key "${routingKey}")`
      : queue
        ? `queue ${queue}`
        : "RabbitMQ";
  const where = `${who}: ${target} at ${address.shown}`;
  const vhostPath = encodeURIComponent(vhost);
  return {
    where,
    address,
    user: o.user?.trim() || address.user || "guest",
    password: o.password ?? address.password ?? "guest",
    vhost,
    exchange,
    routingKey,
    queue,
    declare: booleanOption(o.declare, "declare", where, true),
    persistent: booleanOption(o.persistent, "persistent", where, true),
    contentType: o.contentType?.trim() || undefined,
    batchSize: numberOption(o.batchSize, "batchSize", where, 256, 1, 100_000, "whole number"),
    maxInFlight: numberOption(o.maxInFlight, "maxInFlight", where, 64, 1, 1000, "whole number"),
    connectTimeoutMs: connectTimeoutMs(o.connectTimeout, where),
    output:
      exchange === ""
        ? `${address.shown}/${vhostPath}/${queue}`
        : `${address.shown}/${vhostPath}/${exchange}/${routingKey}`,
  };
}
