import type { Admin } from "@platformatic/kafka";
import { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import type { ConnectionTestOutcome } from "../connector.ts";
import { adminClient, bounded } from "./kafka-client.ts";
import { brokersText, kafkaError, kafkaErrorFacts } from "./kafka-errors.ts";
import { type KafkaOptions, type KafkaServer, readKafkaServer } from "./kafka-options.ts";

/** What the brokers say about the cluster and one topic. */
interface ClusterFacts {
  readonly clusterId: string;
  readonly brokers: number;
  readonly controllerId: number;
  /** The topic's partition count, or undefined when it does not exist (or none was asked). */
  readonly partitions: number | undefined;
  /** The broker's auto.create.topics.enable, when it says. */
  readonly autoCreateTopics: boolean | undefined;
}

const BROKER_RESOURCE = 4;

async function autoCreateOf(admin: Admin, brokerId: number): Promise<boolean | undefined> {
  try {
    const [described] = await admin.describeConfigs({
      resources: [
        {
          resourceType: BROKER_RESOURCE,
          resourceName: String(brokerId),
          configurationKeys: ["auto.create.topics.enable"],
        },
      ],
    });
    const v = described?.configs.find((c) => c.name === "auto.create.topics.enable")?.value;
    return v === undefined || v === null ? undefined : v === "true";
  } catch {
    // A user without DescribeConfigs rights: unknown.
    return undefined;
  }
}

/** Reads the cluster's metadata (and the topic's, when given) with an admin client, bounded in time. */
async function clusterFacts(o: KafkaServer, topic: string | undefined): Promise<ClusterFacts> {
  const admin = await adminClient(o);
  const timeout = () =>
    new RowforgeError(
      "RF_BROKER_UNREACHABLE",
      `${o.where}: no Kafka broker at ${brokersText(o)} answered within ${o.connectTimeoutSeconds + o.requestTimeoutSeconds} s`,
    );
  try {
    return await bounded(
      o,
      (async () => {
        const cluster = await admin
          .metadata({ topics: [] })
          .catch((e: unknown) =>
            Promise.reject(kafkaError(e, o, "reading the cluster", "RF_BROKER_UNREACHABLE")),
          );
        let partitions: number | undefined;
        if (topic !== undefined) {
          try {
            const m = await admin.metadata({ topics: [topic], autocreateTopics: false, forceUpdate: true });
            partitions = m.topics.get(topic)?.partitionsCount;
          } catch (e) {
            if (!kafkaErrorFacts(e).codes.has("UNKNOWN_TOPIC_OR_PARTITION"))
              throw kafkaError(e, o, `reading topic ${topic}`, "RF_BROKER_UNREACHABLE");
          }
        }
        const [brokerId] = [...cluster.brokers.keys()];
        return {
          clusterId: cluster.id,
          brokers: cluster.brokers.size,
          controllerId: cluster.controllerId,
          partitions,
          autoCreateTopics: brokerId === undefined ? undefined : await autoCreateOf(admin, brokerId),
        };
      })(),
      timeout,
    );
  } finally {
    await admin.close().catch(() => {});
  }
}

/**
 * Before anything is generated: the brokers answer (RF_BROKER_UNREACHABLE), take the login
 * (RF_BROKER_AUTH_FAILED), and the step's topic exists or the broker creates topics
 * (RF_DESTINATION_NOT_FOUND naming the topic and broker).
 */
export async function checkKafkaTarget(o: KafkaOptions): Promise<void> {
  const facts = await clusterFacts(o, o.topic);
  if (o.topic !== undefined && facts.partitions === undefined && facts.autoCreateTopics !== true)
    throw new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: topic "${o.topic}" does not exist on the Kafka broker at ${brokersText(o)}, and the broker does not create topics (auto.create.topics.enable=${facts.autoCreateTopics ?? "unknown"})`,
      {
        hint: `create the topic first (kafka-topics.sh --create --topic ${o.topic}), or fix its name in the step`,
      },
    );
}

/**
 * Describes the cluster a connection points at: brokers, controller, cluster id, whether the
 * broker creates topics, and whether the connection's `topic` (if it names one) exists.
 * Writes nothing; an unreachable broker or a refused login throws its coded error.
 */
export async function testKafkaConnection(c: Connection): Promise<ConnectionTestOutcome> {
  const o = readKafkaServer(c.options, `connection "${c.name}"`);
  const topic = c.options.topic?.trim() || undefined;
  const f = await clusterFacts(o, topic);
  const details: Record<string, string | number | boolean> = {
    bootstrap: brokersText(o),
    product: "Kafka",
    cluster: f.clusterId,
    brokers: f.brokers,
    controller: f.controllerId,
  };
  if (f.autoCreateTopics !== undefined) details.autoCreateTopics = f.autoCreateTopics;
  if (o.sasl) details.user = o.sasl.user;
  let topicText = "";
  if (topic !== undefined) {
    details.topic = topic;
    details.topicExists = f.partitions !== undefined;
    if (f.partitions !== undefined) details.partitions = f.partitions;
    topicText =
      f.partitions !== undefined
        ? `; topic "${topic}" exists with ${f.partitions} partition${f.partitions === 1 ? "" : "s"}`
        : `; topic "${topic}" does not exist${f.autoCreateTopics ? " (the broker creates it on first use)" : ""}`;
  }
  return {
    success: true,
    message: `connected to Kafka cluster ${f.clusterId} at ${brokersText(o)}${o.sasl ? ` as "${o.sasl.user}"` : ""}: ${f.brokers} broker${f.brokers === 1 ? "" : "s"}, controller ${f.controllerId}${topicText}`,
    details,
  };
}
