import { RowforgeError } from "../../errors/index.ts";
import {
  findMessage,
  importPathsOf,
  loadProtoFile,
  messagesDefinedIn,
  protoImports,
} from "../../formats/protobuf/proto-root.ts";
import type { MetadataSource } from "../metadata-source.ts";
import { stepLocation } from "../step-location.ts";
import { messageFields } from "./protobuf-field.ts";
import { protobufKind } from "./protobuf-kind.ts";

/**
 * Protobuf (`.proto`, `schemaLocation`): the fields of the message `messageName` names (full or
 * short name; else the first message the file defines) become the step's fields
 * (protobuf-field.ts). A Kafka step with such a schema sends its values as Protobuf.
 */
export const protobufSource: MetadataSource = {
  ...protobufKind,
  async read(r, docs) {
    const { location, where } = stepLocation(r, protobufSource, "path of the .proto file");
    const doc = await docs.readText(location, where);
    const scope = `${where}: Protobuf ${doc.path}`;
    const importPaths = importPathsOf(r.step.options.importPaths, location, doc.path);
    // Imported files are read as the document was: through the access rules.
    const imports = await protoImports(
      doc.path,
      doc.text,
      scope,
      (candidate) => docs.readText(candidate, where),
      importPaths,
    );
    const root = loadProtoFile(doc.path, doc.text, scope, imports, importPaths);
    const type = findMessage(root, messagesDefinedIn(doc.text), r.step.options.messageName, scope);
    const fields = messageFields(type, scope);
    if (fields.length === 0)
      throw new RowforgeError(
        "RF_METADATA_SCHEMA_INVALID",
        `${scope}: message ${type.name} has no fields to generate`,
      );
    return [
      {
        name: r.step.name,
        fields,
        options: {
          schemaLocationResolved: doc.path,
          ...(importPaths.length > 0 ? { importPathsResolved: importPaths.join(",") } : {}),
        },
      },
    ];
  },
};
