import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import protobuf from "protobufjs";
import { encodeValues } from "./encode-values.ts";
import type { GeneratedStep } from "./generate-document.ts";
import { count, jsonRows, type RowTally, tally } from "./json-rows.ts";
import { fieldOfKey, fromProto3Json } from "./proto3-json.ts";

/** protobufjs's own reading of a .proto file: imports looked for in the file's folder and the folders above it. */
function loadIndependently(path: string): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => {
    for (let dir = dirname(origin || path); ; dir = dirname(dir)) {
      if (existsSync(join(dir, target))) return join(dir, target);
      if (dirname(dir) === dir) return target;
    }
  };
  root.loadSync(path, { keepCase: true });
  root.resolveAll();
  return root;
}

const asObject = (T: protobuf.Type, m: protobuf.Message) =>
  T.toObject(m, { longs: String, bytes: String, defaults: false });

/** A key of a JSON message that is not a field of its type (by name or JSON name), with its path. */
function unknownKey(type: protobuf.Type, value: unknown, at: string): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const field = fieldOfKey(type, k);
    if (!field) return `${at}${k} is not a field of ${type.name}`;
    const sub = field.resolvedType;
    if (!(sub instanceof protobuf.Type) || sub.fullName.startsWith(".google.protobuf.")) continue;
    const items = field.map ? Object.values(v as object) : field.repeated ? (v as unknown[]) : [v];
    for (const item of items ?? []) {
      const found = unknownKey(sub, item, `${at}${k}.`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * protobufjs reading the .proto file itself: each row encoded as the step's Kafka value decodes,
 * verifies and encodes again to as many bytes, which decode to the same message; each row of the step's JSON output holds only
 * fields of the message and is a message protobufjs accepts (fromObject, then verify: a oneof
 * with two members set, a value of the wrong type fail).
 */
export async function validateProtobufRows(path: string, steps: readonly GeneratedStep[]): Promise<RowTally> {
  const root = loadIndependently(path);
  const t = tally();
  for (const g of steps) {
    const { frames, message } = await encodeValues(g);
    const T = root.lookupType(message);
    const rows = await jsonRows(g);
    for (let i = 0; i < g.batch.numRows; i++) {
      const bytes = frames.part(i, 0)!;
      let problem: string | undefined;
      try {
        const decoded = T.decode(bytes);
        problem = T.verify(decoded) ?? undefined;
        // Encoded again, the message keeps every byte (a field decoding drops, a second member
        // of a oneof, a repeated map key would be lost) and decodes to the same message. The
        // order of fields is free on the wire (protobufjs writes by field number and map keys
        // in JavaScript's order), so the bytes themselves may differ.
        const again = T.encode(decoded).finish();
        if (problem === undefined && again.length !== bytes.length)
          problem = `encodes again to ${again.length} bytes, not ${bytes.length}`;
        else if (
          problem === undefined &&
          !isDeepStrictEqual(asObject(T, T.decode(again)), asObject(T, decoded))
        )
          problem = "decodes to another message once encoded again";
      } catch (e) {
        problem = `does not decode: ${(e as Error).message}`;
      }
      const row = rows[i];
      if (problem === undefined) problem = unknownKey(T, row, "");
      if (problem === undefined) {
        try {
          problem = T.verify(T.fromObject(fromProto3Json(T, row ?? {}) as object)) ?? undefined;
        } catch (e) {
          problem = `JSON row is not a ${T.name}: ${(e as Error).message}`;
        }
      }
      count(t, problem, row);
    }
  }
  return t;
}
