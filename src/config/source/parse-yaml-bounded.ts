import {
  Composer,
  type Document,
  type DocumentOptions,
  Lexer,
  type LineCounter,
  type ParseOptions,
  Parser,
  type SchemaOptions,
  type ToJSOptions,
} from "yaml";
import { RowforgeError } from "../../errors/index.ts";

/**
 * How deeply a YAML text may nest mappings and sequences (block or flow). The YAML library
 * composes documents recursively and runs out of stack between one and two thousand levels;
 * real plans nest a few dozen levels (a field nested as deep as the generation budget allows,
 * 16 by default, takes two levels per field).
 */
export const MAX_YAML_DEPTH = 256;

export type YamlOptions = ParseOptions &
  DocumentOptions &
  SchemaOptions & { readonly lineCounter?: LineCounter };

/**
 * The documents of a YAML text, as the YAML library's parseAllDocuments reads them, but a text
 * that nests more than MAX_YAML_DEPTH levels is refused with RF_YAML_TOO_DEEP (line and column of
 * the nesting), never a stack overflow. The check costs nothing extra: the library's lexer and
 * parser keep open collections in an array, not on the call stack, and the text is fed to them
 * one lexeme at a time here (as Parser.parse does) with the array's length looked at after each,
 * before anything recursive (composing, toJS) sees the document.
 */
export function parseYamlDocuments(text: string, options: YamlOptions = {}): Document.Parsed[] {
  return [...new Composer(options).compose(boundedTokens(text, options.lineCounter))];
}

/** One YAML document's value (as the library's parse), refusing a text that nests too deeply. */
export function parseYaml(text: string, options: YamlOptions & ToJSOptions = {}): unknown {
  const [doc, second] = new Composer(options).compose(
    boundedTokens(text, options.lineCounter),
    true,
    text.length,
  );
  if (!doc) return null;
  const problem = doc.errors[0] ?? second?.errors[0];
  if (problem) throw problem;
  if (second) throw new RowforgeError("RF_STRUCTURE", "the text holds several YAML documents; send one");
  return doc.toJS(options);
}

/**
 * Refuses a YAML text that nests more than MAX_YAML_DEPTH levels, naming it as `what` (e.g.
 * `yamlSources.plan`), without composing its documents.
 */
export function checkYamlDepth(text: string, what: string): void {
  for (const _ of boundedTokens(text, undefined, what)) {
    // Only the depth matters here.
  }
}

/** A text that nests too deeply, located at the nesting. */
const tooDeep = (what: string, line: number, column: number) =>
  new RowforgeError(
    "RF_YAML_TOO_DEEP",
    `${what} nests mappings and sequences more than ${MAX_YAML_DEPTH} levels deep, the limit for YAML rowforge reads`,
    { location: { line, column } },
  );

function* boundedTokens(text: string, lineCounter: LineCounter | undefined, what = "the YAML") {
  const parser = new Parser(lineCounter?.addNewLine);
  lineCounter?.addNewLine(0);
  // The parser's stack holds the document, each open collection and a node being read.
  const most = MAX_YAML_DEPTH + 2;
  for (const lexeme of new Lexer().lex(text)) {
    yield* parser.next(lexeme);
    if (parser.stack.length > most) {
      const lineStart = text.lastIndexOf("\n", parser.offset - 1) + 1;
      let line = 1;
      for (let i = text.indexOf("\n"); i >= 0 && i < lineStart; i = text.indexOf("\n", i + 1)) line++;
      throw tooDeep(what, line, parser.offset - lineStart + 1);
    }
  }
  yield* parser.end();
}
