import { didYouMean, RowforgeError } from "../errors/index.ts";
import type { ResolvedStep } from "../model/resolved-plan.ts";
import { avroKind } from "./avro/avro-kind.ts";
import { dataContractKind } from "./contract/datacontract-kind.ts";
import { odcsKind } from "./contract/odcs-kind.ts";
import { greatExpectationsKind } from "./great-expectations/ge-kind.ts";
import { jsonSchemaKind } from "./json-schema/json-schema-kind.ts";
import type { MetadataKind } from "./metadata-kind.ts";
import type { MetadataSource } from "./metadata-source.ts";
import { openApiKind } from "./openapi/openapi-kind.ts";
import { protobufKind } from "./protobuf/protobuf-kind.ts";
import { schemaRegistryKind } from "./schema-registry/schema-registry-kind.ts";

/** A metadata source whose reader is imported when a step first reads such a document. */
const lazySource = (kind: MetadataKind, load: () => Promise<MetadataSource>): MetadataSource => ({
  ...kind,
  read: async (step, docs) => (await load()).read(step, docs),
});

/**
 * The metadata sources rowforge reads: one line per kind. A run whose steps list their fields
 * loads none of their readers.
 */
export const METADATA_SOURCES: readonly MetadataSource[] = [
  lazySource(
    jsonSchemaKind,
    async () => (await import("./json-schema/json-schema-source.ts")).jsonSchemaSource,
  ),
  lazySource(openApiKind, async () => (await import("./openapi/openapi-source.ts")).openApiSource),
  lazySource(odcsKind, async () => (await import("./contract/odcs-source.ts")).odcsSource),
  lazySource(
    dataContractKind,
    async () => (await import("./contract/datacontract-source.ts")).dataContractSource,
  ),
  lazySource(
    greatExpectationsKind,
    async () => (await import("./great-expectations/ge-source.ts")).greatExpectationsSource,
  ),
  lazySource(avroKind, async () => (await import("./avro/avro-source.ts")).avroSource),
  lazySource(protobufKind, async () => (await import("./protobuf/protobuf-source.ts")).protobufSource),
  lazySource(
    schemaRegistryKind,
    async () => (await import("./schema-registry/schema-registry-source.ts")).schemaRegistrySource,
  ),
];

/** Catalogue services: a server of their own that does not run on this machine, so never a half-working client. */
const CATALOGUES: Readonly<Record<string, string>> = {
  openMetadata: "an OpenMetadata catalogue server",
  marquez: "a Marquez lineage server",
  amundsen: "an Amundsen catalogue server",
  datahub: "a DataHub catalogue server",
};

/**
 * The connection types a configuration's metadata connections are written as (Data Caterer's
 * names): blocks of them are read as connections of the `metadata` group.
 */
export const METADATA_CONNECTION_TYPES: readonly string[] = [
  "openApi",
  "openMetadata",
  "marquez",
  "greatExpectations",
  "openDataContractStandard",
  "dataContractCli",
  "jsonSchema",
  "confluentSchemaRegistry",
];

/** Kinds Data Caterer reads that rowforge does not read yet (issue 18 follows them). */
const NOT_YET: Readonly<Record<string, string>> = {
  yamlTask: "the fields of another task file (yamlTask reuse)",
  yamlPlan: "the steps of another plan file (yamlPlan reuse)",
};

/** Step options that name a metadata source's document. */
const LOCATION_OPTIONS = [
  "jsonSchemaFile",
  "schemaLocation",
  "dataContractFile",
  "expectationsFile",
  "openApiSpec",
];

/** Every step option a metadata source reads a document (a file or URL) or asks a server by. */
export const METADATA_LOCATION_OPTIONS: readonly string[] = [
  ...new Set([...LOCATION_OPTIONS, ...METADATA_SOURCES.flatMap((s) => s.locationOptions)]),
];

/** `avro` or `protobuf` for a schema file named `.avsc` or `.proto`. */
export function schemaKindOf(location: string | undefined): "avro" | "protobuf" | undefined {
  if (location === undefined) return undefined;
  const path = location.replace(/[?#].*$/, "").toLowerCase();
  if (path.endsWith(".avsc")) return "avro";
  if (path.endsWith(".proto")) return "protobuf";
  return undefined;
}

const supported = (): string => {
  const all = METADATA_SOURCES.map((s) => `${s.kind} (${s.locationOptions[0]})`);
  return all.length > 1 ? `${all.slice(0, -1).join(", ")} and ${all.at(-1)}` : (all[0] ?? "");
};
const fold = (s: string) => s.toLowerCase().replace(/[-_]/g, "");

/**
 * The metadata source a step's fields come from (its `metadataSourceType`, or `jsonSchemaFile`
 * or `expectationsFile` alone), undefined when the step names none. A kind rowforge does not read is refused,
 * naming the ones it reads.
 */
export function metadataSourceOf(r: ResolvedStep): MetadataSource | undefined {
  const type = r.step.options.metadataSourceType;
  if (type === undefined) {
    if (r.step.options.jsonSchemaFile !== undefined)
      return METADATA_SOURCES.find((s) => s.kind === "jsonSchema");
    // A suite is only ever Great Expectations': its checks are not dropped for want of the type.
    if (r.step.options.expectationsFile !== undefined)
      return METADATA_SOURCES.find((s) => s.kind === "greatExpectations");
    if (r.step.fields.length > 0) return undefined;
    const option = LOCATION_OPTIONS.find((k) => r.step.options[k] !== undefined);
    if (option === undefined) return undefined;
    if (r.format === "kafka") {
      // A Kafka step's schemaLocation alone (as Data Caterer users write it): the file's kind by its extension.
      const kind = schemaKindOf(r.step.options.schemaLocation);
      return kind === undefined ? undefined : METADATA_SOURCES.find((s) => s.kind === kind);
    }
    throw refuse(
      r,
      `names a metadata document (${option}) but no metadataSourceType`,
      "add metadataSourceType",
    );
  }
  const wanted = fold(type);
  const source = METADATA_SOURCES.find(
    (s) => fold(s.kind) === wanted || s.aliases.some((a) => fold(a) === wanted),
  );
  if (source) return source;
  const catalogue = Object.keys(CATALOGUES).find((k) => fold(k) === wanted);
  if (catalogue)
    throw refuse(
      r,
      `takes its fields from ${CATALOGUES[catalogue]} (metadataSourceType ${type}), which rowforge does not connect to`,
    );
  const later = Object.keys(NOT_YET).find((k) => fold(k) === wanted);
  if (later)
    throw refuse(
      r,
      `takes its fields from ${NOT_YET[later]} (metadataSourceType ${type}), which rowforge does not read`,
    );
  const known = [...METADATA_SOURCES.map((s) => s.kind), ...Object.keys(CATALOGUES), ...Object.keys(NOT_YET)];
  throw refuse(
    r,
    `has metadataSourceType ${type}, which is not a metadata source; ${didYouMean(type, known)}`.replace(
      /; $/,
      "",
    ),
  );
}

function refuse(r: ResolvedStep, what: string, first?: string): RowforgeError {
  return new RowforgeError("RF_METADATA_SOURCE_UNSUPPORTED", `step "${r.step.name}" ${what}`, {
    hint: `${first ? `${first}; ` : ""}rowforge reads fields from ${supported()}; otherwise list the step's fields`,
  });
}
