import type { RecordBatch, Schema } from "apache-arrow";
import { parseBooleanOption } from "../../model/boolean-option.ts";
import { ByteSink, sharedSink } from "../arrow-values/byte-sink.ts";
import { jsonWriter, rowWriter } from "../arrow-values/json-renderer.ts";
import type { Encoder, Format } from "../format.ts";
import { fieldsWriter } from "./column-json-writer.ts";

/**
 * `unwrapTopLevelArray`: the elements of one array field, across all rows, written as a
 * single JSON array (the file is `[{...},{...}]` rather than one object per line).
 */
function unwrapEncoder(schema: Schema, field: string, omit: boolean): Encoder {
  const index = schema.fields.findIndex((f) => f.name === field || field === "true");
  const sink = new ByteSink(1 << 16);
  let first = true;
  sink.byte(91);
  return {
    encode(batch: RecordBatch) {
      const list = batch.data.children[Math.max(index, 0)]!;
      const element = jsonWriter(list.children[0]!, omit);
      const offsets = list.valueOffsets as Int32Array;
      for (let i = 0; i < batch.numRows; i++) {
        for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
          if (!first) sink.byte(44);
          element(sink, k);
          first = false;
        }
      }
      return sink.pos > 1 << 20 ? [sink.take()] : [];
    },
    end() {
      sink.byte(93);
      sink.byte(10);
      return [sink.take()];
    },
  };
}

/**
 * Newline-delimited JSON: one object per line, written straight into bytes. Option
 * `ignoreNullFields` (true leaves null fields out; default false writes them as null).
 */
export const ndjsonFormat: Format = {
  name: "json",
  extension: "json",
  contentType: "application/json",
  binary: false,
  optionKeys: ["ignoreNullFields", "unwrapTopLevelArray"],
  createEncoder(schema, options) {
    const omit = parseBooleanOption(options.ignoreNullFields) === true;
    const sink = sharedSink();
    const unwrap = options.unwrapTopLevelArray;
    if (unwrap !== undefined && unwrap !== "false") return unwrapEncoder(schema, unwrap, omit);
    const encodeInto = (batch: RecordBatch, out: ByteSink) => {
      if (batch.numRows === 0) return;
      const row = rowWriter(batch.data, omit);
      out.ensure(batch.numRows * 64);
      for (let i = 0; i < batch.numRows; i++) {
        row(out, i);
        out.byte(10);
      }
    };
    return {
      encode(batch: RecordBatch) {
        encodeInto(batch, sink);
        return sink.pos === 0 ? [] : [sink.take()];
      },
      encodeInto,
      end: () => [],
    };
  },
  columnEncoder(fields, options) {
    const unwrap = options.unwrapTopLevelArray;
    if (unwrap !== undefined && unwrap !== "false") return undefined;
    const row = fieldsWriter(fields, parseBooleanOption(options.ignoreNullFields) === true);
    return {
      encodeColumns(columns, rows, out) {
        if (rows === 0) return true;
        if (!row.bind(columns)) return false;
        out.ensure(rows * 64);
        for (let i = 0; i < rows; i++) {
          row.write(out, i);
          out.byte(10);
        }
        return true;
      },
    };
  },
};
