import type { MetadataSource } from "./metadata-source.ts";

/**
 * What the registry knows of a metadata source without loading its reader: its kind, aliases and
 * the step options naming its document. Each reader's folder holds its kind
 * (`avro/avro-kind.ts`), which the reader spreads; the reader's module (with the parsers behind
 * it) loads only when a step reads such a document.
 */
export type MetadataKind = Pick<MetadataSource, "kind" | "aliases" | "locationOptions">;
