import { readValueEncoding, valueSlot } from "../../../src/connectors/kafka/kafka-value-format.ts";
import {
  MessageFrames,
  slotsOption,
  writeMessageFrames,
} from "../../../src/connectors/messaging/message-frames.ts";
import { ByteSink } from "../../../src/formats/arrow-values/byte-sink.ts";
import { OPEN_ACCESS } from "../open-access.ts";
import type { GeneratedStep } from "./generate-document.ts";

/**
 * A step's rows encoded as its Kafka values would be (the slot the Kafka connector builds from
 * the step's options: its schema file, record or message), one frame per row.
 */
export async function encodeValues(g: GeneratedStep): Promise<{ frames: MessageFrames; message: string }> {
  const where = `step "${g.step.step.name}"`;
  const encoding = readValueEncoding(g.step, where);
  if (!encoding) throw new Error(`${where} sends no Avro or Protobuf values`);
  const slot = await valueSlot(encoding, undefined, [], undefined, where, OPEN_ACCESS);
  const out = new ByteSink(1 << 20);
  writeMessageFrames(out, g.batch, { ...slotsOption([slot]), where });
  return {
    frames: new MessageFrames(out.buf.subarray(0, out.pos), g.batch.numRows, [slot]),
    message: slot.message ?? "",
  };
}
