import { type Data, DataType } from "apache-arrow";
import { RowforgeError } from "../../errors/index.ts";
import { isValid, utf8Reader } from "../arrow-values/arrow-cells.ts";
import type { ByteSink } from "../arrow-values/byte-sink.ts";
import { micros, mismatch } from "./proto-column-values.ts";
import { beginLen, endLen, int32, lenBytes, tag, tagBytes, varint64 } from "./proto-wire.ts";

/** Writes the content (the fields, without tag and length) of row i's message. */
export type MessageContent = (out: ByteSink, i: number) => void;

/**
 * Google's well-known types whose proto3 JSON form is not their message, and the step column
 * each is generated as, so that the JSON (and any other text) output holds that form while
 * the Protobuf output writes the message:
 *
 * - `Timestamp`: a timestamp column ("2026-01-21T00:57:11.452Z");
 * - `Duration`: text "<seconds>[.<fraction>]s" ("84931.038s");
 * - `FieldMask`: text of comma-separated lowerCamelCase paths ("displayName,labels"), each
 *   written as its snake_case path;
 * - `Value`: text (a string value; a null element of a list or map is the `null_value`);
 * - `ListValue`: a list of text (string values);
 * - `Struct`: a map of text to text (string values by key);
 * - `Any`: a struct of `@type` (the packed type's URL) and `value` (its JSON), of a
 *   well-known type this module writes (`StringValue` by default).
 *
 * The wrappers (`Int32Value`, ...) are their scalar, written by the column writer itself.
 */
export function wellKnownContent(
  fullName: string,
  data: Data,
  where: string,
  at: string,
): MessageContent | undefined {
  // A struct column (a step's own `{seconds, nanos}`, `{type_url, value}`) is the message itself.
  if (DataType.isStruct(data.type) && !data.type.children.some((c) => c.name === "@type")) return undefined;
  switch (fullName) {
    case "google.protobuf.Timestamp":
      return timestampContent(data, where, at);
    case "google.protobuf.Duration":
      return durationContent(text(data, where, at, "Duration"), where, at);
    case "google.protobuf.FieldMask":
      return fieldMaskContent(text(data, where, at, "FieldMask"));
    case "google.protobuf.Value":
      return valueContent(data, where, at);
    case "google.protobuf.ListValue":
      return listValueContent(data, where, at);
    case "google.protobuf.Struct":
      return structContent(data, where, at);
    case "google.protobuf.Any":
      return DataType.isStruct(data.type) ? anyContent(data, where, at) : undefined;
    default:
      return undefined;
  }
}

/** The proto3 JSON type URL prefix of a packed message. */
export const ANY_TYPE_URL_PREFIX = "type.googleapis.com/";

const encoder = new TextEncoder();

function text(data: Data, where: string, at: string, proto: string): (i: number) => string {
  if (!DataType.isUtf8(data.type))
    throw mismatch(where, at, `google.protobuf.${proto} (its JSON text)`, data);
  return utf8Reader(data);
}

function valueInvalid(where: string, at: string, proto: string, v: string, form: string): RowforgeError {
  return new RowforgeError(
    "RF_SCHEMA_VALUE_INVALID",
    `${where}: field ${at} has the value "${v.slice(0, 80)}", which is not a google.protobuf.${proto} in its JSON form (${form})`,
    { hint: `give the field values in that form, or leave it to the schema (metadataSourceType protobuf)` },
  );
}

/** A length-delimited string field. */
function stringField(out: ByteSink, t: Uint8Array, s: string): void {
  tag(out, t);
  const b = encoder.encode(s);
  lenBytes(out, b, 0, b.length);
}

function timestampContent(data: Data, where: string, at: string): MessageContent {
  const us = micros(data);
  if (!us) throw mismatch(where, at, "google.protobuf.Timestamp", data);
  return (out, i) => {
    const v = us(i);
    const seconds = Math.floor(v / 1_000_000);
    secondsNanos(out, seconds, (v - seconds * 1_000_000) * 1000);
  };
}

/** `seconds = 1` (int64) and `nanos = 2` (int32), each left out when 0. */
function secondsNanos(out: ByteSink, seconds: number, nanos: number): void {
  if (seconds !== 0) {
    out.byte(0x08);
    varint64(out, seconds);
  }
  if (nanos !== 0) {
    out.byte(0x10);
    int32(out, nanos);
  }
}

const DURATION = /^(-?)(\d{1,12})(?:\.(\d{1,9}))?s$/;

/** A Duration's seconds and nanos from its JSON text ("-1.5s": -1 s and -500,000,000 ns); undefined when not that form. */
export function parseDuration(s: string): { seconds: number; nanos: number } | undefined {
  const m = DURATION.exec(s);
  if (!m) return undefined;
  const sign = m[1] === "-" ? -1 : 1;
  const seconds = Number(m[2]);
  // The JSON form's range: ±315,576,000,000 seconds (10,000 years).
  if (seconds > 315_576_000_000) return undefined;
  return { seconds: sign * seconds || 0, nanos: sign * Number((m[3] ?? "").padEnd(9, "0")) || 0 };
}

function durationContent(read: (i: number) => string, where: string, at: string): MessageContent {
  return (out, i) => {
    const v = read(i);
    const d = parseDuration(v);
    if (!d) throw valueInvalid(where, at, "Duration", v, 'seconds with up to 9 decimals and "s", as "1.5s"');
    secondsNanos(out, d.seconds, d.nanos);
  };
}

/** A FieldMask path of the JSON form (lowerCamelCase) as the message holds it (snake_case). */
export const snakeCasePath = (p: string): string => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function fieldMaskContent(read: (i: number) => string): MessageContent {
  const pathTag = tagBytes(1, 2);
  return (out, i) => {
    const v = read(i);
    if (v === "") return;
    for (const p of v.split(",")) stringField(out, pathTag, snakeCasePath(p));
  };
}

const STRING_VALUE = tagBytes(3, 2);

/** A Value of the row's text (`string_value = 3`), or `null_value = 1` for a null. */
function valueContent(data: Data, where: string, at: string): MessageContent {
  const read = text(data, where, at, "Value");
  return (out, i) => {
    if (!isValid(data, i)) {
      out.byte(0x08);
      out.byte(0);
      return;
    }
    stringField(out, STRING_VALUE, read(i));
  };
}

/** A Value message holding `s` as its string, as a length-delimited field of tag `t`. */
function stringValueField(out: ByteSink, t: Uint8Array, s: string | undefined): void {
  tag(out, t);
  const start = beginLen(out);
  if (s === undefined) {
    out.byte(0x08);
    out.byte(0);
  } else stringField(out, STRING_VALUE, s);
  endLen(out, start);
}

/** `values = 1`: a Value per element of the row's list. */
function listValueContent(data: Data, where: string, at: string): MessageContent {
  if (!DataType.isList(data.type))
    throw mismatch(where, at, "google.protobuf.ListValue (a list of text)", data);
  const items = data.children[0]!;
  const read = text(items, where, `${at}[]`, "Value");
  const offsets = data.valueOffsets as Int32Array;
  const valuesTag = tagBytes(1, 2);
  return (out, i) => {
    for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++)
      stringValueField(out, valuesTag, isValid(items, k) ? read(k) : undefined);
  };
}

/** `map<string, Value> fields = 1`: an entry (key 1, Value 2) per entry of the row's map. */
function structContent(data: Data, where: string, at: string): MessageContent {
  if (!DataType.isMap(data.type)) throw mismatch(where, at, "google.protobuf.Struct (a map of text)", data);
  const entries = data.children[0]!;
  const keys = text(entries.children[0]!, where, `${at}{key}`, "Struct");
  const valueData = entries.children[1]!;
  const values = text(valueData, where, `${at}{}`, "Value");
  const offsets = data.valueOffsets as Int32Array;
  const entryTag = tagBytes(1, 2);
  const keyTag = tagBytes(1, 2);
  const valueTag = tagBytes(2, 2);
  return (out, i) => {
    for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++) {
      tag(out, entryTag);
      const start = beginLen(out);
      stringField(out, keyTag, keys(k));
      stringValueField(out, valueTag, isValid(valueData, k) ? values(k) : undefined);
      endLen(out, start);
    }
  };
}

/**
 * `type_url = 1` from `@type`, `value = 2` the bytes of the packed well-known type (its
 * message written from the `value` child, as that type's own field would be).
 */
function anyContent(data: Data, where: string, at: string): MessageContent {
  const children = new Map(
    (data.type as { children: { name: string }[] }).children.map((c, k) => [c.name, data.children[k]!]),
  );
  const typeUrl = text(children.get("@type")!, where, `${at}.@type`, "Any");
  const valueData = children.get("value");
  const packed = new Map<string, MessageContent>();
  const urlTag = tagBytes(1, 2);
  const valueTag = tagBytes(2, 2);
  return (out, i) => {
    const url = typeUrl(i);
    const name = url.slice(url.lastIndexOf("/") + 1);
    let content = packed.get(name);
    if (content === undefined) {
      content =
        valueData === undefined
          ? undefined
          : name === "google.protobuf.StringValue"
            ? stringValueContent(valueData, where, `${at}.value`)
            : wellKnownContent(name, valueData, where, `${at}.value`);
      if (content === undefined)
        throw valueInvalid(
          where,
          at,
          "Any",
          url,
          "the URL of a well-known type rowforge packs, as type.googleapis.com/google.protobuf.StringValue, and its value",
        );
      packed.set(name, content);
    }
    stringField(out, urlTag, url);
    tag(out, valueTag);
    const start = beginLen(out);
    content(out, i);
    endLen(out, start);
  };
}

/** `value = 1` of a StringValue from the row's text (left out when empty). */
function stringValueContent(data: Data, where: string, at: string): MessageContent {
  const read = text(data, where, at, "StringValue");
  const valueTag = tagBytes(1, 2);
  return (out, i) => {
    const s = read(i);
    if (s !== "") stringField(out, valueTag, s);
  };
}
