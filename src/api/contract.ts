import Type, { type Static } from "typebox";
import type { SampleProblem } from "../app/sample/sample-error.ts";
import { NAME_MAX_LENGTH, NAME_PATTERN } from "../model/names.ts";
import { PlanYamlSources } from "../model/plan-yaml-sources.ts";
import { TableColumn } from "../model/table-column.ts";
import { EXECUTION_MODES, EXECUTION_STATUSES } from "../store/store-records.ts";

/**
 * The HTTP API's bodies that clients read and send, as TypeBox schemas (the routes declare them,
 * so /openapi.json and the answers' serializers follow them) and their static types. The web UI
 * takes its types from here with `import type` (erased from its bundle), so this module and what
 * it imports stay pure: typebox and plain data only, no Node module (test/structure/ui-contract.test.ts).
 */

/** Path parameters: letters, digits, hyphens and underscores only, at most NAME_MAX_LENGTH (100) characters. */
export const Name = Type.String({ pattern: NAME_PATTERN, minLength: 1, maxLength: NAME_MAX_LENGTH });

export const StatusMessage = Type.Object({ status: Type.String(), message: Type.String() });
export type StatusMessage = Static<typeof StatusMessage>;

/** Paging of lists (GET /plans, GET /run/history): the answer stays a plain array; X-Total-Count and Link tell the rest. */
export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: "at most this many entries (default 1000)" }),
  ),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: "entries to skip (default 0)" }),
  ),
});

// ---- connections ----

/** A connection's kind (json, postgres, kafka, ...) or group, as a connection gives it. */
export const ConnectionWord = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH });
/** Connection options: values are kept as text (numbers and booleans as written in JSON). */
const ConnectionOptions = Type.Record(Type.String(), Type.Unknown());
export const ConnectionBody = Type.Object(
  {
    name: Name,
    type: ConnectionWord,
    groupType: Type.Optional(
      Type.String({ maxLength: NAME_MAX_LENGTH, description: "empty or left out: the type's group" }),
    ),
    options: Type.Optional(ConnectionOptions),
  },
  { additionalProperties: false },
);
export type ConnectionBody = Static<typeof ConnectionBody>;
/** A connection as the API answers it (secrets masked). */
export const Connection = Type.Object({
  name: Type.String(),
  type: Type.String(),
  groupType: Type.String(),
  options: Type.Record(Type.String(), Type.String()),
  source: Type.Optional(Type.String()),
});
export type Connection = Static<typeof Connection>;
/** GET /connections */
export const ConnectionList = Type.Object({ connections: Type.Array(Connection) });
export type ConnectionList = Static<typeof ConnectionList>;
/** POST /connection/test: a Connection as in POST /connection; its name is optional (messages use it). */
export const ConnectionTestBody = Type.Object(
  { ...ConnectionBody.properties, name: Type.Optional(Name) },
  { additionalProperties: false },
);
export type ConnectionTestBody = Static<typeof ConnectionTestBody>;
/** Data Caterer's ConnectionTestResult; `details` holds facts found (version, database, ...) or the failure's code. */
export const ConnectionTestResult = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  durationMs: Type.Number(),
});
export type ConnectionTestResult = Static<typeof ConnectionTestResult>;
export const SaveConnectionsBody = Type.Object(
  { connections: Type.Array(ConnectionBody, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

const StepOptions = Type.Record(Type.String(), Type.String(), {
  description: "the step options naming the table (dbtable; keyspace and table for Cassandra)",
});
/** A table of a database connection, with the step options naming it. */
export const TableRef = Type.Object({ name: Type.String(), options: StepOptions });
export type TableRef = Static<typeof TableRef>;
/** GET /connection/{name}/tables */
export const TableList = Type.Object({ connectionName: Type.String(), tables: Type.Array(TableRef) });
export type TableList = Static<typeof TableList>;
/** A column of a table, as a step's field would be (`type` absent: the database fills it). */
export { TableColumn };
/** GET /connection/{name}/tables/{table} */
export const TableColumns = Type.Object({
  connectionName: Type.String(),
  table: Type.String({ description: "schema.table as the database names it" }),
  options: StepOptions,
  columns: Type.Array(TableColumn),
});
export type TableColumns = Static<typeof TableColumns>;

// ---- plans ----

/** GET /plans: one entry. */
export const PlanListEntry = Type.Object({
  id: Type.String(),
  plan: Type.Object({ name: Type.String(), description: Type.String() }),
  folderPlanCopy: Type.Optional(
    Type.Literal(true, {
      description:
        "rowforge: this saved plan has the name of a YAML plan of the plan folder; runs by the name use this copy, not the file",
    }),
  ),
});
export type PlanListEntry = Static<typeof PlanListEntry>;

/** Whether the texts sent with a save describe the plan as the server saved it. */
export const SourcesCheck = Type.Object({
  current: Type.Boolean({ description: "whether the texts describe the plan as stored" }),
  difference: Type.Optional(Type.String({ description: "when not current: what differs first" })),
});
export type SourcesCheck = Static<typeof SourcesCheck>;

/** POST /plan */
export const PlanSaved = Type.Object({
  status: Type.String(),
  message: Type.String(),
  planId: Type.String(),
  yamlSources: Type.Optional(SourcesCheck),
  warnings: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "rowforge: what the check before saving could not look at (a database that cannot be reached: its tables were not checked)",
    }),
  ),
});
export type PlanSaved = Static<typeof PlanSaved>;

/** Where a folder plan's texts were read from, relative to the plan, task and validation folders. */
const FolderFiles = Type.Object(
  {
    plan: Type.String(),
    tasks: Type.Array(Type.String()),
    validation: Type.Array(Type.String()),
  },
  { description: "origin folder: the file of each text, relative to its folder" },
);

/** A problem of a folder plan's files, as the loader reports it. */
export const FolderProblem = Type.Object({
  severity: Type.String(),
  code: Type.String(),
  message: Type.String(),
  hint: Type.Optional(Type.String()),
  file: Type.Optional(Type.String()),
  line: Type.Optional(Type.Number()),
  column: Type.Optional(Type.Number()),
  path: Type.Optional(Type.String()),
});
export type FolderProblem = Static<typeof FolderProblem>;

export type { PlanYamlSources };

/** GET /plan/{planName}/yaml-sources */
export const PlanSources = Type.Object({
  planName: Type.String(),
  origin: Type.Union([Type.Literal("saved"), Type.Literal("folder")], {
    description:
      "saved: texts kept with a saved plan; folder: the files of a YAML plan of the plan folder (read-only)",
  }),
  sources: PlanYamlSources,
  savedAt: Type.Optional(Type.String({ description: "origin saved: when the texts were saved" })),
  ...SourcesCheck.properties,
  files: Type.Optional(FolderFiles),
  planKind: Type.Optional(
    Type.Union([Type.Literal("plan"), Type.Literal("unified")], {
      description: "origin folder: unified when the plan file holds data sources and steps",
    }),
  ),
  problems: Type.Optional(Type.Array(FolderProblem)),
});
export type PlanSources = Static<typeof PlanSources>;

// ---- runs ----

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
export type ExecutionStatus = Static<typeof ExecutionStatus>;

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
export type PublicExecutionRecord = Static<typeof PublicExecutionRecord>;

/** GET /run/history's query: paging, filters, and `extended` for planName and mode in each record. */
export const HistoryQuery = Type.Object({
  ...PageQuery.properties,
  planName: Type.Optional(
    Type.String({ maxLength: 200, description: "only runs of this plan (exact name)" }),
  ),
  planNameContains: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "only runs of plans whose name contains this text, ignoring case (the web UI's filter box)",
    }),
  ),
  status: Type.Optional(Type.Enum(EXECUTION_STATUSES, { description: "only runs of this status" })),
  mode: Type.Optional(Type.Enum(EXECUTION_MODES, { description: "only runs of this mode" })),
  extended: Type.Optional(
    Type.Boolean({
      description: "true: each record also carries planName and mode (not in the spec's record)",
    }),
  ),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** GET /run/events/{id}: the `status` and `progress` events' data, and the `end` event's record. */
export type { RunSnapshot, StepProgress } from "../app/runs/run-snapshot.ts";
export type { ExecutionMode } from "../store/store-records.ts";

// ---- samples ----

export const SchemaField = Type.Cyclic(
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
export type SchemaField = Static<typeof SchemaField>;

const SampleMetadataProperties = {
  sampleSize: Type.Integer({ minimum: 1 }),
  actualRecords: Type.Integer({ minimum: 0 }),
  generatedInMs: Type.Integer({ minimum: 0 }),
  fastModeEnabled: Type.Boolean(),
};

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
export type SampleResponse = Static<typeof SampleResponse>;

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

// ---- errors ----

/** The error bodies: generic (any endpoint), 500, and a failed sample's flat and envelope shapes. */
export { ErrorBody, SampleErrorEnvelope, SampleErrorFlat, ServerErrorBody } from "./error-responses.ts";
export type { SampleProblem };
