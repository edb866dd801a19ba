import Type, { type Static, type TSchema } from "typebox";
import Value from "typebox/value";
import { Connection } from "../model/connection.ts";
import type { Immutable } from "../model/immutable.ts";
import { PlanYamlSources } from "../model/plan-yaml-sources.ts";

export const EXECUTION_STATUSES = ["queued", "running", "success", "failed"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const EXECUTION_MODES = ["generate", "delete"] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/** A plan saved over the API, keyed by `name` exactly as the user gave it. */
const StoredPlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String({ minLength: 1 }),
  // The PlanRunRequest JSON as saved: always a JSON object; deeper checks belong to the plan
  // loader, so a plan saved by an older rowforge is not called corrupt when the request shape grows.
  request: Type.Record(Type.String(), Type.Unknown()),
  /** ISO 8601 UTC. */
  savedAt: Type.String(),
  /**
   * The YAML texts the web UI last saved the plan as (secrets masked), and when. Kept over saves
   * that do not send them, so a change made by other means shows as texts that no longer
   * describe the request.
   */
  yamlSources: Type.Optional(Type.Object({ ...PlanYamlSources.properties, savedAt: Type.String() })),
});
export type StoredPlan = Immutable<Static<typeof StoredPlanSchema>>;

/** A connection saved over the API. Secrets are kept as given: runs need them; the API masks them. */
const StoredConnectionSchema = Type.Intersect([Connection, Type.Object({ savedAt: Type.String() })]);
export type StoredConnection = Immutable<Static<typeof StoredConnectionSchema>>;

/** One run of a plan, as GET /run/history shows it, plus what rowforge needs to explain or repeat it. */
const ExecutionRecordSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  planName: Type.String(),
  status: Type.Enum(EXECUTION_STATUSES),
  failedReason: Type.Union([Type.String(), Type.Null()]),
  runBy: Type.String(),
  updatedBy: Type.String(),
  /** ISO 8601 UTC; orders the history. */
  createdTs: Type.String(),
  updatedTs: Type.String(),
  generationSummary: Type.Array(Type.Unknown()),
  validationSummary: Type.Array(Type.Unknown()),
  reportLink: Type.String(),
  timeTaken: Type.String(),
  mode: Type.Enum(EXECUTION_MODES),
  seed: Type.Optional(Type.String()),
  nowMicros: Type.Optional(Type.Number()),
  details: Type.Optional(Type.Unknown()),
});
export type ExecutionRecord = Immutable<Static<typeof ExecutionRecordSchema>>;

/** Checks one stored value; answers the first problem found (`/path: message`) or undefined when it fits. */
export type RecordCheck = (value: unknown) => string | undefined;

const checkWith =
  (schema: TSchema): RecordCheck =>
  (value) => {
    if (Value.Check(schema, value)) return undefined;
    const first = Value.Errors(schema, value)[0];
    if (first === undefined) return "does not have the expected shape";
    return `${first.instancePath === "" ? "(record)" : first.instancePath}: ${first.message}`;
  };

export const checkStoredPlan: RecordCheck = checkWith(StoredPlanSchema);
export const checkStoredConnection: RecordCheck = checkWith(StoredConnectionSchema);

const checkExecutionShape = checkWith(ExecutionRecordSchema);
export const checkExecutionRecord: RecordCheck = (value) => {
  const problem = checkExecutionShape(value);
  if (problem !== undefined) return problem;
  const { createdTs } = value as ExecutionRecord;
  return Number.isNaN(Date.parse(createdTs))
    ? `/createdTs: "${createdTs}" is not an ISO 8601 timestamp`
    : undefined;
};
