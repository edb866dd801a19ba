import Type, { type TSchema } from "typebox";
import { formatNames, requireFormat } from "../formats/format-registry.ts";

export {
  ExecutionStatus,
  MultiSchemaSampleResponse,
  PublicExecutionRecord,
  SampleResponse,
} from "./contract.ts";

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
