import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { NAME_MAX_LENGTH } from "./names.ts";

const AnyObject = Type.Record(Type.String(), Type.Unknown());
/** A task or step name: any characters (they are kept as given), at most the name limit (they end up in URL paths). */
const TaskName = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH });
/** A plan's task summary: which task, on which data source. */
const TaskSummary = Type.Object(
  {
    name: TaskName,
    dataSourceName: Type.Optional(Type.String()),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
/** An inline task (with steps) or a step (named as a plan task). */
const InlineTask = Type.Object(
  {
    name: Type.Optional(TaskName),
    steps: Type.Optional(
      Type.Array(Type.Object({ name: Type.Optional(TaskName) }, { additionalProperties: true })),
    ),
  },
  { additionalProperties: true },
);

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
        tasks: Type.Optional(Type.Array(TaskSummary)),
        sinkOptions: Type.Optional(AnyObject),
        validations: Type.Optional(Type.Array(Type.Unknown())),
      },
      { additionalProperties: true },
    ),
    tasks: Type.Optional(Type.Array(InlineTask)),
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
