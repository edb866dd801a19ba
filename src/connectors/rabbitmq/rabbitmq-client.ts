import type amqp from "amqplib";
import type { ChannelModel } from "amqplib";
import { RowforgeError } from "../../errors/index.ts";
import { errorCode, UNREACHABLE_CODES, withinBrokerTimeout } from "../messaging/broker-options.ts";
import type { RabbitOptions } from "./rabbitmq-options.ts";

/** An open AMQP connection and what the broker said of itself. */
export interface RabbitConnection {
  readonly model: ChannelModel;
  /** `RabbitMQ 3.12.1`, as the broker names itself. */
  readonly server: string;
}

/** The broker's reason in an AMQP close (`403 (ACCESS-REFUSED) with message "..."`), without the library's prefix. */
const reasonOf = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();

/**
 * A coded error for a failed AMQP connect or operation: nothing listening, the login refused,
 * the virtual host missing, or what the broker said.
 */
export function rabbitError(e: unknown, where: string, address: string): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const code = errorCode(e);
  const reason = reasonOf(e);
  if (code !== undefined && UNREACHABLE_CODES.has(code))
    return new RowforgeError("RF_BROKER_UNREACHABLE", `${where}: nothing answers at ${address} (${code})`);
  if (/ACCESS[-_]REFUSED|\b403\b|authenticat|login was refused/i.test(reason))
    return new RowforgeError(
      "RF_BROKER_AUTH_FAILED",
      `${where}: RabbitMQ at ${address} refused the login (ACCESS_REFUSED)`,
    );
  if (/vhost .* not found|NOT_ALLOWED|\b530\b/i.test(reason))
    return new RowforgeError(
      "RF_BROKER_AUTH_FAILED",
      `${where}: RabbitMQ at ${address} refused the virtual host (${reason.replace(/^.*?(NOT_ALLOWED)/, "$1")})`,
      { hint: "check the connection's virtualHost exists and the user may use it" },
    );
  if (/Socket closed abruptly|ECONNRESET|Connection closed|Channel closed|EPIPE/i.test(reason))
    return new RowforgeError(
      "RF_BROKER_UNREACHABLE",
      `${where}: the connection to ${address} was lost (${reason})`,
    );
  return new RowforgeError("RF_DELIVERY_FAILED", `${where}: RabbitMQ at ${address}: ${reason}`);
}

/** Connects and logs in (within the connection's connectTimeout), or throws a coded error. */
export async function connectRabbit(o: RabbitOptions): Promise<RabbitConnection> {
  // The client library loads with the first connection, not at every start.
  const amqplib = (await import("amqplib")).default;
  const a = o.address;
  const connecting = amqplib.connect(
    {
      protocol: a.protocol,
      hostname: a.host,
      port: a.port,
      username: o.user,
      password: o.password,
      vhost: o.vhost,
      heartbeat: 10,
    },
    { timeout: o.connectTimeoutMs },
  );
  try {
    const model = await withinBrokerTimeout(connecting, o, "AMQP");
    // A connection error after this point surfaces through the channel; an 'error' listener keeps it from crashing the process.
    model.on("error", () => {});
    const props = model.connection.serverProperties as unknown as Record<string, unknown>;
    const product = typeof props.product === "string" ? props.product : "AMQP broker";
    const version = typeof props.version === "string" ? ` ${props.version}` : "";
    return { model, server: `${product}${version}` };
  } catch (e) {
    // A connection that arrives after the timeout is closed at once.
    connecting.then((m) => m.close()).catch(() => {});
    throw rabbitError(e, o.where, a.shown);
  }
}

/**
 * Whether the step's queue (or exchange) is there, and makes a missing queue (durable) unless
 * the step says `declare: false`: then a missing one is RF_DESTINATION_NOT_FOUND. Uses a
 * channel of its own (a failed check closes it).
 */
export async function ensureDestination(
  conn: RabbitConnection,
  o: RabbitOptions,
): Promise<{ existed: boolean; messages?: number }> {
  const check = async <T>(f: (ch: amqp.Channel) => Promise<T>): Promise<T | undefined> => {
    const ch = await conn.model.createChannel();
    ch.on("error", () => {});
    try {
      const r = await f(ch);
      await ch.close().catch(() => {});
      return r;
    } catch (e) {
      if (/NOT_FOUND|\b404\b/.test(reasonOf(e))) return undefined;
      throw rabbitError(e, o.where, o.address.shown);
    }
  };
  if (o.queue === undefined) {
    const ok = await check((ch) => ch.checkExchange(o.exchange));
    if (ok === undefined)
      throw new RowforgeError(
        "RF_DESTINATION_NOT_FOUND",
        `${o.where}: exchange "${o.exchange}" does not exist on virtual host "${o.vhost}"`,
        { hint: "declare the exchange first, or fix the step's exchange" },
      );
    return { existed: true };
  }
  const queue = o.queue;
  const found = await check((ch) => ch.checkQueue(queue));
  if (found !== undefined) return { existed: true, messages: found.messageCount };
  if (!o.declare)
    throw new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: queue "${queue}" does not exist on virtual host "${o.vhost}" (declare: false)`,
      {
        hint: "declare the queue first, fix the step's destinationName, or drop declare: false to let rowforge declare it (durable)",
      },
    );
  await check((ch) => ch.assertQueue(queue, { durable: true }));
  return { existed: false };
}
