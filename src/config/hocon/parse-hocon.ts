import type { SourceLocation } from "../../errors/source-location.ts";
import { DiagnosticSink } from "./diagnostic-sink.ts";
import {
  type HoconObject,
  type HoconParseOptions,
  type HoconResult,
  isHoconObject,
  newHoconObject,
} from "./hocon-value.ts";
import { tokenize } from "./lexer.ts";
import { type ParsedDocument, parseTokens, pathKey } from "./parser.ts";
import { resolveDocument } from "./resolver.ts";
import { objectNode } from "./value-node.ts";

/**
 * Parses a HOCON configuration (`application.conf`) and resolves its substitutions against the
 * document itself, then `options.env`. Never throws on bad input: every problem is a diagnostic
 * with file, line and column, and the value holds whatever could be read.
 */
export function parseHocon(text: string, options: HoconParseOptions): HoconResult {
  const sink = new DiagnosticSink(options.file);
  let doc: ParsedDocument = { root: objectNode({ line: 1, column: 1 }), locations: new Map() };
  let value: HoconObject = newHoconObject();
  try {
    doc = parseTokens(tokenize(text, sink), sink);
    value = resolveDocument(doc, options.env, sink);
  } catch (e) {
    // The nesting limits keep well inside the default stack; this covers a caller already deep in it.
    if (!(e instanceof RangeError)) throw e;
    sink.error(
      "RF_HOCON_SYNTAX",
      "the configuration is nested too deeply to be read",
      { line: 1, column: 1 },
      {
        hint: "flatten the nesting or shorten chains of substitutions",
      },
    );
  }
  const locate = (path: readonly string[]): SourceLocation | undefined => {
    const exact = doc.locations.get(pathKey(path));
    if (exact !== undefined) return sink.location(exact, path);
    if (!hasPath(value, path)) return undefined;
    for (let n = path.length - 1; n > 0; n--) {
      const pos = doc.locations.get(pathKey(path.slice(0, n)));
      if (pos !== undefined) return sink.location(pos, path);
    }
    return undefined;
  };
  return { value, diagnostics: sink.finish(), locate };
}

function hasPath(root: HoconObject, path: readonly string[]): boolean {
  let v: HoconObject | undefined = root;
  for (const key of path) {
    if (v === undefined || !Object.hasOwn(v, key)) return false;
    const next: HoconObject[string] = v[key]!;
    v = isHoconObject(next) ? next : undefined;
  }
  return true;
}
