import { YAMLParseError } from "yaml";
import { parseYaml } from "../config/index.ts";
import { type ErrorCode, isRowforgeError, RowforgeError } from "../errors/index.ts";

/**
 * A document's value: JSON when it starts with `{` or `[` (or `json` is asked for), else YAML.
 * A syntax error says where (line and column) and never quotes the text: a document a plan
 * names may be any file, and a parser's message would carry a piece of it into the answer.
 */
export function parseDocument(
  text: string,
  what: string,
  options: { readonly json?: boolean; readonly code?: ErrorCode } = {},
): unknown {
  const code = options.code ?? "RF_METADATA_SCHEMA_INVALID";
  const trimmed = text.trimStart();
  if (options.json || trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(text);
    } catch (e) {
      // Only the position's digits are taken from the parser's message.
      const at = /position (\d+)/.exec(e instanceof Error ? e.message : "");
      const where = at ? ` at ${lineColumn(text, Number(at[1]))}` : "";
      throw new RowforgeError(code, `${what} is not valid JSON${where}`);
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 200 });
  } catch (e) {
    // Too deep, or several documents: rowforge's own words, which never quote the text.
    if (isRowforgeError(e)) throw new RowforgeError(code, `${what} is not valid JSON or YAML: ${e.message}`);
    const pos = e instanceof YAMLParseError ? e.linePos?.[0] : undefined;
    const offset = e instanceof YAMLParseError ? e.pos[0] : undefined;
    const where = pos
      ? ` at line ${pos.line}, column ${pos.col}`
      : offset !== undefined
        ? ` at ${lineColumn(text, offset)}`
        : "";
    const kind = e instanceof YAMLParseError ? ` (${e.code})` : "";
    throw new RowforgeError(code, `${what} is not valid JSON or YAML${where}${kind}`);
  }
}

/** `line L, column C` (1-based) of an offset in `text`. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.min(offset, text.length));
  const line = before.split("\n").length;
  return `line ${line}, column ${offset - before.lastIndexOf("\n")}`;
}
