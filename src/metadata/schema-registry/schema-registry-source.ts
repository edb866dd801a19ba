import { parseDocument } from "../../access/index.ts";
import {
  fetchRegisteredSchema,
  type RegisteredSchema,
  readRegistryOptions,
} from "../../connectors/kafka/schema-registry-client.ts";
import { RowforgeError } from "../../errors/index.ts";
import { AvroNames, rootRecord } from "../../formats/avro/avro-schema.ts";
import { findMessage, messagesDefinedIn, parseProtoText } from "../../formats/protobuf/proto-root.ts";
import { avroRecordFields } from "../avro/avro-field.ts";
import { resolveSchema } from "../json-schema/resolve-schema.ts";
import { objectFields } from "../json-schema/schema-field.ts";
import type { MetadataSource } from "../metadata-source.ts";
import { messageFields } from "../protobuf/protobuf-field.ts";
import { stepLocation } from "../step-location.ts";
import { schemaRegistryKind } from "./schema-registry-kind.ts";

/**
 * A Confluent-compatible schema registry (`metadataSourceUrl`, or `schema.registry.url`): the
 * schema of `schemaId`, or of `schemaRegistrySubject` (default `<topic>-value`) at `version`
 * (default latest), read as Avro, Protobuf or JSON Schema by its type. A Kafka step then sends
 * its values in that schema's encoding with the registry's wire format and that schema's id.
 */
export const schemaRegistrySource: MetadataSource = {
  ...schemaRegistryKind,
  async read(r, docs) {
    const o = r.step.options;
    const { location: url, where } = stepLocation(
      r,
      schemaRegistrySource,
      "the registry's URL, like http://localhost:8081",
    );
    const registry = readRegistryOptions({ ...o, "schema.registry.url": url }, where)!;
    const subject =
      o.schemaRegistrySubject ?? o.subject ?? (o.topic === undefined ? undefined : `${o.topic}-value`);
    let by: { id: number } | { subject: string; version: string };
    if (registry.schemaId !== undefined) by = { id: registry.schemaId };
    else if (subject !== undefined) by = { subject, version: o.schemaVersion ?? o.version ?? "latest" };
    else
      throw new RowforgeError("RF_KEY_MISSING", `${where} names a schema registry but no schema in it`, {
        hint: "give the step schemaId, or schemaRegistrySubject (and schemaVersion; default latest), or a topic whose <topic>-value subject holds it",
      });
    const got = await fetchRegisteredSchema(registry, by, where, docs.access);
    const scope = `${where}: schema ${"id" in by ? `id ${by.id}` : `${by.subject} version ${by.version}`} of ${registry.url}`;
    const fields = fieldsOf(got, scope, o.recordName ?? o.messageName);
    const kind = got.schemaType.toUpperCase();
    return [
      {
        name: r.step.name,
        fields,
        options: {
          "schema.registry.url": url,
          ...(got.id === undefined ? {} : { schemaId: String(got.id) }),
          ...(kind === "AVRO"
            ? { valueFormat: "avro" }
            : kind === "PROTOBUF"
              ? { valueFormat: "protobuf" }
              : {}),
        },
      },
    ];
  },
};

function fieldsOf(got: RegisteredSchema, scope: string, name: string | undefined) {
  switch (got.schemaType.toUpperCase()) {
    case "AVRO": {
      const doc = parseJson(got.schema, scope);
      const names = new AvroNames(`${scope} (Avro)`);
      names.defineTree(doc, "");
      const { record, namespace } = rootRecord(doc, names, name);
      return avroRecordFields(record, names, namespace, "");
    }
    case "PROTOBUF": {
      const root = parseProtoText(got.schema, "the registry's schema", scope);
      return messageFields(findMessage(root, messagesDefinedIn(got.schema), name, scope), scope);
    }
    case "JSON": {
      const doc = parseJson(got.schema, scope);
      const s = { root: doc, where: `${scope} (JSON Schema)` };
      return objectFields(resolveSchema(doc, s, [], ""), s, "#");
    }
    default:
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${scope} is of type ${got.schemaType}, which is not Avro, Protobuf or JSON Schema`,
      );
  }
}

const parseJson = (text: string, scope: string): unknown => parseDocument(text, scope, { json: true });
