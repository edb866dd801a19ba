import { request } from "../../lib/api.ts";
import type { WorkspaceSources } from "./plan-workspace.ts";

/** One located problem of a failed sample (the API's `error.problems`). */
export interface SampleProblem {
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
}

export interface SchemaField {
  readonly name: string;
  readonly type: string;
  readonly fields?: readonly SchemaField[];
}

export type SampleAnswer =
  | {
      readonly ok: true;
      readonly rows: readonly Record<string, unknown>[];
      readonly fields: readonly SchemaField[];
      readonly generatedInMs: number;
    }
  | { readonly ok: false; readonly message: string; readonly problems: readonly SampleProblem[] };

interface Envelope {
  readonly success?: boolean;
  readonly sampleData?: Record<string, unknown>[];
  readonly schema?: { readonly fields?: SchemaField[] };
  readonly metadata?: { readonly generatedInMs?: number };
  readonly error?: { readonly message?: string; readonly problems?: SampleProblem[] };
}

/** A problem of a folder plan's files, as the server's loader reports it. */
export interface FolderProblem {
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

/**
 * GET /plan/{name}/yaml-sources: the texts the editor last saved the plan as, and whether they
 * still describe it (origin saved); or, for a plan of the server's plan folder, its files' texts
 * (origin folder), where they came from and the loader's problems with them.
 */
export interface SavedSources {
  readonly origin?: "saved" | "folder";
  readonly sources: WorkspaceSources;
  readonly savedAt?: string;
  readonly current: boolean;
  readonly difference?: string;
  readonly files?: {
    readonly plan: string;
    readonly tasks: readonly string[];
    readonly validation: readonly string[];
  };
  readonly planKind?: "plan" | "unified";
  readonly problems?: readonly FolderProblem[];
}

/** Whether the texts sent with a save describe the plan as the server saved it. */
export interface SourcesCheck {
  readonly current: boolean;
  readonly difference?: string;
}

/** A table of a database connection, with the step options naming it (GET /connection/{name}/tables). */
export interface TableRef {
  readonly name: string;
  readonly options: Readonly<Record<string, string>>;
}

/** A column of a table, as a step's field would be (`type` absent: the database fills it). */
export interface TableColumn {
  readonly name: string;
  readonly type?: string;
  readonly dbType: string;
  readonly nullable: boolean;
  readonly primaryKey: boolean;
  readonly omitted?: string;
}

const connectionPath = (name: string) => `/connection/${encodeURIComponent(name)}/tables`;

/** The plan editor's calls: saved plans (GET/POST/DELETE) and a step's sample from its task's YAML. */
export const planApi = {
  get: (name: string) => request<unknown>("GET", `/plan/${encodeURIComponent(name)}`),
  /** The plan's texts as last saved here; undefined when it has none (saved through the API). */
  sources: async (name: string): Promise<SavedSources | undefined> => {
    const answer = await request<SavedSources | { status: "error" }>(
      "GET",
      `/plan/${encodeURIComponent(name)}/yaml-sources`,
      { accept: [404] },
    );
    return "sources" in answer ? answer : undefined;
  },
  save: (body: unknown) =>
    request<{ status: string; message: string; planId: string; yamlSources?: SourcesCheck }>(
      "POST",
      "/plan",
      {
        body,
      },
    ),
  tables: (connection: string) =>
    request<{ tables: TableRef[] }>("GET", connectionPath(connection)).then((r) => r.tables),
  columns: (connection: string, table: string) =>
    request<{ table: string; options: Record<string, string>; columns: TableColumn[] }>(
      "GET",
      `${connectionPath(connection)}/${encodeURIComponent(table)}`,
    ),
  remove: (name: string) =>
    request<{ status: string; message: string }>("DELETE", `/plan/${encodeURIComponent(name)}`),
  /**
   * 10 rows of one step (fastMode), from the task's YAML text as it is in the editor, inside
   * the plan being edited (`plan`, as saving sends it): the first rows its run writes.
   */
  sample: async (
    taskYaml: string,
    stepName: string,
    plan: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<SampleAnswer> => {
    const body = await request<Envelope>("POST", "/sample/task-yaml", {
      body: {
        taskYamlContent: taskYaml,
        stepName,
        sampleSize: 10,
        fastMode: true,
        ...(plan ? { plan } : {}),
      },
      accept: [400],
      ...(signal ? { signal } : {}),
    });
    if (body.success === false || body.error) {
      return {
        ok: false,
        message: body.error?.message ?? "the sample failed",
        problems: body.error?.problems ?? [],
      };
    }
    return {
      ok: true,
      rows: body.sampleData ?? [],
      fields: body.schema?.fields ?? [],
      generatedInMs: body.metadata?.generatedInMs ?? 0,
    };
  },
};
