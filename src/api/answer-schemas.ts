import Type, { type TSchema } from "typebox";
import { formatNames, requireFormat } from "../formats/format-registry.ts";
import { EXECUTION_MODES, EXECUTION_STATUSES } from "../store/index.ts";

/**
 * The success answers of the routes, for their OpenAPI entries and their serializers. Each
 * route declares its 2xx body exactly; bodies that are files (raw samples, report files) are
 * declared by their media types only (RAW marks them: /openapi.json gives them no schema, as a
 * newline-delimited JSON sample is no single JSON document).
 */

/** `{status, message, <key>}`: what saves and deletes answer. */
const done = <K extends string>(key: K, description: string) =>
  Type.Object({
    status: Type.Literal("success"),
    message: Type.String(),
    ...({ [key]: Type.String({ description }) } as Record<K, ReturnType<typeof Type.String>>),
  });

export const PlanDeleted = done("planName", "the deleted plan");
export const ConnectionSaved = done("connectionName", "the saved connections' names, comma-separated");
export const ConnectionDeleted = done("connectionName", "the deleted connection");
export const RunStarted = done("executionId", "the execution's id");

/** What POST /run/plans/{planName}[...] answers: a sentence naming the execution id. */
export const RunStartedText = {
  description: "text/plain: '<what> started in <mode> mode with execution id <id>'",
  content: { "text/plain": { schema: Type.String() } },
} as const;

const SampleMetadataProperties = {
  sampleSize: Type.Integer({ minimum: 1 }),
  actualRecords: Type.Integer({ minimum: 0 }),
  generatedInMs: Type.Integer({ minimum: 0 }),
  fastModeEnabled: Type.Boolean(),
};

const SchemaField = Type.Cyclic(
  {
    SchemaField: Type.Object(
      {
        name: Type.String(),
        type: Type.String(),
        nullable: Type.Boolean(),
        fields: Type.Optional(Type.Array(Type.Ref("SchemaField"))),
      },
      { additionalProperties: false },
    ),
  },
  "SchemaField",
);

/** The spec's SampleResponse: one step's rows (records, or what its transformation made of them) and schema. */
export const SampleResponse = Type.Object(
  {
    success: Type.Literal(true),
    executionId: Type.String(),
    schema: Type.Object({ fields: Type.Array(SchemaField) }, { additionalProperties: false }),
    sampleData: Type.Array(Type.Unknown()),
    metadata: Type.Object(SampleMetadataProperties, { additionalProperties: false }),
    format: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** The spec's MultiSchemaSampleResponse: rows per step key. */
export const MultiSchemaSampleResponse = Type.Object(
  {
    success: Type.Literal(true),
    executionId: Type.String(),
    samples: Type.Record(Type.String(), Type.Array(Type.Unknown())),
    metadata: Type.Object(
      { ...SampleMetadataProperties, relationshipsEnabled: Type.Boolean() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** The spec's answer of GET /run/status/{id} and /run/executions/{id}. */
export const ExecutionStatus = Type.Object(
  {
    id: Type.String(),
    status: Type.Enum(EXECUTION_STATUSES),
    failedReason: Type.Union([Type.String(), Type.Null()]),
    runBy: Type.String(),
    timeTaken: Type.String(),
  },
  { additionalProperties: false },
);

/** The spec's execution record (GET /run/history); `extended=true` adds planName and mode. */
export const PublicExecutionRecord = Type.Object(
  {
    // In the spec's order (answers keep it).
    id: ExecutionStatus.properties.id,
    status: ExecutionStatus.properties.status,
    failedReason: ExecutionStatus.properties.failedReason,
    runBy: Type.String(),
    updatedBy: Type.String(),
    createdTs: Type.String({ description: "ISO 8601 UTC" }),
    updatedTs: Type.String({ description: "ISO 8601 UTC" }),
    generationSummary: Type.Array(Type.Unknown()),
    validationSummary: Type.Array(Type.Unknown()),
    reportLink: Type.String(),
    timeTaken: Type.String(),
    planName: Type.Optional(Type.String()),
    mode: Type.Optional(Type.Enum(EXECUTION_MODES)),
  },
  { additionalProperties: false },
);

/** Marks a body declared by its media type only (see transformOpenApi). */
export const RAW = "x-rowforge-raw";
const raw = (description: string): TSchema => ({ [RAW]: true, description }) as TSchema;
const bare = (contentType: string) => contentType.split(";")[0]!.trim();

/** A raw sample: the step's format as a file (json: newline-delimited). */
export const RawSampleAnswer = {
  description: "the sample in the step's format: json (newline-delimited), csv, parquet or orc",
  content: Object.fromEntries(
    [...new Set(formatNames().map((f) => bare(requireFormat(f, "a raw sample").contentType)))].map((type) => [
      type,
      { schema: raw(`a sample as ${type}`) },
    ]),
  ),
};

/** POST /sample/schema: a raw sample with `format`, the SampleResponse envelope without. */
export const SchemaSampleAnswer = {
  description: `with format: ${RawSampleAnswer.description}; without: the SampleResponse envelope (application/json)`,
  content: RawSampleAnswer.content,
};

/** A report file, by its extension. */
export const ReportFileAnswer = {
  description: "the report file: index.html, results.json, chart.svg or main.css",
  content: Object.fromEntries(
    ["text/html", "application/json", "image/svg+xml", "text/css"].map((type) => [
      type,
      { schema: raw(`a report file as ${type}`) },
    ]),
  ),
};

/** GET /run/events/{id}: server-sent events. */
export const RunEventsAnswer = {
  description: "text/event-stream of status, progress and end events",
  content: { "text/event-stream": { schema: raw("server-sent events: status, progress, end") } },
};
