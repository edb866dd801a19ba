import { isRowforgeError, RowforgeError } from "../../errors/index.ts";
import { ByteSink } from "../../formats/arrow-values/byte-sink.ts";
import type { LoadSchedule } from "../../model/load-schedule.ts";
import type { SinkInput, SinkResult } from "../connector.ts";
import type { DeliveringSink } from "./delivering-sink.ts";
import { DeliveryMetrics } from "./delivery-metrics.ts";
import { MessageFrames, slotsOption, writeMessageFrames } from "./message-frames.ts";
import { MESSAGE_FRAMES_FORMAT } from "./message-frames-format.ts";
import { type MessageTransport, outcomeOf } from "./message-transport.ts";
import { Pacer } from "./pacer.ts";

/** Batch buffers kept for reuse: the batch being sent and the next one being copied. */
const SPARE_BUFFERS = 2;

export interface MessageSinkOptions {
  /** `step "x": topic t` — how errors name the step and its destination. */
  readonly where: string;
  readonly rowCount: number;
  readonly schedule?: LoadSchedule;
  /** The run's cancellation: a write waiting for its rows' moment stops (and throws) when it fires. */
  readonly signal?: AbortSignal;
}

/**
 * The step sink every message and HTTP connector shares: the workers encode each row's
 * message parts (message-frames), and rows go to the transport in sends of up to its chunk
 * size, as the schedule releases them when the step is paced, with at most its in-flight
 * limit outstanding. Every message is counted: sent, acknowledged or failed, with latency.
 * A transport's rejection ends the step: the error says how many messages were acknowledged.
 */
export function openMessageSink(transport: MessageTransport, options: MessageSinkOptions): DeliveringSink {
  const metrics = new DeliveryMetrics(options.schedule);
  const pacer = options.schedule ? new Pacer(options.schedule) : undefined;
  /** Sends not settled yet, and who waits for one to settle (a write wanting a slot, a drain). */
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const nextSettle = () => new Promise<void>((resolve) => waiting.push(resolve));
  const settledOne = () => {
    inFlight--;
    const wake = waiting;
    waiting = [];
    for (const w of wake) w();
  };
  const stopping = new AbortController();
  const stop = options.signal ? AbortSignal.any([stopping.signal, options.signal]) : stopping.signal;
  let fatal: unknown;
  let bytes = 0;
  let ended = false;

  const fail = (): never => {
    const e = fatal;
    const counts = `${metrics.acknowledged} of ${metrics.sent} messages were acknowledged${metrics.failed > 0 ? `, ${metrics.failed} failed` : ""}`;
    if (isRowforgeError(e)) throw new RowforgeError(e.code, `${e.message}; ${counts}`, { hint: e.hint });
    throw new RowforgeError(
      "RF_DELIVERY_FAILED",
      `${options.where}: ${e instanceof Error ? e.message : String(e)}; ${counts}`,
    );
  };

  const encodeOptions = { ...slotsOption(transport.slots), where: options.where };
  /**
   * Buffers of earlier batches whose sends all settled, reused for the next batches' copies: a
   * fresh buffer per batch (hundreds of MB a run) makes V8 collect for the external memory.
   */
  const spare: Uint8Array[] = [];
  const copyOf = (bytes: Uint8Array): Uint8Array => {
    const k = spare.findIndex((b) => b.byteLength >= bytes.byteLength);
    const into = k >= 0 ? spare.splice(k, 1)[0]! : new Uint8Array(bytes.byteLength + (bytes.byteLength >> 3));
    into.set(bytes);
    return into.subarray(0, bytes.byteLength);
  };
  const recycle = (frames: MessageFrames): void => {
    if (spare.length < SPARE_BUFFERS) spare.push(new Uint8Array(frames.bytes.buffer));
  };
  /** A batch's message parts: the workers' (copied: sends outlive the call, workers reuse their buffers), or encoded here. */
  const framesOf = (input: SinkInput, startRow: number): MessageFrames => {
    if (input.kind === "encoded")
      return new MessageFrames(copyOf(input.bytes), input.rows, transport.slots, startRow);
    const out = new ByteSink(input.batch.numRows * 64);
    writeMessageFrames(out, input.batch, encodeOptions);
    return new MessageFrames(out.buf.subarray(0, out.pos), input.batch.numRows, transport.slots, startRow);
  };

  const dispatch = (frames: MessageFrames, from: number, to: number, done: () => void): void => {
    const sentAt = metrics.sending(to - from);
    inFlight++;
    transport.send(frames, from, to).then(
      (outcome) => {
        metrics.settled(sentAt, outcome);
        settledOne();
        done();
      },
      (e: unknown) => {
        fatal ??= e;
        // A rejection may still say how many of its messages were acknowledged (withOutcome).
        metrics.settled(
          sentAt,
          outcomeOf(e) ?? {
            acknowledged: 0,
            failed: to - from,
            error: e instanceof Error ? e.message : String(e),
          },
        );
        settledOne();
        done();
      },
    );
  };

  const drain = async (): Promise<void> => {
    while (inFlight > 0) await nextSettle();
  };

  /** Waits for what is in flight to settle (or fail), at most 10 s: counts said after it are exact. */
  const drainAtMost = () => Promise.race([drain(), new Promise((r) => setTimeout(r, 10_000).unref())]);

  /** Fails once what is in flight settled, so the error's counts are exact. */
  const failSettled = async (): Promise<never> => {
    await drainAtMost();
    return fail();
  };

  return {
    rowBounds: [0, options.rowCount],
    accepts: {
      encoded: { format: MESSAGE_FRAMES_FORMAT, options: encodeOptions },
    },
    get bytesWritten() {
      return bytes;
    },
    async write(input: SinkInput, startRow: number) {
      if (fatal !== undefined) await failSettled();
      const frames = framesOf(input, startRow);
      bytes += frames.bytes.byteLength;
      // The frames' buffer is free again once this write dispatched all and every send settled.
      let holders = 1;
      const done = () => {
        if (--holders === 0 && input.kind === "encoded") recycle(frames);
      };
      for (let row = 0; row < frames.rows; ) {
        while (inFlight >= transport.maxInFlight) await nextSettle();
        if (fatal !== undefined) await failSettled();
        stop.throwIfAborted();
        const want = Math.min(transport.maxChunkRows, frames.rows - row);
        const n = pacer ? await pacer.take(want, stop) : want;
        if (pacer) metrics.behindSeconds = pacer.behindSeconds;
        holders++;
        dispatch(frames, row, row + n, done);
        row += n;
      }
      done();
    },
    async close(): Promise<SinkResult> {
      await drain();
      if (fatal !== undefined) fail();
      ended = true;
      await transport.close();
      return {
        records: metrics.acknowledged,
        bytes,
        outputs: transport.outputs,
        delivery: metrics.report(),
      };
    },
    async abort() {
      stopping.abort();
      if (ended) return;
      ended = true;
      await drainAtMost();
      await transport.abort().catch(() => {});
    },
    delivery: () => metrics.report(),
    live: () => metrics.live(),
  };
}
