/**
 * How deeply a JSON request body may nest objects and arrays: a field nested `maxNestingDepth`
 * levels takes two JSON levels per level (the field, its `fields` list), a saved plan a few
 * more around it. Far beyond real plans, well inside the stack.
 */
export const bodyDepthLimit = (maxNestingDepth: number): number => 4 * maxNestingDepth + 16;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing (strings
 * skipped), stopping as soon as it passes `limit`: a cheap check before JSON.parse and every
 * recursive walk after it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
