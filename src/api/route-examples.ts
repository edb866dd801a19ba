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

import { PEOPLE_PLAN, type RouteExample } from "./route-example.ts";
import { STORE_ROUTE_EXAMPLES } from "./store-route-examples.ts";

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
  ...STORE_ROUTE_EXAMPLES,
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
