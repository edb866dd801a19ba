/** How deeply a JSON request body may nest objects and arrays: far beyond real plans, well inside the stack. */
export const MAX_JSON_DEPTH = 128;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing (strings
 * skipped), stopping as soon as it passes `limit`: a cheap check before JSON.parse and every
 * recursive walk after it.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
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
