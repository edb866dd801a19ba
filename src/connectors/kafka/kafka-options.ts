import { didYouMean } from "../../errors/did-you-mean.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import { booleanOf, connectTimeoutOf, writtenFields } from "../database-options.ts";
import { numberOption } from "../messaging/broker-options.ts";

export const KAFKA_DEFAULT_PORT = 9092;
export const COMPRESSIONS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
export type KafkaCompression = (typeof COMPRESSIONS)[number];
export const SASL_MECHANISMS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const;
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

/** Where a Kafka connection points and how it logs in. */
export interface KafkaServer {
  /** `step "s" (connection "c")` or `connection "c"`, for messages. */
  readonly where: string;
  /** Bootstrap brokers, `host:port` each. */
  readonly brokers: readonly string[];
  /** SASL login (PLAIN or SCRAM); the password is never shown. */
  readonly sasl:
    | { readonly mechanism: SaslMechanism; readonly user: string; readonly password: string }
    | undefined;
  /** TLS to the brokers (security.protocol SSL or SASL_SSL). */
  readonly tls: boolean;
  /** Seconds to wait for a broker connection. */
  readonly connectTimeoutSeconds: number;
  /** Seconds to wait for a broker's answer to a request. */
  readonly requestTimeoutSeconds: number;
  /** Retries of a failed request (the client's own, with doubling waits). */
  readonly retries: number;
}

/** What the Kafka connector reads from a step's options (its connection's merged in). */
export interface KafkaOptions extends KafkaServer {
  /** The step's topic; undefined when every row names its own (a `topic` field). */
  readonly topic: string | undefined;
  /** -1 (all in-sync replicas), 1 (the leader) or 0 (no answer awaited). */
  readonly acks: -1 | 0 | 1;
  readonly compression: KafkaCompression;
  readonly idempotent: boolean;
  /** Most bytes of messages in one produce request (one record batch per partition). */
  readonly batchBytes: number;
  /** Most rows the sink hands over per send. */
  readonly chunkRows: number;
  /** Sends in flight at once. */
  readonly maxInFlight: number;
}

export const DEFAULT_BATCH_BYTES = 512 * 1024;
export const DEFAULT_CHUNK_ROWS = 2000;
export const DEFAULT_MAX_IN_FLIGHT = 5;

/** The first option given among names (Data Caterer's, then the Java client's). */
function first(options: Readonly<Record<string, string>>, names: readonly string[]): string | undefined {
  for (const n of names) {
    const v = options[n];
    if (v !== undefined && v.trim() !== "") return v.trim();
  }
  return undefined;
}

/** `host:port` list from `a:9092,b:9092`, `PLAINTEXT://a:9092` or `kafka://a`; the port defaults to 9092. */
export function parseBrokers(raw: string, where: string): string[] {
  const brokers = raw
    .split(",")
    .map((b) =>
      b
        .trim()
        .replace(/^[a-z_]+:\/\//i, "")
        .replace(/\/.*$/, ""),
    )
    .filter((b) => b !== "");
  if (brokers.length === 0)
    throw new RowforgeError("RF_OPTION_INVALID", `${where}: bootstrap servers "${raw}" name no broker`);
  return brokers.map((b) => {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(b);
    const port = m?.[2] === undefined ? KAFKA_DEFAULT_PORT : Number(m[2]);
    if (!m || port < 1 || port > 65535)
      throw new RowforgeError(
        "RF_OPTION_INVALID",
        `${where}: "${b}" in the bootstrap servers is not host:port`,
        { hint: "write kafka.bootstrap.servers (or bootstrapServers) like localhost:9092,other:9092" },
      );
    return `${m[1]}:${port}`;
  });
}

/** user and password from a JAAS line (`...PlainLoginModule required username="u" password="p";`). */
function jaasLogin(jaas: string | undefined): { user?: string; password?: string } {
  if (jaas === undefined) return {};
  const user = /username\s*=\s*"([^"]*)"/.exec(jaas)?.[1];
  const password = /password\s*=\s*"([^"]*)"/.exec(jaas)?.[1];
  return { ...(user === undefined ? {} : { user }), ...(password === undefined ? {} : { password }) };
}

/**
 * Reads a Kafka connection's options: the brokers from `kafka.bootstrap.servers`,
 * `bootstrap.servers`, `bootstrapServers` or `url`; a SASL login from `user`/`password` (or
 * `kafka.sasl.jaas.config`) with `kafka.sasl.mechanism` (default PLAIN when a user is given);
 * TLS from `kafka.security.protocol` SSL or SASL_SSL. No I/O.
 */
export function readKafkaServer(options: Readonly<Record<string, string>>, where: string): KafkaServer {
  const raw = first(options, ["kafka.bootstrap.servers", "bootstrap.servers", "bootstrapServers", "url"]);
  if (raw === undefined)
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no Kafka brokers to connect to`, {
      hint: "give the connection kafka.bootstrap.servers (unified files: bootstrapServers) like localhost:9092",
    });
  const brokers = parseBrokers(raw, where);
  const protocol = (
    first(options, ["kafka.security.protocol", "security.protocol"]) ?? "PLAINTEXT"
  ).toUpperCase();
  if (!["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"].includes(protocol))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: security.protocol "${protocol}" is not PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL`,
    );
  const jaas = jaasLogin(first(options, ["kafka.sasl.jaas.config", "sasl.jaas.config"]));
  const user = first(options, ["user", "username", "kafka.sasl.username"]) ?? jaas.user;
  const password = options.password ?? options["kafka.sasl.password"] ?? jaas.password;
  const mechanismRaw = first(options, ["kafka.sasl.mechanism", "sasl.mechanism", "saslMechanism"]);
  const mechanism = (mechanismRaw ?? "PLAIN").toUpperCase();
  if (!(SASL_MECHANISMS as readonly string[]).includes(mechanism))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: sasl.mechanism "${mechanismRaw}" is not one of ${SASL_MECHANISMS.join(", ")}`,
    );
  if (user === undefined && protocol.startsWith("SASL"))
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `${where}: security.protocol ${protocol} needs a user and password`,
    );
  return {
    where,
    brokers,
    sasl:
      user === undefined
        ? undefined
        : { mechanism: mechanism as SaslMechanism, user, password: password ?? "" },
    tls: protocol === "SSL" || protocol === "SASL_SSL",
    connectTimeoutSeconds: connectTimeoutOf(first(options, ["connectTimeout"]), where),
    requestTimeoutSeconds: numberOption(
      first(options, ["timeout", "requestTimeout"]),
      "timeout",
      where,
      30,
      1,
      3600,
      "whole number",
    ),
    retries: numberOption(first(options, ["retries"]), "retries", where, 3, 0, 100, "whole number"),
  };
}

function acksOf(raw: string | undefined, where: string): -1 | 0 | 1 {
  const v = (raw ?? "all").toLowerCase();
  if (v === "all" || v === "-1") return -1;
  if (v === "1" || v === "0") return Number(v) as 0 | 1;
  throw new RowforgeError("RF_OPTION_INVALID", `${where}: acks must be all, 1 or 0, not "${raw}"`);
}

function compressionOf(raw: string | undefined, where: string): KafkaCompression {
  const v = (raw ?? "none").toLowerCase();
  if ((COMPRESSIONS as readonly string[]).includes(v)) return v as KafkaCompression;
  throw new RowforgeError(
    "RF_OPTION_INVALID",
    `${where}: compression "${raw}" is not one of ${COMPRESSIONS.join(", ")}`,
    { hint: didYouMean(v, COMPRESSIONS) || `write one of ${COMPRESSIONS.join(", ")}` },
  );
}

/** `step "s" (connection "c")`. */
export const kafkaWhere = (step: ResolvedStep): string =>
  step.dataSourceName === ""
    ? `step "${step.step.name}"`
    : `step "${step.step.name}" (connection "${step.dataSourceName}")`;

/** Reads and checks a step's Kafka options (no I/O). */
export function readKafkaOptions(step: ResolvedStep): KafkaOptions {
  const o = step.step.options;
  const where = kafkaWhere(step);
  const server = readKafkaServer(o, where);
  const topic = first(o, ["topic", "kafka.topic"]);
  if (topic === undefined && !writtenFields(step).includes("topic"))
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no topic to send to`, {
      hint: "give the step a topic option, or a topic field naming each row's topic",
    });
  const acks = acksOf(first(o, ["acks", "kafka.acks"]), where);
  const idempotent = booleanOf(
    first(o, ["idempotent", "enable.idempotence", "kafka.enable.idempotence"]),
    "idempotent",
    where,
  );
  if (idempotent && acks !== -1)
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: an idempotent producer needs acks all, not ${acks}`,
    );
  return {
    ...server,
    topic,
    acks,
    compression: compressionOf(
      first(o, ["compression", "compression.type", "kafka.compression.type"]),
      where,
    ),
    idempotent,
    batchBytes: numberOption(
      first(o, ["batchSize", "batch.size", "kafka.batch.size"]),
      "batchSize",
      where,
      DEFAULT_BATCH_BYTES,
      1024,
      64 * 1024 * 1024,
      "whole number",
    ),
    chunkRows: numberOption(
      first(o, ["chunkRows"]),
      "chunkRows",
      where,
      DEFAULT_CHUNK_ROWS,
      1,
      1_000_000,
      "whole number",
    ),
    maxInFlight: numberOption(
      first(o, ["maxInFlight", "max.in.flight.requests.per.connection"]),
      "maxInFlight",
      where,
      idempotent ? Math.min(DEFAULT_MAX_IN_FLIGHT, 5) : DEFAULT_MAX_IN_FLIGHT,
      1,
      idempotent ? 5 : 1000,
      "whole number",
    ),
  };
}
