/**
 * The metadata readers' front door: documents (JSON Schema, OpenAPI, data contracts, Great
 * Expectations suites, Avro, Protobuf, a schema registry) read through the ResourceAccess the
 * caller gives, into a step's fields and validations; and the labels that give fields a
 * generator by their name. Code outside src/metadata imports it only from here
 * (test/structure/front-doors.test.ts).
 */

export {
  fillFromMetadata,
  METADATA_VALIDATIONS,
  type MetadataFillOptions,
  type MetadataStepReport,
} from "./fill-from-metadata.ts";
export { hasSuiteEntries, withSuiteEntries } from "./great-expectations/suite-entries.ts";
export { generatesByName, labelFor } from "./labels/label-by-name.ts";
export { NAME_LABELS } from "./labels/name-labels.ts";
export { metadataDocuments } from "./metadata-documents.ts";
export {
  METADATA_CONNECTION_TYPES,
  METADATA_LOCATION_OPTIONS,
  metadataSourceOf,
} from "./metadata-registry.ts";
