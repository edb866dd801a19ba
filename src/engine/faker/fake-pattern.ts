import { concat, constant, type Draw } from "./locale-draw.ts";

/** Resolves one `{{module.name}}` reference of a locale pattern to a draw, or undefined when it cannot. */
export type PatternReference = (reference: string) => Draw | undefined;

/**
 * Compiles a faker-js locale pattern such as `{{location.city_prefix}} {{person.firstName}}`
 * once into a concatenation of its literal text and the draws of its references (faker's
 * helpers.fake evaluates it again for every value). Undefined when a reference cannot be
 * compiled: the caller then keeps faker's own per-row path. `literal` makes the draw of the
 * text between references (symbols such as `#` in it can be drawn too).
 */
export function compileFakePattern(
  pattern: string,
  reference: PatternReference,
  literal: (text: string) => Draw = constant,
): Draw | undefined {
  const parts: Draw[] = [];
  let at = 0;
  while (at < pattern.length) {
    const start = pattern.slice(at).search(/\{\{[a-z]/);
    if (start < 0) break;
    const open = at + start;
    const close = pattern.indexOf("}}", open);
    if (close < 0) break;
    if (open > at) parts.push(literal(pattern.slice(at, open)));
    const draw = reference(pattern.slice(open + 2, close).trim());
    if (draw === undefined) return undefined;
    parts.push(draw);
    at = close + 2;
  }
  if (at < pattern.length) parts.push(literal(pattern.slice(at)));
  return concat(parts);
}
