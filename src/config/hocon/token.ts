import type { Pos } from "./diagnostic-sink.ts";

export type Punct = "{" | "}" | "[" | "]" | "," | ":" | "=" | "+=";

/** One piece of a path expression (a key or the inside of `${...}`): dots split only unquoted pieces. */
export interface PathPiece {
  readonly kind: "quoted" | "unquoted" | "space";
  readonly text: string;
}

export type Token =
  | { readonly kind: "ws"; readonly text: string; readonly pos: Pos }
  | { readonly kind: "newline"; readonly pos: Pos }
  | { readonly kind: "punct"; readonly text: Punct; readonly pos: Pos }
  | { readonly kind: "quoted"; readonly text: string; readonly pos: Pos }
  | { readonly kind: "unquoted"; readonly text: string; readonly pos: Pos }
  | { readonly kind: "number"; readonly text: string; readonly pos: Pos }
  | {
      readonly kind: "subst";
      readonly optional: boolean;
      readonly pieces: readonly PathPiece[];
      /** The lexer already reported a problem with it; the parser stays quiet about it. */
      readonly bad: boolean;
      readonly pos: Pos;
    }
  | { readonly kind: "eof"; readonly pos: Pos };

/** How a token is named in a message: `found "}"`, `found the end of the line`. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case "ws":
      return "a space";
    case "newline":
      return "the end of the line";
    case "eof":
      return "the end of the file";
    case "punct":
      return `"${t.text}"`;
    case "quoted":
      return `the string ${JSON.stringify(t.text)}`;
    case "unquoted":
    case "number":
      return `"${t.text}"`;
    case "subst":
      return `a substitution \${...}`;
  }
}
