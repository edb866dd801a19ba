import { randomUUID } from "node:crypto";
import { RowforgeError } from "../../errors/index.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { ReadBack, ReadBackRequest } from "../connector.ts";
import { bodyRecord, spooledReadBack } from "../messaging/spooled-read-back.ts";
import { CLIENT_ID, clientOptions } from "./kafka-client.ts";
import { brokersText, kafkaError } from "./kafka-errors.ts";
import { kafkaWhere, readKafkaServer } from "./kafka-options.ts";

/**
 * Reads a topic back for validations: every record from the earliest offset of each partition
 * up to its end offset when reading starts (records produced meanwhile are not read), with a
 * consumer group of its own that commits nothing. A record is its value's JSON fields (a value
 * that is not a JSON object is `value`), plus `key` (text) and `headers` ([{key, value}] as
 * text) when it has them, as the Kafka connector writes them, and the record's `partition` and
 * `offset` (numbers; a value field of the same name is kept instead). A partition is read once the
 * consumer's position passes its end offset, so offsets that hold no record (transaction markers,
 * compacted records) are not waited for; only committed records are read. Stops with
 * RF_BROKER_UNREACHABLE when no partition moves on for the connection's connect + request timeouts.
 */
export async function readKafkaRows(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack> {
  const where = kafkaWhere(step);
  const o = readKafkaServer(step.step.options, where);
  const topic = (step.step.options.topic ?? step.step.options["kafka.topic"])?.trim();
  if (!topic)
    throw new RowforgeError("RF_KEY_MISSING", `${where} has no topic to read back`, {
      hint: "give the validation's data source (or its options) a topic",
    });
  const source = `kafka topic ${topic} at ${brokersText(o)}`;
  const { Consumer } = await import("@platformatic/kafka");
  const consumer = new Consumer({
    ...clientOptions(o),
    clientId: `${CLIENT_ID}-validate`,
    groupId: `rowforge-validate-${randomUUID()}`,
    autocommit: false,
  });
  try {
    const idleMs = (o.connectTimeoutSeconds + o.requestTimeoutSeconds) * 1000;
    const offsets = async (timestamp: bigint) =>
      (
        await consumer.listOffsets({ topics: [topic], timestamp }).catch((e: unknown) => {
          throw kafkaError(e, o, `reading the offsets of topic ${topic}`, "RF_BROKER_UNREACHABLE");
        })
      ).get(topic) ?? [];
    const ends = await offsets(-1n);
    const starts = await offsets(-2n);
    const empty = ends.every((end, p) => end <= (starts[p] ?? 0n));
    return await spooledReadBack(step, source, request, async (add) => {
      if (empty) return 0;
      const stream = await consumer
        .consume({ topics: [topic], mode: "earliest", maxWaitTime: 200, autocommit: false })
        .catch((e: unknown) => {
          throw kafkaError(e, o, `reading topic ${topic}`, "RF_BROKER_UNREACHABLE");
        });
      // The next offset the stream fetches per partition: past every record, marker or gap it
      // fetched. Fetched records may still wait in the stream's buffer, so a partition is read once
      // its last record was delivered, or once it is fetched past its end and nothing is buffered.
      const position = (p: number) => stream.offsetsToFetch.get(`${topic}:${p}`) ?? starts[p] ?? 0n;
      const delivered = ends.map((_, p) => starts[p] ?? 0n);
      const reached = () =>
        ends.every((end, p) => delivered[p]! >= end || (stream.readableLength === 0 && position(p) >= end));
      const behind = () =>
        ends.flatMap((end, p) =>
          position(p) >= end ? [] : [`partition ${p} at offset ${position(p)} of ${end}`],
        );
      let read = 0;
      const close = () => void stream.close().catch(() => {});
      request.signal?.addEventListener("abort", close, { once: true });
      // Checked every 100 ms, not per record: done once every partition is read (its last batches
      // may hold no record for us, a commit marker, yet its position moves on), idle once neither
      // a record nor a position moved on for the connection's timeouts.
      let done = false;
      let idle = false;
      let progress = "";
      let quietSince = performance.now();
      const poll = setInterval(() => {
        if (reached()) {
          done = true;
          close();
          return;
        }
        const now = `${read};${ends.map((_, p) => position(p)).join(",")}`;
        if (now !== progress) {
          progress = now;
          quietSince = performance.now();
        } else if (performance.now() - quietSince >= idleMs) {
          idle = true;
          close();
        }
      }, 100);
      try {
        for await (const m of stream) {
          const p = m.partition;
          const end = ends[p] ?? 0n;
          if (m.offset >= end) {
            // Produced after the read began: the partition's earlier records were all delivered.
            if (delivered[p]! < end) {
              delivered[p] = end;
              if (reached()) break;
            }
            continue;
          }
          delivered[p] = m.offset + 1n;
          const record = bodyRecord(m.value);
          const key =
            m.key === undefined || m.key === null || m.key.length === 0 ? null : m.key.toString("utf8");
          if (key !== null && !("key" in record)) record.key = key;
          if (m.headerEntries.length > 0 && !("headers" in record))
            record.headers = m.headerEntries.map(([k, v]) => ({
              key: k.toString("utf8"),
              value: v === null || v === undefined ? null : v.toString("utf8"),
            }));
          if (!("partition" in record)) record.partition = p;
          if (!("offset" in record)) record.offset = Number(m.offset);
          await add(record);
          read++;
          if (delivered[p]! >= end && reached()) break;
        }
        done ||= reached();
      } finally {
        clearInterval(poll);
        request.signal?.removeEventListener("abort", close);
        await stream.close().catch(() => {});
      }
      request.signal?.throwIfAborted();
      if (!done)
        throw new RowforgeError(
          idle ? "RF_BROKER_UNREACHABLE" : "RF_DELIVERY_FAILED",
          `${where}: read ${read} records of topic ${topic} at ${brokersText(o)} but not to its end (${behind().join(", ")})${idle ? `; nothing more came within ${idleMs / 1000} s` : ""}`,
        );
      return read;
    });
  } finally {
    await consumer.close(true).catch(() => {});
  }
}
