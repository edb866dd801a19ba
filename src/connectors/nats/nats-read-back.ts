import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { bodyRecord, spooledReadBack } from "../messaging/spooled-read-back.ts";
import { connectNats, ensureStream, natsError } from "./nats-client.ts";
import { readNatsOptions } from "./nats-options.ts";

/** Messages asked for per pull. */
const PULL = 1000;

/**
 * Reads a JetStream subject back for validations, without removing anything: an ordered
 * consumer (ephemeral, nothing acknowledged) of the stream that takes the subject reads the
 * subject's messages up to the stream's last sequence when reading starts. A record is the
 * body's JSON fields (a body that is not a JSON object is `value`) and `headers` ([{key, value}])
 * when it has any. Core NATS keeps no message: such a step is RF_VALIDATION_NO_READ_BACK.
 */
export async function readNatsRows(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
  const o = readNatsOptions(step);
  if (!o.jetstream)
    throw new RowforgeError(
      "RF_VALIDATION_NO_READ_BACK",
      `${o.where}: core NATS keeps no message once delivered, so there is nothing to read back`,
      {
        hint: "publish with jetstream: true to a stream to validate the messages, or validate the system that consumed them",
      },
    );
  const nc = await connectNats(o);
  const { jetstream, jetstreamManager } = (await import("@nats-io/jetstream")).default;
  try {
    const name = await ensureStream(nc, o, false);
    const jsm = await jetstreamManager(nc, { timeout: o.connectTimeoutMs });
    const info = await jsm.streams.info(name, { subjects_filter: o.subject }).catch((e: unknown) => {
      throw natsError(e, o.where, o.address.shown);
    });
    const lastSeq = info.state.last_seq;
    let remaining = info.state.subjects?.[o.subject] ?? 0;
    const source = `nats stream ${name} subject ${o.subject} at ${o.address.shown}`;
    return await spooledReadBack(step, source, request, async (add) => {
      if (remaining === 0) return 0;
      const consumer = await jetstream(nc, { timeout: o.connectTimeoutMs }).consumers.get(name, {
        // One subject as a string: filter_subject, which servers before 2.10 take too.
        filter_subjects: o.subject,
      });
      let read = 0;
      while (remaining > 0) {
        request.signal?.throwIfAborted();
        const batch = await consumer.fetch({
          max_messages: Math.min(PULL, remaining),
          expires: Math.max(1000, o.connectTimeoutMs),
        });
        let got = 0;
        for await (const m of batch) {
          if (m.seq > lastSeq) {
            remaining = 0;
            break;
          }
          const record = bodyRecord(m.data);
          if (m.headers && !("headers" in record)) {
            const headers: { key: string; value: string }[] = [];
            for (const [k, vs] of m.headers) for (const v of vs) headers.push({ key: k, value: v });
            if (headers.length > 0) record.headers = headers;
          }
          await add(record);
          got++;
          read++;
          remaining--;
          if (remaining === 0) break;
        }
        if (got === 0 && remaining > 0)
          throw new RowforgeError(
            "RF_BROKER_UNREACHABLE",
            `${o.where}: read ${read} of the ${read + remaining} messages of stream ${name}; no more came within ${Math.max(1000, o.connectTimeoutMs) / 1000} s`,
          );
      }
      return read;
    });
  } finally {
    await nc.close().catch(() => {});
  }
}
