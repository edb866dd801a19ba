import { connect as netConnect } from "node:net";
import type { NatsConnection } from "@nats-io/transport-node";
import { RowforgeError } from "../../errors/index.ts";
import { errorCode, UNREACHABLE_CODES } from "../messaging/broker-options.ts";
import type { NatsOptions } from "./nats-options.ts";

/** A coded error for a failed NATS connect: nothing listening, the login refused, or what the server said. */
export function natsError(e: unknown, where: string, address: string): RowforgeError {
  if (e instanceof RowforgeError) return e;
  const code = errorCode(e);
  const reason = e instanceof Error ? e.message : String(e);
  // The client library names its login refusal AuthorizationError.
  if (
    (e instanceof Error && e.name === "AuthorizationError") ||
    /authori[sz]ation violation|authentication/i.test(reason)
  )
    return new RowforgeError(
      "RF_BROKER_AUTH_FAILED",
      `${where}: the NATS server at ${address} refused the login (${reason})`,
    );
  if ((code !== undefined && UNREACHABLE_CODES.has(code)) || /refused|timeout|timed out/i.test(reason))
    return new RowforgeError(
      "RF_BROKER_UNREACHABLE",
      `${where}: nothing answers at ${address} (${code ?? reason})`,
    );
  return new RowforgeError("RF_BROKER_UNREACHABLE", `${where}: NATS server at ${address}: ${reason}`);
}

/**
 * Waits for the server's INFO greeting on a socket of its own, destroyed after: the client
 * library gives up on a port that accepts but never greets, yet leaves that socket open (a
 * process would never end), so such a port is found out here first.
 */
function greeted(o: NatsOptions): Promise<void> {
  const a = o.address;
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: a.host, port: a.port });
    const done = (e?: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      if (e === undefined) resolve();
      else reject(e);
    };
    const timer = setTimeout(
      () =>
        done(
          new RowforgeError(
            "RF_BROKER_UNREACHABLE",
            `${o.where}: no NATS answer from ${a.shown} within ${o.connectTimeoutMs / 1000} s`,
          ),
        ),
      o.connectTimeoutMs,
    );
    socket.once("data", () => done());
    socket.once("error", (e) => done(natsError(e, o.where, a.shown)));
    socket.once("close", () =>
      done(
        new RowforgeError(
          "RF_BROKER_UNREACHABLE",
          `${o.where}: ${a.shown} closed the connection without a NATS greeting`,
        ),
      ),
    );
  });
}

/** Connects and logs in within the connection's connectTimeout (no reconnects), or throws a coded error. */
export async function connectNats(o: NatsOptions): Promise<NatsConnection> {
  const a = o.address;
  await greeted(o);
  // The client library loads with the first connection, not at every start.
  const { connect } = (await import("@nats-io/transport-node")).default;
  try {
    return await connect({
      servers: `${a.host.includes(":") ? `[${a.host}]` : a.host}:${a.port}`,
      ...(a.protocol === "tls" ? { tls: {} } : {}),
      ...(o.user === undefined ? {} : { user: o.user }),
      ...(o.password === undefined ? {} : { pass: o.password }),
      ...(o.token === undefined ? {} : { token: o.token }),
      timeout: o.connectTimeoutMs,
      reconnect: false,
      name: "rowforge",
    });
  } catch (e) {
    throw natsError(e, o.where, a.shown);
  }
}

/**
 * The JetStream stream that takes the step's subject, made when missing and the step says
 * `createStream: true`; else RF_DESTINATION_NOT_FOUND (also when the server has no JetStream).
 */
export async function ensureStream(
  nc: NatsConnection,
  o: NatsOptions,
  create = o.createStream,
): Promise<string> {
  const { jetstreamManager } = (await import("@nats-io/jetstream")).default;
  let jsm: Awaited<ReturnType<typeof jetstreamManager>>;
  try {
    jsm = await jetstreamManager(nc, { timeout: o.connectTimeoutMs });
  } catch (e) {
    throw new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: the NATS server at ${o.address.shown} has no JetStream (${e instanceof Error ? e.message : String(e)})`,
      {
        hint: "enable JetStream on the server, or drop the step's jetstream: true to publish with core NATS",
      },
    );
  }
  try {
    return await jsm.streams.find(o.subject);
  } catch (e) {
    if (!/no stream matches subject|not found/i.test(e instanceof Error ? e.message : String(e)))
      throw natsError(e, o.where, o.address.shown);
  }
  if (!create)
    throw new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: no JetStream stream takes subject "${o.subject}"`,
      {
        hint: `create a stream for the subject first, or set the step's createStream: true (stream "${o.stream}")`,
      },
    );
  const made = await jsm.streams.add({ name: o.stream, subjects: [o.subject] }).catch((e: unknown) => {
    throw new RowforgeError(
      "RF_DESTINATION_NOT_FOUND",
      `${o.where}: could not create stream "${o.stream}" for subject "${o.subject}" (${e instanceof Error ? e.message : String(e)})`,
    );
  });
  return made.config.name;
}
