import { RowforgeError } from "../../errors/index.ts";
import { AvroNames, rootRecord } from "../../formats/avro/avro-schema.ts";
import type { MetadataSource } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";
import { avroRecordFields } from "./avro-field.ts";
import { avroKind } from "./avro-kind.ts";

/**
 * Avro schemas (`.avsc`, `schemaLocation`): the record's fields become the step's fields
 * (avro-field.ts). A file holding several named types (a JSON array) gives the last record,
 * or the one the step's `recordName` option names. A Kafka step with such a schema sends its
 * values as Avro (connectors/kafka/kafka-value-format.ts).
 */
export const avroSource: MetadataSource = {
  ...avroKind,
  async read(r, docs) {
    const { location, where } = stepLocation(r, avroSource, "path of the .avsc file");
    const doc = await docs.read(location, where);
    const names = new AvroNames(`${where}: Avro schema ${doc.path}`);
    names.defineTree(doc.value, "");
    const { record, namespace } = rootRecord(doc.value, names, r.step.options.recordName);
    const fields = avroRecordFields(record, names, namespace, "");
    if (fields.length === 0)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${names.where}: the record has no fields to generate`,
      );
    return [{ name: r.step.name, fields, options: { schemaLocationResolved: doc.path } }];
  },
};
