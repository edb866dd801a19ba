import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";
import { Step, Transformation } from "./step.ts";

/** A task: named steps, usually one task file; a plan binds it to a data source. */
export const Task = Type.Object({
  name: Type.String({ minLength: 1 }),
  steps: Type.Array(Step),
  transformation: Type.Optional(Transformation),
});
export type Task = Immutable<Static<typeof Task>>;
