import type { RecordBatch } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { parseBooleanOption } from "../../model/boolean-option.ts";
import { type ByteSink, sharedSink } from "../arrow-values/byte-sink.ts";
import type { Format } from "../format.ts";
import { type CsvSyntax, csvCellWriter, writeCsvBytes } from "./csv-cell-writer.ts";

const encoder = new TextEncoder();

interface CsvOptions {
  readonly header: boolean;
  readonly delimiter: string;
  readonly quote: string;
  readonly escape: string;
  readonly nullValue: string;
  readonly quoteAll: boolean;
  readonly lineSep: string;
}

function readOptions(o: Readonly<Record<string, string>>): CsvOptions {
  const one = (key: string, fallback: string) => {
    const v = o[key] ?? o[key === "delimiter" ? "sep" : key] ?? fallback;
    const text = v === "\\t" ? "\t" : v;
    if (text.length !== 1) {
      throw new RowforgeError(
        "RF_FORMAT_OPTION_INVALID",
        `CSV option ${key} must be a single character, not "${v}"`,
        {
          hint: `for example ${key}: "${fallback}"`,
        },
      );
    }
    return text;
  };
  const flag = (key: string, fallback: boolean) => {
    const v = o[key];
    if (v === undefined) return fallback;
    const b = parseBooleanOption(v);
    if (b === undefined)
      throw new RowforgeError(
        "RF_FORMAT_OPTION_INVALID",
        `CSV option ${key} must be true or false, not "${v}"`,
      );
    return b;
  };
  const quote = one("quote", '"');
  return {
    header: flag("header", true),
    delimiter: one("delimiter", ","),
    quote,
    escape: one("escape", quote),
    nullValue: o.nullValue ?? "",
    quoteAll: flag("quoteAll", false),
    lineSep: o.lineSep === "\\r\\n" || o.lineSep === "\r\n" ? "\r\n" : "\n",
  };
}

/**
 * CSV as RFC 4180: a header line (option `header`, default true), `delimiter`, `quote`,
 * `escape` (default: the quote, doubled), `nullValue` (default empty), `quoteAll`. An empty
 * string is written quoted so it reads back apart from null.
 */
export const csvFormat: Format = {
  name: "csv",
  extension: "csv",
  contentType: "text/csv; charset=UTF-8",
  binary: false,
  optionKeys: ["header", "delimiter", "sep", "quote", "escape", "nullValue", "quoteAll", "lineSep"],
  checkOptions: (options) => {
    readOptions(options);
  },
  createEncoder(schema, options) {
    const o = readOptions(options);
    const syntax: CsvSyntax = {
      delimiter: o.delimiter.charCodeAt(0),
      quote: o.quote.charCodeAt(0),
      escape: o.escape.charCodeAt(0),
      nullValue: encoder.encode(o.nullValue),
      quoteAll: o.quoteAll,
    };
    const lineSep = encoder.encode(o.lineSep);
    const sink = sharedSink();
    let headerPending = o.header;
    const writeHeader = (out: ByteSink) => {
      schema.fields.forEach((f, k) => {
        if (k > 0) out.byte(syntax.delimiter);
        const b = encoder.encode(f.name);
        writeCsvBytes(out, b, 0, b.length, syntax);
      });
      out.bytes(lineSep);
      headerPending = false;
    };
    const encodeInto = (batch: RecordBatch, out: ByteSink) => {
      if (headerPending) writeHeader(out);
      const cells = batch.data.children.map((c) => csvCellWriter(c, syntax));
      out.ensure(batch.numRows * 32);
      for (let i = 0; i < batch.numRows; i++) {
        for (let k = 0; k < cells.length; k++) {
          if (k > 0) out.byte(syntax.delimiter);
          cells[k]!(out, i);
        }
        out.bytes(lineSep);
      }
    };
    return {
      header() {
        if (headerPending) writeHeader(sink);
        return sink.pos === 0 ? [] : [sink.take()];
      },
      encode(batch: RecordBatch) {
        encodeInto(batch, sink);
        return sink.pos === 0 ? [] : [sink.take()];
      },
      encodeInto,
      end() {
        if (headerPending) writeHeader(sink);
        return sink.pos === 0 ? [] : [sink.take()];
      },
    };
  },
};
