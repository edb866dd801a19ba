import { readFileSync } from "node:fs";
import avro from "avsc";
import { encodeValues } from "./encode-values.ts";
import type { GeneratedStep } from "./generate-document.ts";
import { count, type RowTally, tally } from "./json-rows.ts";

/** Each row encoded as the step's Kafka value, decoded by avsc with the schema file itself and checked with isValid. */
export async function validateAvroRows(path: string, steps: readonly GeneratedStep[]): Promise<RowTally> {
  const t = tally();
  for (const g of steps) {
    const { frames, message } = await encodeValues(g);
    const registry: Record<string, avro.Type> = {};
    avro.Type.forSchema(JSON.parse(readFileSync(path, "utf8")) as avro.Schema, { registry });
    const type = registry[message];
    if (!type) throw new Error(`avsc finds no type ${message} in ${path}`);
    for (let i = 0; i < g.batch.numRows; i++) {
      const bytes = Buffer.from(frames.part(i, 0)!);
      let problem: string | undefined;
      let value: unknown;
      try {
        value = type.fromBuffer(bytes);
        if (!type.isValid(value, { errorHook: (p) => (problem ??= `not valid at ${p.join(".")}`) }))
          problem ??= "not valid";
      } catch (e) {
        problem = `does not decode: ${(e as Error).message}`;
      }
      count(t, problem, value ?? `row ${i}`);
    }
  }
  return t;
}
