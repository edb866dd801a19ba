import { DataType, type Schema } from "apache-arrow";
import { parseDocument, type ResourceAccess } from "../../access/index.ts";
import { didYouMean } from "../../errors/did-you-mean.ts";
import { RowforgeError } from "../../errors/index.ts";
import { AvroNames, rootRecord } from "../../formats/avro/avro-schema.ts";
import {
  findMessage,
  importPathsOf,
  loadProtoFile,
  messagesDefinedIn,
  type ProtoType,
  parseProtoText,
  protobufjs,
  protoImports,
  rootToJson,
} from "../../formats/protobuf/proto-root.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type { MessageSlot } from "../messaging/message-slot.ts";
import {
  fetchRegisteredSchema,
  readRegistryOptions,
  type SchemaRegistryOptions,
  schemaIdFor,
} from "./schema-registry-client.ts";

export const VALUE_FORMATS = ["json", "avro", "protobuf"] as const;

/** How a Kafka step's values are encoded when not as JSON or text. */
export interface ValueEncoding {
  readonly kind: "avro" | "protobuf";
  /** The schema file (the path the metadata stage found it at, when it read it); undefined: the registry's schema of `registry.schemaId`. */
  readonly location: string | undefined;
  /** `messageName` / `recordName`: which message or record of the file. */
  readonly message: string | undefined;
  /** Protobuf: the folders imports are looked for in besides the file's own (`importPaths`). */
  readonly importPaths: readonly string[];
  readonly registry: SchemaRegistryOptions | undefined;
}

const fold = (s: string) => s.toLowerCase().replace(/[-_ ]/g, "");

function first(o: Readonly<Record<string, string>>, names: readonly string[]): string | undefined {
  for (const n of names) {
    const v = o[n];
    if (v !== undefined && v.trim() !== "") return v.trim();
  }
  return undefined;
}

/**
 * The value encoding a Kafka step asks for (no I/O): `valueFormat: avro|protobuf|json`, or a
 * Kafka serializer class (`value.serializer` naming Avro or Protobuf, as Confluent's are), or
 * else implied by the step's schema: `metadataSourceType` avro/protobuf, or a `schemaLocation`
 * ending in `.avsc`/`.proto`. Undefined: JSON or text values, as before.
 */
export function readValueEncoding(step: ResolvedStep, where: string): ValueEncoding | undefined {
  const o = step.step.options;
  let kind: "avro" | "protobuf" | "json" | undefined;
  const explicit = first(o, ["valueFormat", "value.format", "valueSerde"]);
  if (explicit !== undefined) {
    const k = fold(explicit);
    const found = VALUE_FORMATS.find((f) => f === k || (f === "protobuf" && k === "proto"));
    if (!found)
      throw new RowforgeError(
        "RF_OPTION_INVALID",
        `${where}: valueFormat "${explicit}" is not one of ${VALUE_FORMATS.join(", ")}`,
        { hint: didYouMean(explicit, VALUE_FORMATS) || `write one of ${VALUE_FORMATS.join(", ")}` },
      );
    kind = found;
  } else {
    const serializer = first(o, ["value.serializer", "kafka.value.serializer", "valueSerializer"]);
    if (serializer !== undefined && /avro/i.test(serializer)) kind = "avro";
    else if (serializer !== undefined && /proto/i.test(serializer)) kind = "protobuf";
    else {
      const source = o.metadataSourceType === undefined ? "" : fold(o.metadataSourceType);
      if (source === "avro" || source === "avsc") kind = "avro";
      else if (source === "protobuf" || source === "proto") kind = "protobuf";
      else {
        const loc = (o.schemaLocation ?? "").replace(/[?#].*$/, "").toLowerCase();
        if (loc.endsWith(".avsc")) kind = "avro";
        else if (loc.endsWith(".proto")) kind = "protobuf";
      }
    }
  }
  if (kind === undefined || kind === "json") return undefined;
  const location =
    o.schemaLocationResolved ??
    first(o, ["schemaLocation", kind === "avro" ? "avroSchemaFile" : "protobufSchemaFile"]);
  const registry = readRegistryOptions(o, where);
  if (location === undefined && (registry?.schemaId === undefined || registry.url === ""))
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `${where} sends ${kind === "avro" ? "Avro" : "Protobuf"} values but names no schema`,
      {
        hint: `add the step option schemaLocation: <path of the ${kind === "avro" ? ".avsc" : ".proto"} file>`,
      },
    );
  return {
    kind,
    location,
    message: first(o, kind === "avro" ? ["recordName", "messageName"] : ["messageName"]),
    importPaths:
      o.importPathsResolved !== undefined
        ? o.importPathsResolved.split(",")
        : importPathsOf(o.importPaths, location ?? "", location ?? ""),
    registry,
  };
}

/**
 * The message slot of a step's values in the encoding: the schema read from its file, the
 * value column when it is a struct (else the row without Kafka's control columns), and, with a
 * schema registry, the Confluent wire format's prefix (magic byte 0, the schema id, and for
 * Protobuf the message's indexes in its file).
 */
export async function valueSlot(
  e: ValueEncoding,
  valueColumn: string | undefined,
  exclude: readonly string[],
  topic: string | undefined,
  where: string,
  access: ResourceAccess,
): Promise<MessageSlot> {
  const from = e.location ?? `schema id ${e.registry?.schemaId} of ${e.registry?.url}`;
  const read =
    e.location === undefined
      ? {
          text: (await fetchRegisteredSchema(e.registry!, { id: e.registry!.schemaId! }, where, access))
            .schema,
          path: from,
        }
      : await readSchemaText(e.location, where, access);
  const text = read.text;
  const base = valueColumn === undefined ? { exclude } : { column: valueColumn };
  if (e.kind === "avro") {
    const doc = parseDocument(text, `${where}: the Avro schema ${from}`, { json: true });
    const names = new AvroNames(`${where}: Avro schema ${from}`);
    names.defineTree(doc, "");
    const { record, namespace } = rootRecord(doc, names, e.message);
    const message = names.fullName(record, namespace);
    const prefix = e.registry
      ? wirePrefix(await schemaIdFor(e.registry, topic, "AVRO", text, where, access), [])
      : "";
    return { as: "avro", schema: JSON.stringify(doc), message, prefix, ...base };
  }
  const scope = `${where}: Protobuf ${from}`;
  const root =
    e.location === undefined
      ? parseProtoText(text, from, scope)
      : loadProtoFile(
          read.path,
          text,
          scope,
          await protoImports(
            read.path,
            text,
            scope,
            (candidate) => access.readText(candidate, `${where}: a Protobuf import`),
            e.importPaths,
          ),
          e.importPaths,
        );
  const defined = messagesDefinedIn(text);
  const type = findMessage(root, defined, e.message, scope);
  const message = type.fullName.replace(/^\./, "");
  const prefix = e.registry
    ? wirePrefix(
        await schemaIdFor(e.registry, topic, "PROTOBUF", text, where, access),
        messageIndexes(type, defined),
      )
    : "";
  return { as: "protobuf", schema: rootToJson(root), message, prefix, ...base };
}

/** The `value` column when it is a struct (the messageBody helper's text cannot be encoded), else undefined: the row. */
export function structValueColumn(schema: Schema, e: ValueEncoding, where: string): string | undefined {
  const value = schema.fields.find((f) => f.name === "value");
  if (value === undefined) return undefined;
  if (DataType.isStruct(value.type)) return "value";
  throw new RowforgeError(
    "RF_FORMAT_TYPE_UNSUPPORTED",
    `${where} sends ${e.kind === "avro" ? "Avro" : "Protobuf"} values, but its value field is ${String(value.type)}: the value must be a struct of the schema's fields`,
    {
      hint: "make value a struct (nested fields), or drop it: the row's fields (without key, headers, partition, topic) are then the value",
    },
  );
}

/** The value schema's text, from a file or an http(s) URL the access rules allow. */
async function readSchemaText(
  location: string,
  where: string,
  access: ResourceAccess,
): Promise<{ text: string; path: string }> {
  try {
    return await access.readText(location, `${where}: schemaLocation`);
  } catch (err) {
    if (err instanceof RowforgeError && err.code === "RF_FILE_NOT_FOUND")
      throw new RowforgeError(
        "RF_FILE_NOT_FOUND",
        `${where}: the value schema ${location} cannot be read: ${err.message}`,
        {
          hint: "fix schemaLocation (a path from the working folder, or beside the plan when the step takes its fields from it)",
        },
      );
    throw err;
  }
}

/**
 * Checks the files and URLs a Kafka step names against the access rules, before any broker is
 * asked: its value schema (a file or URL) and its schema registry.
 */
export async function checkValueAccess(
  e: ValueEncoding | undefined,
  where: string,
  access: ResourceAccess,
): Promise<void> {
  if (e === undefined) return;
  if (e.location !== undefined) {
    if (/^https?:\/\//i.test(e.location)) access.url(e.location, `${where}: schemaLocation`);
    else await access.readable(e.location, `${where}: schemaLocation`);
  }
  if (e.registry !== undefined && e.registry.url !== "")
    access.url(e.registry.url, `${where}: schema.registry.url`);
}

/** Magic byte 0, the schema id (4 bytes, big-endian), then the Protobuf message indexes (zigzag varints). */
export function wirePrefix(id: number, indexes: readonly number[] | undefined): string {
  const bytes = [0, (id >>> 24) & 255, (id >>> 16) & 255, (id >>> 8) & 255, id & 255];
  if (indexes !== undefined && indexes.length > 0) {
    // The first message of a file is the single byte 0; others their count then each index.
    if (indexes.length === 1 && indexes[0] === 0) bytes.push(0);
    else for (const n of [indexes.length, ...indexes]) bytes.push(...zigzagVarint(n));
  }
  return Buffer.from(bytes).toString("hex");
}

function zigzagVarint(n: number): number[] {
  let z = n >= 0 ? n * 2 : -n * 2 - 1;
  const out: number[] = [];
  while (z >= 128) {
    out.push((z & 127) | 128);
    z = Math.floor(z / 128);
  }
  out.push(z);
  return out;
}

/** Where a message sits in its file: its index among the file's top-level messages, then among each enclosing message's. */
export function messageIndexes(type: ProtoType, topLevel: readonly string[]): number[] {
  const indexes: number[] = [];
  let t: ProtoType = type;
  while (t.parent instanceof protobufjs().Type) {
    const parent: ProtoType = t.parent;
    indexes.unshift(parent.nestedArray.filter((n) => n instanceof protobufjs().Type).indexOf(t));
    t = parent;
  }
  indexes.unshift(Math.max(0, topLevel.indexOf(t.fullName.replace(/^\./, ""))));
  return indexes;
}
