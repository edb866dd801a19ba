import { RowforgeError } from "../../errors/index.ts";

/**
 * The syntax of faker expressions: literal text with calls `#{Provider.method 'a','b'}` or
 * `#{function 'a'}`. Arguments are single-quoted and separated by commas; `''` inside an
 * argument is a quote. A `}` inside quotes does not end the call.
 */

export interface TextPart {
  readonly kind: "text";
  readonly text: string;
}

export interface CallPart {
  readonly kind: "call";
  /** The name as written: `Name.firstName`, `name.first_name`, `regexify`. */
  readonly name: string;
  readonly args: readonly string[];
  /** 1-based position of `#{` in the expression. */
  readonly position: number;
  /** The call as written, `#{...}`. */
  readonly source: string;
}

export type TemplatePart = TextPart | CallPart;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

function malformed(expr: string, position: number, what: string, hint: string): RowforgeError {
  return new RowforgeError(
    "RF_VALUE_INVALID",
    `malformed faker expression "${expr}" at character ${position}: ${what}`,
    { hint },
  );
}

function parseArgs(expr: string, body: string, bodyStart: number): string[] {
  const args: string[] = [];
  let i = 0;
  let expectComma = false;
  while (i < body.length) {
    const c = body[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (c === "," && expectComma) {
      expectComma = false;
      i++;
    } else if (c === "'" && !expectComma) {
      let value = "";
      let j = i + 1;
      let closed = false;
      while (j < body.length) {
        if (body[j] === "'") {
          if (body[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        value += body[j];
        j++;
      }
      if (!closed) {
        throw malformed(expr, bodyStart + i, "the quoted argument is not closed", "end each argument with '");
      }
      args.push(value);
      expectComma = true;
      i = j + 1;
    } else {
      throw malformed(
        expr,
        bodyStart + i,
        `unexpected "${c}" in the arguments`,
        "write arguments in single quotes separated by commas, e.g. #{Number.numberBetween '1','10'}",
      );
    }
  }
  if (args.length > 0 && !expectComma) {
    throw malformed(
      expr,
      bodyStart + body.length,
      "an argument is missing after the last comma",
      "remove the comma",
    );
  }
  return args;
}

function parseCall(expr: string, start: number, end: number): CallPart {
  const inner = expr.slice(start + 2, end);
  const lead = inner.length - inner.trimStart().length;
  const trimmed = inner.trimStart();
  const space = trimmed.search(/\s/);
  const name = space < 0 ? trimmed : trimmed.slice(0, space);
  const position = start + 1;
  if (name === "") {
    throw malformed(
      expr,
      position,
      "the call is empty",
      "name a method inside #{...}, e.g. #{Name.firstName}",
    );
  }
  if (!NAME.test(name)) {
    throw malformed(
      expr,
      position + 2 + lead,
      `"${name}" is not a method name`,
      "write Provider.method, e.g. #{Address.city}, or a function such as #{numerify '###'}",
    );
  }
  const rest = space < 0 ? "" : trimmed.slice(space);
  const args = parseArgs(expr, rest, position + 2 + lead + name.length);
  return { kind: "call", name, args, position, source: expr.slice(start, end + 1) };
}

/** Splits an expression into literal text and calls, in order; adjacent text is merged. */
export function parseFakerTemplate(expr: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = "";
  let i = 0;
  while (i < expr.length) {
    if (expr[i] === "#" && expr[i + 1] === "{") {
      let j = i + 2;
      let quoted = false;
      while (j < expr.length && (quoted || expr[j] !== "}")) {
        if (expr[j] === "'") quoted = !quoted;
        j++;
      }
      if (j >= expr.length) {
        throw malformed(
          expr,
          i + 1,
          quoted ? "a quoted argument is not closed" : `"#{" is not closed`,
          quoted ? "end each argument with '" : "end the call with }",
        );
      }
      if (text !== "") parts.push({ kind: "text", text });
      text = "";
      parts.push(parseCall(expr, i, j));
      i = j + 1;
    } else {
      text += expr[i];
      i++;
    }
  }
  if (text !== "") parts.push({ kind: "text", text });
  return parts;
}
