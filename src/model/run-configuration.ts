import Type, { type Static } from "typebox";
import type { Immutable } from "./immutable.ts";

/** Feature flags, with Data Caterer's defaults. */
export const FLAG_DEFAULTS = {
  enableCount: true,
  enableGenerateData: true,
  enableRecordTracking: false,
  enableDeleteGeneratedRecords: false,
  enableGeneratePlanAndTasks: false,
  enableFailOnError: true,
  enableUniqueCheck: false,
  enableSinkMetadata: false,
  enableSaveReports: true,
  enableValidation: true,
  enableGenerateValidations: false,
  enableAlerts: true,
  enableUniqueCheckOnlyInBatch: false,
  enableFastGeneration: false,
  /** rowforge's own: fields without a generator (read from a table or a document) get values by their name (src/metadata/labels). */
  enableGenerateByName: true,
  /** rowforge's own: a failed generate run removes what it committed before it ends (roll-back-run.ts). */
  enableRollbackOnFailure: false,
} as const;
export type FlagName = keyof typeof FLAG_DEFAULTS;

export const FOLDER_KEYS = [
  "planFilePath",
  "taskFolderPath",
  "generatedPlanAndTaskFolderPath",
  "generatedReportsFolderPath",
  "recordTrackingFolderPath",
  "validationFolderPath",
  "recordTrackingForValidationFolderPath",
] as const;
export type FolderKey = (typeof FOLDER_KEYS)[number];

export const METADATA_DEFAULTS = {
  numRecordsFromDataSource: 10000,
  numRecordsForAnalysis: 10000,
  oneOfDistinctCountVsCountThreshold: 0.2,
  oneOfMinCount: 1000,
  numGeneratedSamples: 10,
} as const;

export const GENERATION_DEFAULTS = { numRecordsPerBatch: 100000 } as const;
export const VALIDATION_DEFAULTS = {
  numSampleErrorRecords: 5,
  enableDeleteRecordTrackingFiles: true,
} as const;

const bools = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Boolean()])));
const optionalStrings = (keys: readonly string[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Optional(Type.String())])));

export const RunConfiguration = Type.Object({
  flags: bools(Object.keys(FLAG_DEFAULTS)),
  folders: optionalStrings(FOLDER_KEYS),
  metadata: Type.Object({
    numRecordsFromDataSource: Type.Integer(),
    numRecordsForAnalysis: Type.Integer(),
    oneOfDistinctCountVsCountThreshold: Type.Number(),
    oneOfMinCount: Type.Integer(),
    numGeneratedSamples: Type.Integer(),
  }),
  generation: Type.Object({
    numRecordsPerBatch: Type.Integer({ minimum: 1 }),
    numRecordsPerStep: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  /** Generation budget overrides (rowforge's own section): name -> limit; see generation-budget.ts. */
  budget: Type.Record(Type.String(), Type.Integer({ minimum: 1 })),
  validation: Type.Object({
    numSampleErrorRecords: Type.Integer({ minimum: 0 }),
    enableDeleteRecordTrackingFiles: Type.Boolean(),
  }),
  alert: Type.Object({
    triggerOn: Type.String(),
    slackToken: Type.Optional(Type.String()),
    slackChannels: Type.Array(Type.String()),
  }),
  runtime: Type.Object({
    master: Type.Optional(Type.String()),
    config: Type.Record(Type.String(), Type.String()),
  }),
});

export type RunConfigurationData = Static<typeof RunConfiguration>;
export type RunConfiguration = Immutable<RunConfigurationData>;
export type Flags = Readonly<Record<FlagName, boolean>>;

/** The configuration used when a user gives none. */
export function defaultRunConfiguration(): RunConfigurationData {
  return {
    flags: { ...FLAG_DEFAULTS },
    folders: {},
    metadata: { ...METADATA_DEFAULTS },
    generation: { ...GENERATION_DEFAULTS },
    budget: {},
    validation: { ...VALIDATION_DEFAULTS },
    alert: { triggerOn: "all", slackChannels: [] },
    runtime: { config: {} },
  };
}
