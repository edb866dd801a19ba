import { resolveFakerCall } from "./faker-lookup.ts";
import { FIXED_CALL_LENGTH } from "./faker-size.ts";
import { type CallPart, parseFakerTemplate, type TemplatePart } from "./parse-faker-template.ts";

/** How deep an argument that is itself an expression may nest. */
export const MAX_NESTING = 8;

/**
 * The most characters one value of a call can have: its method's size rule over the arguments,
 * plus every argument that is itself an expression (it is evaluated in turn) at its longest.
 * A name or argument the compiler refuses counts as a plain call; the compiler says what is wrong.
 */
export function callMaxLength(call: CallPart, depth = 0): number {
  let own = FIXED_CALL_LENGTH;
  try {
    const resolved = resolveFakerCall(call.name, call.source);
    own = (resolved.kind === "table" ? resolved.entry.size : resolved.builtin.size)?.(call.args) ?? own;
  } catch {
    // Unknown names and patterns that do not parse are the compiler's to report.
  }
  let nested = 0;
  for (const arg of call.args) {
    if (!arg.includes("#{") || depth >= MAX_NESTING) continue;
    try {
      nested += templateMaxLength(parseFakerTemplate(arg), depth + 1);
    } catch {
      nested += arg.length;
    }
  }
  return own + nested;
}

/** The most characters one value of a parsed expression can have: its text and its calls at their longest. */
export function templateMaxLength(parts: readonly TemplatePart[], depth = 0): number {
  let n = 0;
  for (const p of parts) n += p.kind === "text" ? p.text.length : callMaxLength(p, depth);
  return n;
}

/** The most characters one value of an expression can have; an expression that does not parse counts as its text. */
export function expressionMaxLength(expr: string): number {
  try {
    return templateMaxLength(parseFakerTemplate(expr));
  } catch {
    return expr.length;
  }
}
