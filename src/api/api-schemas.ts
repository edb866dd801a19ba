import Type from "typebox";
import { formatNames } from "../formats/format-registry.ts";
import { NAME_MAX_LENGTH } from "../model/names.ts";
import { PlanRunRequest } from "../model/plan-run-request.ts";
import { ConnectionWord, Name } from "./contract.ts";

export {
  Connection,
  ConnectionBody,
  ConnectionTestBody,
  ConnectionTestResult,
  Name,
  PageQuery,
  SaveConnectionsBody,
  StatusMessage,
} from "./contract.ts";

export const PlanNameParams = Type.Object({ planName: Name });
export const ConnectionNameParams = Type.Object({ connectionName: Name });
export const IdParams = Type.Object({ id: Name });
/** A step's name where it is not a path parameter (any characters, as in YAML): at most NAME_MAX_LENGTH. */
export const StepName = Type.String({
  minLength: 1,
  maxLength: NAME_MAX_LENGTH,
  description: "a step of the task",
});

/** sampleSize of every sample endpoint: 1 to 100. */
export const SampleSize = Type.Integer({
  minimum: 1,
  maximum: 100,
  description: "records per step (default 10)",
});
/** The formats a schema sample can answer in. */
export const SampleFormat = Type.Enum(formatNames(), { description: "the answer's format" });

export const SampleQuery = Type.Object({
  sampleSize: Type.Optional(SampleSize),
  fastMode: Type.Optional(Type.Boolean()),
  enableRelationships: Type.Optional(Type.Boolean()),
});

export { ErrorBody } from "./error-responses.ts";

/** GET /connections?groupType= */
export const ConnectionsQuery = Type.Object({ groupType: Type.Optional(ConnectionWord) });

export const FieldDefinition = Type.Cyclic(
  {
    FieldDefinition: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH }),
        type: Type.Optional(Type.String()),
        options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        nullable: Type.Optional(Type.Boolean()),
        static: Type.Optional(Type.Unknown()),
        fields: Type.Optional(Type.Array(Type.Ref("FieldDefinition"))),
      },
      { additionalProperties: true },
    ),
  },
  "FieldDefinition",
);

export const SchemaSampleBody = Type.Object(
  {
    fields: Type.Array(FieldDefinition, { minItems: 1 }),
    format: Type.Optional(SampleFormat),
    sampleSize: Type.Optional(SampleSize),
    fastMode: Type.Optional(Type.Boolean()),
    enableRelationships: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The YAML text of a task (not blank). */
export const TaskYamlText = Type.String({
  minLength: 1,
  pattern: "\\S",
  description: "the task YAML (name, steps)",
});
/** The media types POST /sample/task-yaml takes its raw YAML body in. */
export const YAML_MEDIA_TYPES = [
  "text/plain",
  "application/yaml",
  "application/x-yaml",
  "text/yaml",
  "text/x-yaml",
] as const;
/** POST /sample/task-yaml's JSON form. */
export const TaskYamlBody = Type.Object(
  {
    taskYamlContent: TaskYamlText,
    stepName: Type.Optional(StepName),
    sampleSize: Type.Optional(SampleSize),
    fastMode: Type.Optional(Type.Boolean()),
    plan: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          "rowforge: the plan the task is edited in, as POST /plan takes it (the web UI's plan editor sends it); when it resolves and lists the task, the step is sampled as a run of that plan writes it: its seed, counts and foreign keys",
      }),
    ),
  },
  { additionalProperties: false },
);

export const TaskFileBody = Type.Object(
  {
    taskYamlPath: Type.String({ minLength: 1, maxLength: 4096 }),
    stepName: Type.Optional(StepName),
    sampleSize: Type.Optional(SampleSize),
    fastMode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export { PlanRunRequest };
