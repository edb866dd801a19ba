import { join } from "node:path";
import { type SharedServer, sharedServerFacts } from "./shared-server.ts";

/**
 * The message brokers a test run shares: Kafka, RabbitMQ, an MQTT broker (mosquitto) and NATS,
 * each started by its script under scripts/servers/ in a folder of the run's own, the first time
 * a test asks for its facts (or all at the global setup with ROWFORGE_TEST_BROKERS=1), and
 * stopped with the run. Tests read them through the functions here (re-exported by servers.ts).
 */

/** How to reach the shared Kafka broker (one KRaft node, PLAINTEXT, no login). */
export interface KafkaFacts {
  /** `host:port`, as `bootstrapServers` / `kafka.bootstrap.servers` take it. */
  readonly bootstrap: string;
  readonly host: string;
  readonly port: number;
  /**
   * The broker's auto.create.topics.enable (true on the shared broker): a producer that asks for
   * it gets a missing topic made; one that does not (e.g. @platformatic/kafka's default
   * `autocreateTopics: false`) gets UNKNOWN_TOPIC_OR_PARTITION, the "unknown topic" fault.
   */
  readonly autoCreateTopics: boolean;
  /** The jars' class path (`.../lib/*`): `java -cp <it> org.apache.kafka.tools.ProducerPerformance ...`. */
  readonly toolsClasspath: string;
}

/** The environment variables that carry Kafka's facts to test processes. */
export const KAFKA_ENV = {
  bootstrap: "ROWFORGE_TEST_KAFKA_BOOTSTRAP",
  host: "ROWFORGE_TEST_KAFKA_HOST",
  port: "ROWFORGE_TEST_KAFKA_PORT",
  autoCreateTopics: "ROWFORGE_TEST_KAFKA_AUTO_CREATE_TOPICS",
  toolsClasspath: "ROWFORGE_TEST_KAFKA_TOOLS_CLASSPATH",
  /** Why the test run's own broker did not start (set instead of the facts). */
  startError: "ROWFORGE_TEST_KAFKA_START_ERROR",
} as const;

/** How to reach the shared RabbitMQ node (AMQP 0-9-1; a user with every permission on both vhosts). */
export interface RabbitmqFacts {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** `/`. */
  readonly vhost: string;
  /** A second vhost (`rowforge-test`) the user may use too. */
  readonly testVhost: string;
}

/** The environment variables that carry RabbitMQ's facts to test processes. */
export const RABBITMQ_ENV = {
  host: "ROWFORGE_TEST_RABBITMQ_HOST",
  port: "ROWFORGE_TEST_RABBITMQ_PORT",
  user: "ROWFORGE_TEST_RABBITMQ_USER",
  password: "ROWFORGE_TEST_RABBITMQ_PASSWORD",
  vhost: "ROWFORGE_TEST_RABBITMQ_VHOST",
  testVhost: "ROWFORGE_TEST_RABBITMQ_TEST_VHOST",
  /** Why the test run's own node did not start (set instead of the facts). */
  startError: "ROWFORGE_TEST_RABBITMQ_START_ERROR",
} as const;

/** How to reach the shared MQTT broker (mosquitto 2: MQTT 3.1.1 and 5, a login required). */
export interface MqttFacts {
  readonly host: string;
  readonly port: number;
  /** `mqtt://host:port`. */
  readonly url: string;
  readonly user: string;
  readonly password: string;
}

/** The environment variables that carry the MQTT broker's facts to test processes. */
export const MQTT_ENV = {
  host: "ROWFORGE_TEST_MQTT_HOST",
  port: "ROWFORGE_TEST_MQTT_PORT",
  url: "ROWFORGE_TEST_MQTT_URL",
  user: "ROWFORGE_TEST_MQTT_USER",
  password: "ROWFORGE_TEST_MQTT_PASSWORD",
  /** Why the test run's own broker did not start (set instead of the facts). */
  startError: "ROWFORGE_TEST_MQTT_START_ERROR",
} as const;

/** How to reach the shared NATS server (JetStream on, a login required). */
export interface NatsFacts {
  readonly host: string;
  readonly port: number;
  /** `nats://host:port`. */
  readonly url: string;
  readonly user: string;
  readonly password: string;
}

/** The environment variables that carry NATS's facts to test processes. */
export const NATS_ENV = {
  host: "ROWFORGE_TEST_NATS_HOST",
  port: "ROWFORGE_TEST_NATS_PORT",
  url: "ROWFORGE_TEST_NATS_URL",
  user: "ROWFORGE_TEST_NATS_USER",
  password: "ROWFORGE_TEST_NATS_PASSWORD",
  /** Why the test run's own server did not start (set instead of the facts). */
  startError: "ROWFORGE_TEST_NATS_START_ERROR",
} as const;

/** How to reach the shared schema registry (Apicurio Registry's Confluent-compatible API, no login). */
export interface SchemaRegistryFacts {
  /** The Confluent API's base URL (`http://127.0.0.1:port/apis/ccompat/v7`), as `schema.registry.url` takes it. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
}

/** The environment variables that carry the schema registry's facts to test processes. */
export const SCHEMA_REGISTRY_ENV = {
  url: "ROWFORGE_TEST_SCHEMA_REGISTRY_URL",
  host: "ROWFORGE_TEST_SCHEMA_REGISTRY_HOST",
  port: "ROWFORGE_TEST_SCHEMA_REGISTRY_PORT",
  /** Why the test run's own registry did not start (set instead of the facts). */
  startError: "ROWFORGE_TEST_SCHEMA_REGISTRY_START_ERROR",
} as const;

/** The script's folder under the run's own, and the process whose end stops the server. */
const ownFolder =
  (prefix: string, folder: string) =>
  (runDir: string, runnerPid: number): Record<string, string> => ({
    ROWFORGE_SERVERS_DIR: runDir,
    [`ROWFORGE_${prefix}_DIR`]: join(runDir, folder),
    [`ROWFORGE_${prefix}_WATCH_PID`]: String(runnerPid),
  });

export const KAFKA_SERVER: SharedServer = {
  name: "Kafka",
  script: "kafka.sh",
  env: {
    KAFKA_BOOTSTRAP: KAFKA_ENV.bootstrap,
    KAFKA_HOST: KAFKA_ENV.host,
    KAFKA_PORT: KAFKA_ENV.port,
    KAFKA_AUTO_CREATE_TOPICS: KAFKA_ENV.autoCreateTopics,
    KAFKA_TOOLS_CLASSPATH: KAFKA_ENV.toolsClasspath,
  },
  stopKey: "KAFKA_DIR",
  errorEnv: KAFKA_ENV.startError,
  onDemand: true,
  scriptEnv: (runDir, runnerPid) => ({
    ...ownFolder("KAFKA", "kafka")(runDir, runnerPid),
    KAFKA_READY_TIMEOUT: "120",
    // The JIT's first tier only: a faster start on the shared 2 cores, fast enough for tests.
    KAFKA_JVM_OPTS: "-XX:TieredStopAtLevel=1",
  }),
};

export const RABBITMQ_SERVER: SharedServer = {
  name: "RabbitMQ",
  script: "rabbitmq.sh",
  env: {
    RABBITMQ_HOST: RABBITMQ_ENV.host,
    RABBITMQ_PORT: RABBITMQ_ENV.port,
    RABBITMQ_USER: RABBITMQ_ENV.user,
    RABBITMQ_PASSWORD: RABBITMQ_ENV.password,
    RABBITMQ_VHOST: RABBITMQ_ENV.vhost,
    RABBITMQ_TEST_VHOST: RABBITMQ_ENV.testVhost,
  },
  stopKey: "RABBITMQ_DIR",
  errorEnv: RABBITMQ_ENV.startError,
  onDemand: true,
  scriptEnv: ownFolder("RABBITMQ", "rabbitmq"),
};

export const MQTT_SERVER: SharedServer = {
  name: "MQTT broker (mosquitto)",
  script: "mosquitto.sh",
  env: {
    MQTT_HOST: MQTT_ENV.host,
    MQTT_PORT: MQTT_ENV.port,
    MQTT_URL: MQTT_ENV.url,
    MQTT_USER: MQTT_ENV.user,
    MQTT_PASSWORD: MQTT_ENV.password,
  },
  stopKey: "MQTT_DIR",
  errorEnv: MQTT_ENV.startError,
  onDemand: true,
  scriptEnv: ownFolder("MQTT", "mosquitto"),
};

export const NATS_SERVER: SharedServer = {
  name: "NATS",
  script: "nats.sh",
  env: {
    NATS_HOST: NATS_ENV.host,
    NATS_PORT: NATS_ENV.port,
    NATS_URL: NATS_ENV.url,
    NATS_USER: NATS_ENV.user,
    NATS_PASSWORD: NATS_ENV.password,
  },
  stopKey: "NATS_DIR",
  errorEnv: NATS_ENV.startError,
  onDemand: true,
  scriptEnv: ownFolder("NATS", "nats"),
};

export const SCHEMA_REGISTRY_SERVER: SharedServer = {
  name: "schema registry (Apicurio Registry)",
  script: "apicurio-registry.sh",
  env: {
    SCHEMA_REGISTRY_URL: SCHEMA_REGISTRY_ENV.url,
    SCHEMA_REGISTRY_HOST: SCHEMA_REGISTRY_ENV.host,
    SCHEMA_REGISTRY_PORT: SCHEMA_REGISTRY_ENV.port,
  },
  stopKey: "SCHEMA_REGISTRY_DIR",
  errorEnv: SCHEMA_REGISTRY_ENV.startError,
  onDemand: true,
  scriptEnv: ownFolder("SCHEMA_REGISTRY", "schema-registry"),
};

/** Every broker (and the schema registry), in the order the global setup lists them. */
export const BROKER_SERVERS: readonly SharedServer[] = [
  KAFKA_SERVER,
  RABBITMQ_SERVER,
  MQTT_SERVER,
  NATS_SERVER,
  SCHEMA_REGISTRY_SERVER,
];

/** The shared schema registry's facts (started now when this is the run's first test to need it; the first start on a machine builds it, a few minutes). */
export function schemaRegistryFacts(): SchemaRegistryFacts {
  sharedServerFacts(
    SCHEMA_REGISTRY_SERVER,
    "the shared schema registry",
    "scripts/servers/apicurio-registry.sh start",
  );
  return {
    url: process.env[SCHEMA_REGISTRY_ENV.url]!,
    host: process.env[SCHEMA_REGISTRY_ENV.host]!,
    port: Number(process.env[SCHEMA_REGISTRY_ENV.port]),
  };
}

/** The shared Kafka broker's facts (started now when this is the run's first test to need it). */
export function kafkaFacts(): KafkaFacts {
  sharedServerFacts(KAFKA_SERVER, "the shared Kafka broker", "scripts/servers/kafka.sh start");
  return {
    bootstrap: process.env[KAFKA_ENV.bootstrap]!,
    host: process.env[KAFKA_ENV.host]!,
    port: Number(process.env[KAFKA_ENV.port]),
    autoCreateTopics: process.env[KAFKA_ENV.autoCreateTopics] === "true",
    toolsClasspath: process.env[KAFKA_ENV.toolsClasspath]!,
  };
}

/** The shared RabbitMQ node's facts (started now when this is the run's first test to need it). */
export function rabbitmqFacts(): RabbitmqFacts {
  sharedServerFacts(RABBITMQ_SERVER, "the shared RabbitMQ node", "scripts/servers/rabbitmq.sh start");
  return {
    host: process.env[RABBITMQ_ENV.host]!,
    port: Number(process.env[RABBITMQ_ENV.port]),
    user: process.env[RABBITMQ_ENV.user]!,
    password: process.env[RABBITMQ_ENV.password]!,
    vhost: process.env[RABBITMQ_ENV.vhost]!,
    testVhost: process.env[RABBITMQ_ENV.testVhost]!,
  };
}

/** The shared MQTT broker's facts (started now when this is the run's first test to need it). */
export function mqttFacts(): MqttFacts {
  sharedServerFacts(MQTT_SERVER, "the shared MQTT broker (mosquitto)", "scripts/servers/mosquitto.sh start");
  return {
    host: process.env[MQTT_ENV.host]!,
    port: Number(process.env[MQTT_ENV.port]),
    url: process.env[MQTT_ENV.url]!,
    user: process.env[MQTT_ENV.user]!,
    password: process.env[MQTT_ENV.password]!,
  };
}

/** The shared NATS server's facts (started now when this is the run's first test to need it). */
export function natsFacts(): NatsFacts {
  sharedServerFacts(NATS_SERVER, "the shared NATS server", "scripts/servers/nats.sh start");
  return {
    host: process.env[NATS_ENV.host]!,
    port: Number(process.env[NATS_ENV.port]),
    url: process.env[NATS_ENV.url]!,
    user: process.env[NATS_ENV.user]!,
    password: process.env[NATS_ENV.password]!,
  };
}
