import type { Static } from "typebox";
import { maskDeep } from "../app/catalog/secrets.ts";
import type { ExecutionRecord } from "../store/index.ts";
import { mapStrings } from "../util/map-strings.ts";
import type { PublicExecutionRecord } from "./answer-schemas.ts";

const recordFields = (r: ExecutionRecord) => ({
  id: r.id,
  status: r.status,
  failedReason: r.failedReason,
  runBy: r.runBy,
  updatedBy: r.updatedBy,
  createdTs: r.createdTs,
  updatedTs: r.updatedTs,
  generationSummary: r.generationSummary,
  validationSummary: r.validationSummary,
  reportLink: r.reportLink,
  timeTaken: r.timeTaken,
});

export type PublicRecord = Static<typeof PublicExecutionRecord>;

/**
 * The spec's execution record: exactly its fields, credentials in its texts (errors, reasons)
 * masked, paths shown as `hidePaths` shows them (without the server's folders). `extended`
 * adds the plan's name and the run's mode (history filters, the web UI).
 */
export const publicRecord = (
  r: ExecutionRecord,
  hidePaths: (text: string) => string,
  extended = false,
): PublicRecord =>
  mapStrings(
    maskDeep(extended ? { ...recordFields(r), planName: r.planName, mode: r.mode } : recordFields(r)),
    hidePaths,
  ) as PublicRecord;
