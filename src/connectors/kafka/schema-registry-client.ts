import type { ResourceAccess } from "../../access/index.ts";
import { isRowforgeError, RowforgeError } from "../../errors/index.ts";

/** A Confluent-compatible schema registry a Kafka step's values are registered with. */
export interface SchemaRegistryOptions {
  /** Base URL, without credentials (they go in `auth`). */
  readonly url: string;
  /** `user:password` for basic auth; never shown. */
  readonly auth: string | undefined;
  /** The subject; undefined: `<topic>-value` (the TopicNameStrategy). */
  readonly subject: string | undefined;
  /** Register the schema under the subject (true, the serializers' default) or only look it up. */
  readonly autoRegister: boolean;
  /** A schema id to use as it is, with no request. */
  readonly schemaId: number | undefined;
}

const TIMEOUT_MS = 10_000;

/**
 * The registry options of a Kafka step: `schema.registry.url` (unified files:
 * `schemaRegistryUrl`), basic auth from `basic.auth.user.info` or `schemaRegistryUser` /
 * `schemaRegistryPassword`, `schemaRegistrySubject`, `auto.register.schemas` and `schemaId`.
 * Undefined when no registry is named: values then go without the wire format's prefix.
 */
export function readRegistryOptions(
  o: Readonly<Record<string, string>>,
  where: string,
): SchemaRegistryOptions | undefined {
  const raw = o["schema.registry.url"] ?? o.schemaRegistryUrl ?? o["kafka.schema.registry.url"];
  const idRaw = o.schemaId;
  if ((raw === undefined || raw.trim() === "") && idRaw === undefined) return undefined;
  let url = "";
  let auth =
    o["basic.auth.user.info"] ??
    (o.schemaRegistryUser ? `${o.schemaRegistryUser}:${o.schemaRegistryPassword ?? ""}` : undefined);
  if (raw !== undefined && raw.trim() !== "") {
    let u: URL;
    try {
      u = new URL(raw.trim().split(",")[0]!.trim());
    } catch {
      throw new RowforgeError(
        "RF_OPTION_INVALID",
        `${where}: schema.registry.url "${raw.replace(/\/\/[^@/]*@/, "//***@")}" is not a URL`,
        {
          hint: "write it like http://localhost:8081",
        },
      );
    }
    if (u.username !== "") auth ??= `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
    u.username = "";
    u.password = "";
    url = u.toString().replace(/\/+$/, "");
  }
  const schemaId = idRaw === undefined ? undefined : Number(idRaw);
  if (schemaId !== undefined && (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > 0x7fffffff))
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: schemaId must be a whole number from 0, not "${idRaw}"`,
    );
  const autoRaw = (o["auto.register.schemas"] ?? o.autoRegisterSchemas ?? "true").toLowerCase();
  return {
    url,
    auth,
    subject: o.schemaRegistrySubject ?? o.subject,
    autoRegister: autoRaw !== "false",
    schemaId,
  };
}

/**
 * The id of a schema under its subject: registered (POST /subjects/{subject}/versions, which
 * answers the existing id when the schema is there already) or looked up (POST
 * /subjects/{subject}) when auto-registering is off; `schemaId` given is used as it is.
 */
export async function schemaIdFor(
  r: SchemaRegistryOptions,
  topic: string | undefined,
  schemaType: "AVRO" | "PROTOBUF",
  schema: string,
  where: string,
  access: ResourceAccess,
): Promise<number> {
  if (r.schemaId !== undefined) return r.schemaId;
  const subject = r.subject ?? (topic === undefined ? undefined : `${topic}-value`);
  if (subject === undefined)
    throw new RowforgeError(
      "RF_KEY_MISSING",
      `${where}: the schema registry needs a subject, and the step has no topic to name it after`,
      {
        hint: "give the step schemaRegistrySubject, or a topic option",
      },
    );
  const path = `/subjects/${encodeURIComponent(subject)}${r.autoRegister ? "/versions" : ""}`;
  const body = { schema, ...(schemaType === "AVRO" ? {} : { schemaType }) };
  const answer = (await registryRequest(r, "POST", path, body, where, access)) as { id?: unknown };
  if (typeof answer.id !== "number")
    throw new RowforgeError(
      "RF_SCHEMA_REGISTRY",
      `${where}: the schema registry at ${r.url} answered ${path} without a schema id`,
    );
  return answer.id;
}

/** A schema as the registry holds it. */
export interface RegisteredSchema {
  readonly schema: string;
  /** AVRO (the registry's default), PROTOBUF or JSON. */
  readonly schemaType: string;
  readonly id: number | undefined;
}

/** A schema by subject and version (`latest` or a number), or by id: its text and type. */
export async function fetchRegisteredSchema(
  r: SchemaRegistryOptions,
  by: { subject: string; version: string } | { id: number },
  where: string,
  access: ResourceAccess,
): Promise<RegisteredSchema> {
  const path =
    "id" in by
      ? `/schemas/ids/${by.id}`
      : `/subjects/${encodeURIComponent(by.subject)}/versions/${encodeURIComponent(by.version)}`;
  const got = (await registryRequest(r, "GET", path, undefined, where, access)) as {
    schema?: unknown;
    schemaType?: unknown;
    id?: unknown;
  };
  if (typeof got.schema !== "string")
    throw new RowforgeError(
      "RF_SCHEMA_REGISTRY",
      `${where}: the schema registry at ${r.url} answered ${path} without a schema`,
    );
  return {
    schema: got.schema,
    schemaType: typeof got.schemaType === "string" ? got.schemaType : "AVRO",
    id: typeof got.id === "number" ? got.id : "id" in by ? by.id : undefined,
  };
}

async function registryRequest(
  r: SchemaRegistryOptions,
  method: string,
  path: string,
  body: unknown,
  where: string,
  access: ResourceAccess,
): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: "application/vnd.schemaregistry.v1+json, application/json",
  };
  if (body !== undefined) headers["content-type"] = "application/vnd.schemaregistry.v1+json";
  if (r.auth !== undefined) headers.authorization = `Basic ${Buffer.from(r.auth).toString("base64")}`;
  let res: Response;
  try {
    // The registry is a URL the plan names: it must be on the access rules' allow-list.
    res = await access.fetch(
      `${r.url}${path}`,
      {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      `${where}: schema.registry.url`,
    );
  } catch (e) {
    if (isRowforgeError(e)) throw e;
    throw new RowforgeError(
      "RF_SCHEMA_REGISTRY",
      `${where}: the schema registry at ${r.url} did not answer ${method} ${path}: ${(e as Error).message}`,
      {
        hint: "check schema.registry.url and that the registry is up",
      },
    );
  }
  const text = await res.text();
  let value: unknown;
  try {
    value = text === "" ? {} : JSON.parse(text);
  } catch {
    value = { message: text.slice(0, 200) };
  }
  if (!res.ok) {
    const message = (value as { message?: unknown }).message;
    throw new RowforgeError(
      "RF_SCHEMA_REGISTRY",
      `${where}: the schema registry at ${r.url} answered ${method} ${path} with ${res.status}${typeof message === "string" ? `: ${message}` : ""}`,
      {
        hint:
          res.status === 401 || res.status === 403
            ? "check the registry login (basic.auth.user.info)"
            : res.status === 404
              ? "check the subject and version, or let rowforge register the schema (auto.register.schemas true)"
              : "check the schema and the subject's compatibility setting",
      },
    );
  }
  return value;
}
