import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { NAME_MAX_LENGTH } from "./names.ts";

const AnyObject = Type.Record(Type.String(), Type.Unknown());

/**
 * The body of POST /run, /run/delete-data and /plan, and the answer of GET /plan/{name}, as
 * the HTTP API gives it. `tasks` holds steps (each step's name equals a `plan.tasks[].name`)
 * or whole tasks with `steps`; both are accepted. Element shapes the spec leaves open are
 * objects checked later by the plan loader, which reports problems with their JSON path.
 */
export const PlanRunRequest = Type.Object(
  {
    id: Type.Optional(Type.String()),
    plan: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH }),
        description: Type.Optional(Type.String()),
        tasks: Type.Optional(Type.Array(AnyObject)),
        sinkOptions: Type.Optional(AnyObject),
        validations: Type.Optional(Type.Array(Type.Unknown())),
      },
      { additionalProperties: true },
    ),
    tasks: Type.Optional(Type.Array(AnyObject)),
    validation: Type.Optional(Type.Array(Type.Unknown())),
    configuration: Type.Optional(
      Type.Object(
        {
          flag: Type.Optional(AnyObject),
          folder: Type.Optional(AnyObject),
          metadata: Type.Optional(AnyObject),
          generation: Type.Optional(AnyObject),
          validation: Type.Optional(AnyObject),
          alert: Type.Optional(AnyObject),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type PlanRunRequest = Immutable<Static<typeof PlanRunRequest>>;
