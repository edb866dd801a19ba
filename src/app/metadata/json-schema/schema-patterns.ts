/** A JSON Schema pattern matches anywhere; rowforge generates whole strings, so `^...$` anchors go. */
export function unanchored(pattern: string): string {
  let p = pattern;
  if (p.startsWith("^")) p = p.slice(1);
  if (p.endsWith("$") && !p.endsWith("\\$")) p = p.slice(0, -1);
  return p;
}
