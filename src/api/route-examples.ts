/**
 * One worked example per route, in an order that runs against a fresh server: what to send
 * and what comes back. GET /docs shows them beside each route's schema; a test sends every
 * one to a real `rowforge serve` and checks the status and the shape of the answer, so they
 * stay true.
 *
 * Placeholders in URLs and bodies: `{executionId}` is the id the last run example answered;
 * `{taskFolder}` is the server's task folder. The server the examples assume has, in its plan
 * folder, a plan `shop_plan` whose task `accounts_task` has a step `accounts`.
 */
export interface RouteExample {
  readonly method: "GET" | "POST" | "DELETE";
  /** The route as OpenAPI names it, e.g. `/plan/{planName}`. */
  readonly route: string;
  /** The concrete URL sent. */
  readonly url: string;
  readonly body?: unknown;
  /** Content type of a text body (default application/json). */
  readonly contentType?: string;
  readonly status: number;
  /** An answer of this shape: JSON (objects are compared by their keys) or text (by `pattern`). */
  readonly response: unknown;
  /** For text answers: a regular expression the answer matches. */
  readonly pattern?: string;
  /** Take `{executionId}` from this answer. */
  readonly capturesExecutionId?: boolean;
  readonly note?: string;
}

const PEOPLE_PLAN = {
  plan: {
    name: "people_plan",
    description: "people as CSV",
    tasks: [{ name: "people", dataSourceName: "my_files", enabled: true }],
  },
  tasks: [
    {
      name: "people",
      type: "csv",
      options: { path: "out/people" },
      count: { records: 100 },
      fields: [
        { name: "id", options: { regex: "P[0-9]{5}", isUnique: true } },
        { name: "name", options: { expression: "#{Name.firstName}" } },
        { name: "joined", type: "date", options: { withinDays: 30 } },
      ],
    },
  ],
};

const FIELDS = [
  { name: "id", options: { regex: "ACC[0-9]{6}" } },
  { name: "balance", type: "double", options: { min: 0, max: 1000, round: 2 } },
];

const RUN_ANSWER = {
  status: "success",
  message: "Plan 'people_plan' started in generate mode with execution id 4c1d…",
  executionId: "4c1d2f0e-…",
};

const STATUS = { id: "4c1d2f0e-…", status: "success", failedReason: null, runBy: "api", timeTaken: "0.05s" };

const MULTI = {
  success: true,
  executionId: "9f2a41c0",
  samples: { "people_plan/people": [{ id: "P04211", name: "Ada", joined: "2026-11-20" }] },
  metadata: {
    sampleSize: 1,
    actualRecords: 1,
    generatedInMs: 3,
    fastModeEnabled: false,
    relationshipsEnabled: false,
  },
};

export const ROUTE_EXAMPLES: readonly RouteExample[] = [
  {
    method: "POST",
    route: "/connection",
    url: "/connection",
    body: {
      connections: [
        { name: "my_files", type: "csv", groupType: "file", options: { header: "true", password: "s3cret" } },
      ],
    },
    status: 200,
    response: {
      status: "success",
      message: "Connection 'my_files' saved successfully",
      connectionName: "my_files",
    },
  },
  {
    method: "GET",
    route: "/connection/{connectionName}",
    url: "/connection/my_files",
    status: 200,
    response: {
      name: "my_files",
      type: "csv",
      groupType: "file",
      options: { header: "true", password: "***" },
      source: "api",
    },
    note: "secret-looking option values come back as ***",
  },
  {
    method: "GET",
    route: "/connections",
    url: "/connections?groupType=file",
    status: 200,
    response: {
      connections: [
        { name: "my_files", type: "csv", groupType: "file", options: { header: "true" }, source: "api" },
      ],
    },
    note: "connections of the configuration (source config, not deletable) and saved ones (source api)",
  },
  {
    method: "POST",
    route: "/connection/test",
    url: "/connection/test",
    body: { name: "people_files", type: "csv", options: { path: "out/people" } },
    status: 200,
    response: {
      success: true,
      message: 'connection "people_files" (csv) is reachable',
      details: { type: "csv" },
      durationMs: 1,
    },
    note: "reachable or not and why, nothing more (a path outside the server's output folders or a URL off its allow-list: success false, RF_PATH_NOT_ALLOWED / RF_URL_NOT_ALLOWED); success false answers 400",
  },
  {
    method: "POST",
    route: "/connection/{connectionName}/test",
    url: "/connection/my_files/test",
    status: 400,
    response: {
      success: false,
      message: 'connection "my_files" (csv) has no path option',
      details: {
        type: "csv",
        code: "RF_KEY_MISSING",
        hint: "add options: {path: <folder or file>} to the connection",
      },
      durationMs: 0,
    },
    note: "tests a saved or configured connection with its real secrets; an unknown name answers 404 naming the nearest",
  },
  {
    method: "GET",
    route: "/connection/{connectionName}/tables",
    url: "/connection/my_files/tables",
    status: 400,
    response: {
      status: "error",
      message: 'connection "my_files" is a csv connection, which has no tables to list',
      details: "RF_CONNECTION_NOT_A_DATABASE",
    },
    note: "a database connection answers 200 {connectionName, tables: [{name, options: {dbtable}}]}",
  },
  {
    method: "GET",
    route: "/connection/{connectionName}/tables/{table}",
    url: "/connection/my_files/tables/public.orders",
    status: 400,
    response: {
      status: "error",
      message: 'connection "my_files" is a csv connection, which has no tables to list',
      details: "RF_CONNECTION_NOT_A_DATABASE",
    },
    note: "a database connection answers 200 {connectionName, table, options, columns: [{name, type, dbType, nullable, primaryKey, omitted?}]}",
  },
  {
    method: "POST",
    route: "/plan",
    url: "/plan",
    body: PEOPLE_PLAN,
    status: 200,
    response: { status: "success", message: "Plan 'people_plan' saved successfully", planId: "0b6a…" },
    note: "`plan.tasks` names the tasks and their data sources; each entry of `tasks` is a task's step given inline (named after its task, as Data Caterer's UI sends it), a whole task `{name, steps: [...]}`, or a reference `{name, dataSourceName, enabled}` to a task file of the task folder. The plan is checked as `rowforge validate` checks a file: a plan that would not run is a 400 listing every problem.",
  },
  {
    method: "POST",
    route: "/plan",
    url: "/plan",
    body: {
      plan: { name: "notes_plan", tasks: [{ name: "notes", dataSourceName: "my_files", enabled: true }] },
      tasks: [
        {
          name: "notes",
          steps: [
            {
              name: "notes",
              type: "csv",
              options: { path: "out/notes" },
              fields: [{ name: "id", options: { regex: "N[0-9]{4}" } }],
            },
          ],
        },
      ],
      validation: [],
      yamlSources: {
        plan: "# kept as written\nname: notes_plan\ntasks:\n  - {name: notes, dataSourceName: my_files, enabled: true}\n",
        tasks: [
          'name: notes\nsteps:\n  - name: notes\n    type: csv\n    options: {path: out/notes}\n    fields:\n      - {name: id, options: {regex: "N[0-9]{4}"}}  # N and four digits\n',
        ],
        validation: [],
        configuration: "",
      },
    },
    status: 200,
    response: {
      status: "success",
      message: "Plan 'notes_plan' saved successfully",
      planId: "5e2d…",
      yamlSources: { current: true },
    },
    note: "rowforge: the web UI also sends `yamlSources`, the YAML texts the plan was edited as (comments, order, quoting); they are kept with the plan (secrets masked) and deleted with it. `yamlSources.current` says whether they describe the plan as saved.",
  },
  {
    method: "GET",
    route: "/plan/{planName}/yaml-sources",
    url: "/plan/notes_plan/yaml-sources",
    status: 200,
    response: {
      planName: "notes_plan",
      origin: "saved",
      sources: {
        plan: "# kept as written\nname: notes_plan\n…",
        tasks: ["name: notes\n…"],
        validation: [],
        configuration: "",
      },
      savedAt: "2026-11-25T10:00:00.000Z",
      current: true,
    },
    note: "rowforge: the texts the web UI saved, secrets masked; `current` is false (with `difference`) once the plan was saved since without them, e.g. by another API client. 404 for a plan saved without texts. For a name with no saved plan, a YAML plan of the plan folder answers `origin: \"folder\"`: its plan file, the task and validation files it names (found as a run finds them), `files` (each text's file, relative to its folder), `planKind` and `problems` (the loader's code, message, file, line, column); a task file that does not parse is served as written with its syntax error. application.conf is never served.",
  },
  {
    method: "GET",
    route: "/plan/{planName}/yaml-sources",
    url: "/plan/shop_plan/yaml-sources",
    status: 200,
    response: {
      planName: "shop_plan",
      origin: "folder",
      sources: {
        plan: "name: shop_plan\ntasks:\n  - {name: accounts_task, dataSourceName: files}\n",
        tasks: ["name: accounts_task\nsteps:\n  …"],
        validation: [],
        configuration: "",
      },
      current: true,
      files: { plan: "plan.yaml", tasks: ["accounts.yaml"], validation: [] },
      planKind: "plan",
      problems: [],
    },
    note: "rowforge: a YAML plan of the plan folder (no saved plan of that name): its files as written, secrets masked, read-only; the web UI opens them in the editor and saving stores a saved copy, which runs by this name then use.",
  },
  {
    method: "GET",
    route: "/plan/{planName}",
    url: "/plan/people_plan",
    status: 200,
    response: { id: "0b6a…", ...PEOPLE_PLAN },
    note: "the saved PlanRunRequest with its id; secret-looking option values come back as ***",
  },
  {
    method: "GET",
    route: "/plans",
    url: "/plans?limit=10",
    status: 200,
    response: [{ id: "0b6a…", plan: { name: "people_plan", description: "people as CSV" } }],
    note: "saved plans and the YAML plans of the plan folder; paged with limit and offset (X-Total-Count, Link)",
  },
  {
    method: "POST",
    route: "/sample/schema",
    url: "/sample/schema",
    body: { fields: FIELDS, format: "json", sampleSize: 2 },
    status: 200,
    response: '{"id":"ACC104233","balance":412.5}\n{"id":"ACC930041","balance":87.12}\n',
    pattern: '^(\\{"id":"ACC\\d{6}","balance":[\\d.]+\\}\\n){2}$',
    note: "with `format` the answer is raw data in that format; without it, the SampleResponse envelope",
  },
  {
    method: "POST",
    route: "/sample/task-yaml",
    url: "/sample/task-yaml?sampleSize=2",
    contentType: "application/yaml",
    body: 'name: quick\nsteps:\n  - name: codes\n    type: json\n    fields:\n      - {name: code, options: {regex: "[A-Z]{3}"}}\n',
    status: 200,
    response: {
      success: true,
      executionId: "51c0e2aa",
      samples: { codes: [{ code: "QZT" }, { code: "MBA" }] },
      metadata: {
        sampleSize: 2,
        actualRecords: 2,
        generatedInMs: 2,
        fastModeEnabled: false,
        relationshipsEnabled: false,
      },
    },
  },
  {
    method: "POST",
    route: "/sample/task-file",
    url: "/sample/task-file",
    body: { taskYamlPath: "{taskFolder}/accounts.yaml", sampleSize: 1 },
    status: 200,
    response: {
      success: true,
      executionId: "e8d1f7a2",
      schema: { fields: [{ name: "account_id", type: "string", nullable: true }] },
      sampleData: [{ account_id: "ACC00419321" }],
      format: "json",
      metadata: { sampleSize: 1, actualRecords: 1, generatedInMs: 2, fastModeEnabled: false },
    },
  },
  {
    method: "GET",
    route: "/sample/plans/{planName}",
    url: "/sample/plans/people_plan?sampleSize=1",
    status: 200,
    response: MULTI,
  },
  {
    method: "GET",
    route: "/sample/plans/{planName}/tasks/{taskName}",
    url: "/sample/plans/people_plan/tasks/people?sampleSize=1",
    status: 200,
    response: MULTI,
  },
  {
    method: "GET",
    route: "/sample/plans/{planName}/tasks/{taskName}/steps/{stepName}",
    url: "/sample/plans/people_plan/tasks/people/steps/people?sampleSize=2",
    status: 200,
    response: "id,name,joined\nP04211,Ada,2026-11-20\nP88310,Lin,2026-11-02\n",
    pattern: "^id,name,joined\\n(P\\d{5},[^,]+,\\d{4}-\\d{2}-\\d{2}\\n){2}$",
    note: "raw data in the step's format (here CSV, with its header)",
  },
  {
    method: "GET",
    route: "/sample/tasks/{taskName}",
    url: "/sample/tasks/accounts_task?sampleSize=1",
    status: 200,
    response: {
      success: true,
      executionId: "77a0c1d2",
      samples: { accounts: [{ account_id: "ACC00419321" }] },
      metadata: {
        sampleSize: 1,
        actualRecords: 1,
        generatedInMs: 2,
        fastModeEnabled: false,
        relationshipsEnabled: false,
      },
    },
  },
  {
    method: "GET",
    route: "/sample/steps/{stepName}",
    url: "/sample/steps/accounts?sampleSize=1",
    status: 200,
    response: '{"account_id":"ACC00419321"}\n',
    pattern: '^\\{"account_id":"ACC\\d{8}"[^\\n]*\\}\\n$',
  },
  {
    method: "POST",
    route: "/run",
    url: "/run",
    body: PEOPLE_PLAN,
    status: 200,
    response: RUN_ANSWER,
    capturesExecutionId: true,
    note: "answers at once; the run is queued and runs in the background",
  },
  {
    method: "GET",
    route: "/run/status/{id}",
    url: "/run/status/{executionId}",
    status: 200,
    response: STATUS,
  },
  {
    method: "GET",
    route: "/run/executions/{id}",
    url: "/run/executions/{executionId}",
    status: 200,
    response: STATUS,
  },
  {
    method: "GET",
    route: "/run/history",
    url: "/run/history?limit=5",
    status: 200,
    response: [
      {
        id: "4c1d2f0e-…",
        status: "success",
        failedReason: null,
        runBy: "api",
        updatedBy: "api",
        createdTs: "2026-11-25T10:00:00.000Z",
        updatedTs: "2026-11-25T10:00:00.120Z",
        generationSummary: [],
        validationSummary: [],
        reportLink: "/report/4c1d2f0e-…/index.html",
        timeTaken: "0.05s",
      },
    ],
    note: "newest first; paged with limit and offset",
  },
  {
    method: "GET",
    route: "/report/{runId}/{resource}",
    url: "/report/{executionId}/index.html",
    status: 200,
    response: "<!doctype html>…",
    pattern: "^<!doctype html>",
  },
  {
    method: "POST",
    route: "/run/cancel/{id}",
    url: "/run/cancel/{executionId}",
    status: 409,
    response: {
      status: "error",
      message: "Execution '4c1d2f0e-…' has already ended (success); there is nothing to cancel",
      details: "ExecutionFinished",
    },
    note: "cancels a queued or running run; a run that has ended answers 409",
  },
  {
    method: "GET",
    route: "/run/events/{id}",
    url: "/run/events/{executionId}",
    status: 200,
    response:
      'event: status\ndata: {"id":"4c1d2f0e-…","planName":"people_plan","mode":"generate","status":"success","failedReason":null,"elapsedSeconds":0,"steps":[{"name":"people","done":100,"total":100,"status":"done","rowsPerSecond":52000,"etaSeconds":0,"elapsedSeconds":0.002}]}\n\nevent: end\ndata: {"id":"4c1d2f0e-…","status":"success",…,"planName":"people_plan","mode":"generate"}\n\n',
    pattern: '^event: status\ndata: \\{.*\\}\n\nevent: end\ndata: \\{.*"status":"success".*\\}\n\n$',
    note: "server-sent events: while the run is queued or running, status on each change and progress (per step done/total, rowsPerSecond, etaSeconds, delivery for message and HTTP steps) up to 4 times a second, then end with the final record; a run that has ended answers its status and end at once",
  },
  {
    method: "POST",
    route: "/run/plans/{planName}",
    url: "/run/plans/people_plan",
    status: 200,
    response: "Plan 'people_plan' started in generate mode with execution id 5e0b…",
    pattern: "^Plan 'people_plan' started in generate mode with execution id [0-9a-f-]{36}$",
    capturesExecutionId: true,
  },
  {
    method: "POST",
    route: "/run/plans/{planName}/tasks/{taskName}",
    url: "/run/plans/people_plan/tasks/people",
    status: 200,
    response: "Task 'people' in plan 'people_plan' started in generate mode with execution id 6f1c…",
    pattern: "people.*started in generate mode with execution id [0-9a-f-]{36}$",
    capturesExecutionId: true,
  },
  {
    method: "POST",
    route: "/run/plans/{planName}/tasks/{taskName}/steps/{stepName}",
    url: "/run/plans/people_plan/tasks/people/steps/people?mode=generate",
    status: 200,
    response:
      "Step 'people' in task 'people' of plan 'people_plan' started in generate mode with execution id 70a2…",
    pattern: "people.*started in generate mode with execution id [0-9a-f-]{36}$",
    capturesExecutionId: true,
  },
  {
    method: "POST",
    route: "/run/delete-data",
    url: "/run/delete-data",
    body: PEOPLE_PLAN,
    status: 200,
    response: { ...RUN_ANSWER, message: "Plan 'people_plan' started in delete mode with execution id 81b3…" },
    capturesExecutionId: true,
    note: "removes what the plan's earlier runs wrote, and only that",
  },
  {
    method: "DELETE",
    route: "/plan/{planName}",
    url: "/plan/people_plan",
    status: 200,
    response: {
      status: "success",
      message: "Plan 'people_plan' removed successfully",
      planName: "people_plan",
    },
  },
  {
    method: "DELETE",
    route: "/connection/{connectionName}",
    url: "/connection/my_files",
    status: 200,
    response: {
      status: "success",
      message: "Connection 'my_files' removed successfully",
      connectionName: "my_files",
    },
  },
  {
    method: "POST",
    route: "/shutdown",
    url: "/shutdown",
    status: 200,
    response: { status: "success", message: "rowforge is shutting down" },
    note: "a running run may finish within the grace period (--grace)",
  },
];
