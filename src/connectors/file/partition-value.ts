/** A partition folder value as Spark writes it: text escaped for paths, null as __HIVE_DEFAULT_PARTITION__. */
export function partitionValueText(v: unknown): string {
  if (v === null || v === undefined) return "__HIVE_DEFAULT_PARTITION__";
  let text: string;
  if (typeof v === "bigint") text = v.toString();
  else if (v instanceof Date) text = v.toISOString().slice(0, 10);
  else if (typeof v === "object") text = JSON.stringify(v);
  else text = String(v);
  return text.replace(
    /[\u0000-\u001f"#%'*/:=?\\\u007f{[\]^]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}
