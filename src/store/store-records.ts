import Type, { type TSchema } from "typebox";
import Value from "typebox/value";
import { Connection } from "../model/connection.ts";

export const EXECUTION_STATUSES = ["queued", "running", "success", "failed"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const EXECUTION_MODES = ["generate", "delete"] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

/** A plan saved over the API, keyed by `name` exactly as the user gave it. */
export interface StoredPlan {
  readonly id: string;
  readonly name: string;
  /** The PlanRunRequest JSON as saved; the plan loader checks its contents when it runs. */
  readonly request: unknown;
  /** ISO 8601 UTC. */
  readonly savedAt: string;
}

/** A connection saved over the API. Secrets are kept as given: runs need them; the API masks them. */
export interface StoredConnection extends Connection {
  readonly savedAt: string;
}

/** One run of a plan, as GET /run/history shows it, plus what rowforge needs to explain or repeat it. */
export interface ExecutionRecord {
  readonly id: string;
  readonly planName: string;
  readonly status: ExecutionStatus;
  readonly failedReason: string | null;
  readonly runBy: string;
  readonly updatedBy: string;
  /** ISO 8601 UTC; orders the history. */
  readonly createdTs: string;
  readonly updatedTs: string;
  readonly generationSummary: readonly unknown[];
  readonly validationSummary: readonly unknown[];
  readonly reportLink: string;
  readonly timeTaken: string;
  readonly mode: ExecutionMode;
  readonly seed?: string;
  readonly nowMicros?: number;
  readonly details?: unknown;
}

const StoredPlanSchema = Type.Object({
  id: Type.String(),
  name: Type.String({ minLength: 1 }),
  // A PlanRunRequest is always a JSON object; deeper checks belong to the plan loader, so a
  // plan saved by an older rowforge is not called corrupt when the request shape grows.
  request: Type.Record(Type.String(), Type.Unknown()),
  savedAt: Type.String(),
});

const StoredConnectionSchema = Type.Intersect([Connection, Type.Object({ savedAt: Type.String() })]);

const ExecutionRecordSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  planName: Type.String(),
  status: Type.Enum(EXECUTION_STATUSES),
  failedReason: Type.Union([Type.String(), Type.Null()]),
  runBy: Type.String(),
  updatedBy: Type.String(),
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
