import type {
  ErrorBody,
  FolderProblem,
  PlanSaved,
  PlanSources,
  SampleErrorEnvelope,
  SampleErrorFlat,
  SampleProblem,
  SampleResponse,
  SchemaField,
  StatusMessage,
  TableColumn,
  TableColumns,
  TableList,
  TableRef,
} from "../../../api/contract.ts";
import { request } from "../../lib/api.ts";

export type { FolderProblem, SampleProblem, SchemaField, TableColumn, TableRef };

export type SampleAnswer =
  | {
      readonly ok: true;
      /** The step's rows: records, or what its transformation made of them. */
      readonly rows: readonly unknown[];
      readonly fields: readonly SchemaField[];
      readonly generatedInMs: number;
    }
  | { readonly ok: false; readonly message: string; readonly problems: readonly SampleProblem[] };

/**
 * GET /plan/{name}/yaml-sources: the texts the editor last saved the plan as, and whether they
 * still describe it (origin saved); or, for a plan of the server's plan folder, its files' texts
 * (origin folder), where they came from and the loader's problems with them.
 */
export type SavedSources = PlanSources;

const connectionPath = (name: string) => `/connection/${encodeURIComponent(name)}/tables`;

/** The plan editor's calls: saved plans (GET/POST/DELETE) and a step's sample from its task's YAML. */
export const planApi = {
  get: (name: string) => request<unknown>("GET", `/plan/${encodeURIComponent(name)}`),
  /** The plan's texts as last saved here; undefined when it has none (saved through the API). */
  sources: async (name: string): Promise<SavedSources | undefined> => {
    const answer = await request<SavedSources | { readonly status: "error" }>(
      "GET",
      `/plan/${encodeURIComponent(name)}/yaml-sources`,
      { accept: [404] },
    );
    return "sources" in answer ? answer : undefined;
  },
  save: (body: unknown) => request<PlanSaved>("POST", "/plan", { body }),
  tables: (connection: string) => request<TableList>("GET", connectionPath(connection)).then((r) => r.tables),
  columns: (connection: string, table: string) =>
    request<TableColumns>("GET", `${connectionPath(connection)}/${encodeURIComponent(table)}`),
  remove: (name: string) => request<StatusMessage>("DELETE", `/plan/${encodeURIComponent(name)}`),
  /**
   * 10 rows of one step (every row its own faker values, as runs make them), from the task's YAML text as it is in the editor, inside
   * the plan being edited (`plan`, as saving sends it): the first rows its run writes.
   */
  sample: async (
    taskYaml: string,
    stepName: string,
    plan: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<SampleAnswer> => {
    // A 400 is the sample envelope, or (for a request the schema refuses) one of the sample routes' other error bodies.
    const body = await request<SampleResponse | SampleErrorEnvelope | SampleErrorFlat | ErrorBody>(
      "POST",
      "/sample/task-yaml",
      {
        body: {
          taskYamlContent: taskYaml,
          stepName,
          sampleSize: 10,
          fastMode: false,
          ...(plan ? { plan } : {}),
        },
        accept: [400],
        ...(signal ? { signal } : {}),
      },
    );
    if (!("success" in body && body.success)) {
      const error = "error" in body ? body.error : body;
      return {
        ok: false,
        message: error.message || "the sample failed",
        problems: ("problems" in error ? error.problems : undefined) ?? [],
      };
    }
    return {
      ok: true,
      rows: body.sampleData,
      fields: body.schema.fields,
      generatedInMs: body.metadata.generatedInMs,
    };
  },
};
