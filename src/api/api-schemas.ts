import Type from "typebox";
import { PlanRunRequest } from "../model/plan-run-request.ts";

/** Path parameters: letters, digits, hyphens and underscores only. */
export const Name = Type.String({ pattern: "^[A-Za-z0-9_-]+$", maxLength: 200 });
export const PlanNameParams = Type.Object({ planName: Name });
export const ConnectionNameParams = Type.Object({ connectionName: Name });
export const IdParams = Type.Object({ id: Name });

export const SampleQuery = Type.Object({
  sampleSize: Type.Optional(Type.Integer()),
  fastMode: Type.Optional(Type.Boolean()),
  enableRelationships: Type.Optional(Type.Boolean()),
});

export const StatusMessage = Type.Object({ status: Type.String(), message: Type.String() });
export const ErrorBody = Type.Object({
  status: Type.Literal("error"),
  message: Type.String(),
  details: Type.String(),
});

export const ConnectionBody = Type.Object({
  name: Type.String(),
  type: Type.String(),
  groupType: Type.Optional(Type.String()),
  options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export const Connection = Type.Object({
  name: Type.String(),
  type: Type.String(),
  groupType: Type.String(),
  options: Type.Record(Type.String(), Type.String()),
  source: Type.Optional(Type.String()),
});
export const SaveConnectionsBody = Type.Object({ connections: Type.Array(ConnectionBody, { minItems: 1 }) });

export const FieldDefinition = Type.Cyclic(
  {
    FieldDefinition: Type.Object(
      {
        name: Type.String(),
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

export const SchemaSampleBody = Type.Object({
  fields: Type.Array(FieldDefinition, { minItems: 1 }),
  format: Type.Optional(Type.String()),
  sampleSize: Type.Optional(Type.Integer()),
  fastMode: Type.Optional(Type.Boolean()),
  enableRelationships: Type.Optional(Type.Boolean()),
});

export const TaskFileBody = Type.Object({
  taskYamlPath: Type.String({ minLength: 1 }),
  stepName: Type.Optional(Type.String()),
  sampleSize: Type.Optional(Type.Integer()),
  fastMode: Type.Optional(Type.Boolean()),
});

export { PlanRunRequest };
