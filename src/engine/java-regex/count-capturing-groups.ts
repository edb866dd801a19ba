/** Capturing groups in a Java pattern, needed to split `\12` the way Java does. */
export function countCapturingGroups(src: string): number {
  let count = 0;
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      if (src[i + 1] === "Q") {
        const end = src.indexOf("\\E", i + 2);
        i = end < 0 ? src.length : end + 1;
      } else {
        i++;
      }
    } else if (c === "[") {
      depth++;
      // Java reads a `]` straight after `[` or `[^` as a literal.
      if (src[i + 1] === "^") i++;
      if (src[i + 1] === "]") i++;
    } else if (c === "]" && depth > 0) {
      depth--;
    } else if (c === "(" && depth === 0) {
      if (src[i + 1] !== "?" || /^\(\?<[A-Za-z]/.test(src.slice(i, i + 4))) count++;
    }
  }
  return count;
}
