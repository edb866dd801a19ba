import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jetstreamManager } from "@nats-io/jetstream";
import { type Msg, type NatsConnection, connect as natsConnect } from "@nats-io/transport-node";
import amqp, { type ConsumeMessage } from "amqplib";
import { connectAsync, type IPublishPacket } from "mqtt";
import { REPO_ROOT, runCli, runCliAsync } from "./run-cli.ts";
import { mqttFacts, natsFacts, rabbitmqFacts } from "./servers.ts";

/**
 * Clients that read back what the RabbitMQ, MQTT and NATS connectors sent, on the shared test
 * brokers (test/support/broker-servers.ts). Tests that read while a run sends start it with
 * run-cli.ts's runCliAsync.
 */

let names = 0;
/** A queue, topic or subject name no other test uses (`rf_<pid>_<n>`). */
export const freshName = (prefix = "rf"): string => `${prefix}_${process.pid}_${++names}`;

// ---------------------------------------------------------------- RabbitMQ

/** Step (or connection) options reaching the shared RabbitMQ node, writing to `queue`. */
export function rabbitOptions(queue: string, extra: Record<string, string> = {}): Record<string, string> {
  const f = rabbitmqFacts();
  return {
    url: `amqp://${f.host}:${f.port}`,
    user: f.user,
    password: f.password,
    destinationName: queue,
    ...extra,
  };
}

/** Runs `work` on a channel of the shared RabbitMQ node (vhost `/` unless given). */
export async function withRabbitChannel<T>(work: (ch: amqp.Channel) => Promise<T>, vhost = "/"): Promise<T> {
  const f = rabbitmqFacts();
  const conn = await amqp.connect({
    hostname: f.host,
    port: f.port,
    username: f.user,
    password: f.password,
    vhost,
  });
  try {
    const ch = await conn.createChannel();
    return await work(ch);
  } finally {
    await conn.close().catch(() => {});
  }
}

/** Takes every message off a queue (none when it does not exist), in order. */
export async function drainQueue(queue: string, vhost = "/"): Promise<ConsumeMessage[]> {
  return withRabbitChannel(async (ch) => {
    ch.on("error", () => {});
    const ok = await ch.checkQueue(queue).catch(() => undefined);
    if (!ok) return [];
    const want = ok.messageCount;
    const got: ConsumeMessage[] = [];
    if (want === 0) return got;
    await ch.prefetch(1000);
    await new Promise<void>((resolve) => {
      void ch.consume(queue, (m) => {
        if (m === null) return;
        got.push(m);
        ch.ack(m);
        if (got.length >= want) resolve();
      });
    });
    return got;
  }, vhost);
}

/** Messages of a queue, now (without taking them). */
export const queueDepth = (queue: string, vhost = "/"): Promise<number | undefined> =>
  withRabbitChannel(async (ch) => {
    ch.on("error", () => {});
    return (await ch.checkQueue(queue).catch(() => undefined))?.messageCount;
  }, vhost);

// ---------------------------------------------------------------- receivers that listen live

/** One message a live subscriber received, with when (performance.now(), ms). */
export interface Received {
  readonly body: Buffer;
  readonly headers: Record<string, string | string[]>;
  readonly at: number;
}

/** A live subscription: what it received so far; `until` waits for `n` messages (or times out, returning what came). */
export interface Receiver {
  readonly received: Received[];
  until(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

function receiverOf(received: Received[], close: () => Promise<void>): Receiver {
  return {
    received,
    async until(n, timeoutMs = 30_000) {
      const end = performance.now() + timeoutMs;
      while (received.length < n && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    close,
  };
}

/** Step (or connection) options reaching the shared MQTT broker, publishing to `topic`. */
export function mqttOptions(topic: string, extra: Record<string, string> = {}): Record<string, string> {
  const f = mqttFacts();
  return { url: f.url, user: f.user, password: f.password, topic, ...extra };
}

/** Subscribes to an MQTT topic on the shared broker (QoS 1, MQTT 5: user properties kept). */
export async function mqttReceiver(topic: string): Promise<Receiver> {
  const f = mqttFacts();
  const client = await connectAsync(f.url, {
    username: f.user,
    password: f.password,
    protocolVersion: 5,
    reconnectPeriod: 0,
  });
  const received: Received[] = [];
  client.on("message", (_t: string, payload: Buffer, packet: IPublishPacket) => {
    const user = (packet.properties?.userProperties ?? {}) as Record<string, string | string[]>;
    received.push({ body: payload, headers: user, at: performance.now() });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return receiverOf(received, () => client.endAsync(true));
}

/** Step (or connection) options reaching the shared NATS server, publishing to `subject`. */
export function natsOptions(subject: string, extra: Record<string, string> = {}): Record<string, string> {
  const f = natsFacts();
  return { url: f.url, user: f.user, password: f.password, subject, ...extra };
}

/** A connection to the shared NATS server. */
export async function natsClient(): Promise<NatsConnection> {
  const f = natsFacts();
  return natsConnect({ servers: `${f.host}:${f.port}`, user: f.user, pass: f.password });
}

const natsHeadersOf = (m: Msg): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  if (!m.headers) return out;
  for (const [k, v] of m.headers) out[k] = v.length === 1 ? v[0]! : v;
  return out;
};

/** Subscribes to a NATS subject (core NATS) on the shared server. */
export async function natsReceiver(subject: string): Promise<Receiver> {
  const nc = await natsClient();
  const received: Received[] = [];
  nc.subscribe(subject, {
    callback: (_e, m) => {
      received.push({ body: Buffer.from(m.data), headers: natsHeadersOf(m), at: performance.now() });
    },
  });
  await nc.flush();
  return receiverOf(received, () => nc.close());
}

/** Every message of a JetStream stream, in order (none when there is no such stream). */
export async function readStream(stream: string): Promise<Received[]> {
  const nc = await natsClient();
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (!info) return [];
    const out: Received[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq });
      if (!m) continue;
      const headers: Record<string, string | string[]> = {};
      if (m.header) for (const [k, v] of m.header) headers[k] = v.length === 1 ? v[0]! : v;
      out.push({ body: Buffer.from(m.data), headers, at: 0 });
    }
    return out;
  } finally {
    await nc.close();
  }
}

/** The `id` of each message whose body is a row as JSON, as text. */
export const idsOfJson = (bodies: readonly Buffer[]): string[] =>
  bodies.map((b) => String((JSON.parse(b.toString("utf8")) as { id: unknown }).id));

/** Waits until a receiver got nothing new for `quietMs` (at most `maxMs`): what a finished run sent has arrived. */
export async function settled(r: Receiver, quietMs = 300, maxMs = 10_000): Promise<Received[]> {
  const end = performance.now() + maxMs;
  let seen = -1;
  while (r.received.length !== seen && performance.now() < end) {
    seen = r.received.length;
    await new Promise((res) => setTimeout(res, quietMs));
  }
  return r.received;
}

/** A broker of a test's own (to kill mid-run): its facts, and a stop that removes it. */
export interface PrivateBroker {
  readonly facts: Readonly<Record<string, string>>;
  /** Kills the broker at once (SIGKILL), as a crash would. */
  kill(): void;
  stop(): void;
}

/** Starts a broker of the test's own with its script (`nats.sh`, `mosquitto.sh`, `rabbitmq.sh`) in a fresh folder. */
export function startPrivateBroker(script: string, prefix: string): PrivateBroker {
  const dir = mkdtempSync(join(tmpdir(), `rf-${prefix.toLowerCase()}-`));
  // The script's own variables (RABBITMQ_PORT, ...) would pick the shared broker's port: left out.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith(`${prefix}_`)),
  );
  const env = {
    ...inherited,
    ROWFORGE_SERVERS_DIR: dir,
    [`ROWFORGE_${prefix}_DIR`]: join(dir, "server"),
    [`ROWFORGE_${prefix}_WATCH_PID`]: String(process.pid),
  };
  const out = execFileSync(join(REPO_ROOT, "scripts", "servers", script), ["start"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: 120_000,
  });
  const facts = Object.fromEntries(
    out
      .split("\n")
      .map((l) => /^([A-Z_]+)=(.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
  return {
    facts,
    kill: () => {
      try {
        process.kill(Number(facts[`${prefix}_PID`]), "SIGKILL");
      } catch {}
    },
    stop: () => {
      try {
        execFileSync(join(REPO_ROOT, "scripts", "servers", script), ["stop", facts[`${prefix}_DIR`] ?? ""], {
          env,
          stdio: "ignore",
          timeout: 60_000,
        });
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The rows `rowforge sample` gives for a plan with a seed and reference time: what a run with both sends. */
export function sampledRows(
  args: readonly string[],
  n: number,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Record<string, unknown>[] {
  const r = runCli(["sample", ...args, "-n", String(n), "--format", "json"], options);
  if (r.status !== 0) throw new Error(`rowforge sample failed: ${r.stderr}`);
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A sampled row's headers ([{key, value: base64}]) as key → text. */
export const sampledHeaders = (row: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    ((row.headers ?? []) as { key: string; value: string | null }[]).map((h) => [
      h.key,
      h.value === null ? "" : Buffer.from(h.value, "base64").toString("utf8"),
    ]),
  );

/**
 * Messages received in each second of a step paced at `rate` per second, as the receiving side
 * sees it. The seconds start where the arrivals say the schedule started (the median of each
 * message's arrival less its due moment, i / rate), so one slow first message does not shift
 * every second's window.
 */
export function perSecond(received: readonly { readonly at: number }[], rate: number): number[] {
  if (received.length === 0) return [];
  const offsets = received.map((r, i) => r.at - (i / rate) * 1000).sort((a, b) => a - b);
  const t0 = Math.min(offsets[Math.floor(offsets.length / 2)]!, received[0]!.at);
  const counts: number[] = [];
  for (const r of received) {
    const s = Math.floor((r.at - t0) / 1000);
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return Array.from(counts, (c) => c ?? 0);
}

/** Declares a queue (durable) on the shared RabbitMQ node and consumes it live. */
export async function rabbitReceiver(queue: string): Promise<Receiver> {
  const f = rabbitmqFacts();
  const conn = await amqp.connect({ hostname: f.host, port: f.port, username: f.user, password: f.password });
  const ch = await conn.createChannel();
  await ch.assertQueue(queue, { durable: true });
  const received: Received[] = [];
  await ch.consume(
    queue,
    (m) => {
      if (m === null) return;
      const headers = Object.fromEntries(
        Object.entries(m.properties.headers ?? {}).map(([k, v]) => [k, String(v)]),
      );
      received.push({ body: m.content, headers, at: performance.now() });
    },
    { noAck: true },
  );
  return receiverOf(received, () => conn.close().catch(() => {}));
}

/** Each of the first `seconds` seconds within 5% of `rate`, and at most 5% of a second's messages after them (the last ones a moment late); else why not. */
export function rateProblem(
  perSecondCounts: readonly number[],
  rate: number,
  seconds: number,
): string | undefined {
  const shown = `per second: ${perSecondCounts.join(", ")}`;
  if (perSecondCounts.length < seconds) return `fewer than ${seconds} seconds; ${shown}`;
  for (const n of perSecondCounts.slice(0, seconds))
    if (Math.abs(n - rate) > rate * 0.05) return `a second off the rate of ${rate} by more than 5%; ${shown}`;
  const late = perSecondCounts.slice(seconds).reduce((a, b) => a + b, 0);
  if (late > rate * 0.05) return `${late} messages after the last second; ${shown}`;
  return undefined;
}

/** One paced run's outcome: what the receiver got, and how late the run says its sends went out. */
export interface PacedAttempt {
  /** What arrived, each with when (ms, performance.now()). */
  readonly received: readonly { readonly at: number }[];
  readonly expected: number;
  /** The step report's delivery.behindSeconds (0 when absent). */
  readonly behindSeconds: number;
}

/**
 * A paced step's rate, as the receiving side sees it, is within 5% each second. On this shared
 * 2-core machine another process can starve the run for a moment: the run then reports it (its
 * delivery.behindSeconds) and sends what was due at once, as designed. Such an attempt proves
 * nothing about pacing, so the run is tried again (at most `tries` times); an attempt that kept
 * to its schedule (under 50 ms behind) must hold the rate.
 */
export async function assertRateHeld(
  attempt: () => Promise<PacedAttempt>,
  rate: number,
  seconds: number,
  tries = 3,
): Promise<void> {
  const starved: string[] = [];
  for (let k = 0; k < tries; k++) {
    const a = await attempt();
    if (a.received.length !== a.expected)
      throw new Error(`received ${a.received.length} of ${a.expected} messages`);
    const problem = rateProblem(perSecond(a.received, rate), rate, seconds);
    if (problem === undefined) return;
    if (a.behindSeconds < 0.05) throw new Error(`the run kept to its schedule, yet ${problem}`);
    starved.push(`${problem} (the run fell ${a.behindSeconds.toFixed(3)} s behind)`);
  }
  throw new Error(`every attempt was starved of CPU: ${starved.join("; ")}`);
}

/** Runs `rowforge run plan.yaml --json` in `dir` while `receiver` listens, and gives what it got and how late the run went (assertRateHeld). */
export async function pacedRun(
  dir: string,
  env: Record<string, string>,
  receiver: Receiver,
  expected: number,
): Promise<PacedAttempt> {
  try {
    const r = await runCliAsync(["run", "plan.yaml", "--home", ".rf", "--json"], { cwd: dir, env });
    if (r.status !== 0) throw new Error(`the paced run failed: ${r.stderr}`);
    const step = (JSON.parse(r.stdout) as { steps: { delivery?: { behindSeconds?: number } }[] }).steps[0];
    return {
      received: [...(await settled(receiver))],
      expected,
      behindSeconds: step?.delivery?.behindSeconds ?? 0,
    };
  } finally {
    await receiver.close();
  }
}
