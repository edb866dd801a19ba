import Type, { type Static } from "typebox";
import { ForeignKey } from "./foreign-key.ts";
import type { Immutable } from "./immutable.ts";

/** A plan's reference to a task, bound to a data source (a connection name). */
export const TaskSummary = Type.Object({
  name: Type.String({ minLength: 1 }),
  dataSourceName: Type.String(),
  enabled: Type.Boolean(),
  weight: Type.Optional(Type.Number({ minimum: 0 })),
  stage: Type.Optional(Type.String()),
});

export const SinkOptions = Type.Object({
  seed: Type.Optional(Type.String()),
  locale: Type.Optional(Type.String()),
  foreignKeys: Type.Array(ForeignKey),
});

export const Plan = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  tasks: Type.Array(TaskSummary),
  sinkOptions: SinkOptions,
  /** Names of validation configurations to run after generation. */
  validations: Type.Array(Type.String()),
  runId: Type.Optional(Type.String()),
});

export type TaskSummary = Immutable<Static<typeof TaskSummary>>;
export type SinkOptions = Immutable<Static<typeof SinkOptions>>;
export type Plan = Immutable<Static<typeof Plan>>;
