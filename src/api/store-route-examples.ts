import { PEOPLE_PLAN, type RouteExample } from "./route-example.ts";

/** The examples of the routes that keep connections and plans, as they run first against a fresh server. */
export const STORE_ROUTE_EXAMPLES: readonly RouteExample[] = [
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
];
