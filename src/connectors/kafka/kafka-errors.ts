import { RowforgeError } from "../../errors/index.ts";
import type { KafkaServer } from "./kafka-options.ts";

/** What a @platformatic/kafka error says, gathered from its nested errors and causes. */
export interface KafkaErrorFacts {
  /** Node socket codes (ECONNREFUSED, ...), the client's codes (PLT_KFK_NETWORK, ...) and Kafka's (UNKNOWN_TOPIC_OR_PARTITION, ...). */
  readonly codes: ReadonlySet<string>;
  /** The innermost messages, one per leaf error. */
  readonly messages: readonly string[];
}

const UNREACHABLE = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT"];
const LOST = ["ECONNRESET", "EPIPE", "PLT_KFK_NETWORK", "PLT_KFK_TIMEOUT"];
const AUTH = [
  "PLT_KFK_AUTHENTICATION",
  "SASL_AUTHENTICATION_FAILED",
  "ILLEGAL_SASL_STATE",
  "UNSUPPORTED_SASL_MECHANISM",
];
const NO_TOPIC = ["UNKNOWN_TOPIC_OR_PARTITION", "UNKNOWN_TOPIC_ID"];

export function kafkaErrorFacts(e: unknown): KafkaErrorFacts {
  const codes = new Set<string>();
  const messages: string[] = [];
  const seen = new Set<unknown>();
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== "object" || seen.has(x)) return;
    seen.add(x);
    const err = x as {
      code?: unknown;
      apiId?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof err.code === "string") codes.add(err.code);
    if (typeof err.apiId === "string") codes.add(err.apiId);
    const nested = Array.isArray(err.errors) ? err.errors : [];
    for (const n of nested) walk(n);
    walk(err.cause);
    if (nested.length === 0 && err.cause === undefined && typeof err.message === "string")
      messages.push(err.message);
  };
  walk(e);
  if (
    typeof (e as { message?: unknown })?.message === "string" &&
    /Unknown topic/i.test((e as Error).message)
  )
    codes.add("UNKNOWN_TOPIC_OR_PARTITION");
  return { codes, messages: [...new Set(messages)] };
}

const hasAny = (codes: ReadonlySet<string>, list: readonly string[]): boolean =>
  list.some((c) => codes.has(c));

/** The brokers as messages show them. */
export const brokersText = (o: KafkaServer): string => o.brokers.join(",");

/** One sentence about a client error, no secrets (the password is never in the client's messages). */
export function describeKafkaError(e: unknown): string {
  const f = kafkaErrorFacts(e);
  const sockets = [...f.codes].filter((c) => /^E[A-Z]+$/.test(c));
  const kafka = [...f.codes].filter((c) => /^[A-Z_]+$/.test(c) && !c.startsWith("E") && c.includes("_"));
  const text = f.messages.slice(0, 2).join("; ") || (e instanceof Error ? e.message : String(e));
  const codes = [...sockets, ...kafka].filter((c) => !text.includes(c));
  return codes.length > 0 ? `${text} (${codes.join(", ")})` : text;
}

/**
 * A client error as rowforge's coded error: nothing answering at the brokers is
 * RF_BROKER_UNREACHABLE, a refused login RF_BROKER_AUTH_FAILED, an unknown topic
 * RF_DESTINATION_NOT_FOUND, anything else (a produce that failed after the client's retries,
 * a connection lost mid-step) `otherwise` (RF_DELIVERY_FAILED by default). `doing` says what
 * failed (`sending to topic t`).
 */
export function kafkaError(
  e: unknown,
  o: KafkaServer,
  doing: string,
  otherwise: "RF_DELIVERY_FAILED" | "RF_BROKER_UNREACHABLE" = "RF_DELIVERY_FAILED",
): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const f = kafkaErrorFacts(e);
  const why = describeKafkaError(e);
  const at = brokersText(o);
  if (hasAny(f.codes, AUTH))
    return new RowforgeError(
      "RF_BROKER_AUTH_FAILED",
      `${o.where}: the Kafka broker at ${at} refused the login${o.sasl ? ` of "${o.sasl.user}" (${o.sasl.mechanism})` : ""}: ${why}`,
    );
  if (hasAny(f.codes, NO_TOPIC))
    return new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: ${doing}: the broker at ${at} has no such topic`,
    );
  if (otherwise === "RF_BROKER_UNREACHABLE" && hasAny(f.codes, [...UNREACHABLE, ...LOST]))
    return new RowforgeError(
      "RF_BROKER_UNREACHABLE",
      `${o.where}: no Kafka broker answers at ${at} within ${o.connectTimeoutSeconds} s: ${why}`,
    );
  return new RowforgeError(otherwise, `${o.where}: ${doing} at ${at} failed: ${why}`);
}
