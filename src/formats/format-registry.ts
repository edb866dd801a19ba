import { didYouMean, RowforgeError } from "../errors/index.ts";
import { csvFormat } from "./csv/csv-format.ts";
import type { Format } from "./format.ts";
import { ndjsonFormat } from "./ndjson/ndjson-format.ts";
import { orcFormat } from "./orc/index.ts";
import { parquetFormat } from "./parquet/parquet-format.ts";

/** Every output format by the name users write (`json`, `csv`, `parquet`, `orc`). */
const FORMATS: ReadonlyMap<string, Format> = new Map([
  ["json", ndjsonFormat],
  ["csv", csvFormat],
  ["parquet", parquetFormat],
  ["orc", orcFormat],
]);

export const formatNames = (): string[] => [...FORMATS.keys()];

export function findFormat(name: string): Format | undefined {
  return FORMATS.get(name.trim().toLowerCase());
}

export function requireFormat(name: string, where: string): Format {
  const f = findFormat(name);
  if (f) return f;
  const near = didYouMean(name, FORMATS.keys());
  throw new RowforgeError(
    "RF_FORMAT_UNKNOWN",
    `${where}: format "${name}" is not a file format${near ? `; ${near}` : ""}`,
    {
      hint: `file formats: ${formatNames().join(", ")}`,
    },
  );
}
