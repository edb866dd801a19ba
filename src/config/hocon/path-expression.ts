import type { PathPiece } from "./token.ts";

export type PathResult =
  | { readonly ok: true; readonly path: string[] }
  | { readonly ok: false; readonly message: string };

/**
 * Turns the pieces of a key or substitution into path elements: dots in unquoted pieces separate
 * elements, quoted pieces are taken whole (`a."b.c".d` is three elements), spaces between pieces stay.
 */
export function piecesToPath(pieces: readonly PathPiece[]): PathResult {
  const written = pieces.map((p) => (p.kind === "quoted" ? JSON.stringify(p.text) : p.text)).join("");
  const path: string[] = [];
  let current = "";
  let quoted = false;
  const close = (): boolean => {
    if (current === "" && !quoted) return false;
    path.push(current);
    current = "";
    quoted = false;
    return true;
  };
  for (const piece of pieces) {
    if (piece.kind === "quoted") {
      current += piece.text;
      quoted = true;
      continue;
    }
    const parts = piece.text.split(".");
    current += parts[0]!;
    for (let k = 1; k < parts.length; k++) {
      if (!close()) return emptyElement(written);
      current = parts[k]!;
    }
  }
  if (!close()) return emptyElement(written);
  return { ok: true, path };
}

const emptyElement = (written: string): PathResult => ({
  ok: false,
  message:
    written === ""
      ? "the path is empty"
      : `the path \`${written}\` has an empty element (it starts or ends with a dot, or has two dots in a row)`,
});
