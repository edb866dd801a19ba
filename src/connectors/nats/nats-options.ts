import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import {
  type BrokerTarget,
  booleanOption,
  brokerAddress,
  brokerTarget,
  destinationOption,
  numberOption,
} from "../messaging/broker-options.ts";

const NATS_SCHEMES = { nats: 4222, tls: 4222 } as const;

/** What the NATS connector reads from a step's options (its connection's merged in). */
export interface NatsOptions extends BrokerTarget {
  /** A login by token instead of user and password. Never shown. */
  readonly token: string | undefined;
  readonly subject: string;
  /** Publish through JetStream (each message acknowledged by a PubAck) rather than core NATS (acknowledged once flushed). */
  readonly jetstream: boolean;
  /** Create the stream when no stream takes the subject (JetStream only). */
  readonly createStream: boolean;
  /** The stream to create (default: the subject with `.`, `*` and `>` made `_`). */
  readonly stream: string;
  /** Rows per send and sends at once. */
  readonly batchSize: number;
  readonly maxInFlight: number;
}

/**
 * Reads NATS options (a step's, or a connection's alone: `needsSubject` false lets a connection
 * without a subject be tested). `who` names the step or connection in messages.
 */
export function natsOptions(
  o: Readonly<Record<string, string>>,
  who: string,
  needsSubject = true,
): NatsOptions {
  const address = brokerAddress(o.url ?? o.servers, NATS_SCHEMES, who);
  const subject = destinationOption(o, ["subject", "topic", "destinationName"], "subject", who, needsSubject);
  if (/[\s*>]/.test(subject) || subject.startsWith(".") || subject.endsWith(".") || subject.includes(".."))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${who}: subject "${subject}" is not a subject messages can be published to (no spaces, wildcards * or >, or empty tokens)`,
    );
  const where = `${who}: subject ${subject || "-"} at ${address.shown}`;
  const jetstream = booleanOption(o.jetstream, "jetstream", where, false);
  const createStream = booleanOption(o.createStream, "createStream", where, false);
  if (createStream && !jetstream)
    throw new RowforgeError("RF_OPTION_INVALID", `${where}: createStream needs jetstream: true`);
  return {
    ...brokerTarget(o, address, where, subject),
    token: o.token,
    subject,
    jetstream,
    createStream,
    stream: o.stream?.trim() || subject.replace(/[.*>]/g, "_"),
    batchSize: numberOption(
      o.batchSize,
      "batchSize",
      where,
      jetstream ? 64 : 512,
      1,
      100_000,
      "whole number",
    ),
    maxInFlight: numberOption(o.maxInFlight, "maxInFlight", where, 64, 1, 1000, "whole number"),
  };
}

/** Reads and checks a step's NATS options (no I/O). */
export const readNatsOptions = (step: ResolvedStep): NatsOptions =>
  natsOptions(step.step.options, `step "${step.step.name}" (connection "${step.dataSourceName}")`);
