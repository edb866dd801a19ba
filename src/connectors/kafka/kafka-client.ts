import type { Admin, BaseOptions } from "@platformatic/kafka";
import type { KafkaServer } from "./kafka-options.ts";

export const CLIENT_ID = "rowforge";

/** The client options every Kafka client of a connection shares: brokers, timeouts, retries, TLS and SASL. */
export function clientOptions(o: KafkaServer, maxInFlight = 5): BaseOptions {
  return {
    clientId: CLIENT_ID,
    bootstrapBrokers: [...o.brokers],
    connectTimeout: o.connectTimeoutSeconds * 1000,
    requestTimeout: o.requestTimeoutSeconds * 1000,
    timeout: o.requestTimeoutSeconds * 1000,
    retries: o.retries,
    retryDelay: 250,
    maxInflights: maxInFlight,
    ...(o.tls ? { tls: {} } : {}),
    ...(o.sasl
      ? { sasl: { mechanism: o.sasl.mechanism, username: o.sasl.user, password: o.sasl.password } }
      : {}),
  };
}

/**
 * An admin client that tries each request once (checks and tests answer fast, with their own
 * timeouts). The client library loads with the first client, not at every start.
 */
export async function adminClient(o: KafkaServer): Promise<Admin> {
  const { Admin } = await import("@platformatic/kafka");
  return new Admin({ ...clientOptions(o), retries: 0 });
}

/**
 * Runs `work` but gives up after the connect timeout plus the request timeout: a broker that
 * accepts the connection and never answers cannot hang a check.
 */
export async function bounded<T>(o: KafkaServer, work: Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), (o.connectTimeoutSeconds + o.requestTimeoutSeconds) * 1000);
    timer.unref();
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
