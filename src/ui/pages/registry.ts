import { ConnectionsPage } from "./connections/connections-page.tsx";
import { HistoryPage } from "./history/history-page.tsx";
import type { PageDef } from "./page.ts";
import { PlanEditorPage } from "./plans/plan-editor-page.tsx";
import { PlansPage } from "./plans/plans-page.tsx";
import { RunPage } from "./runs/run-page.tsx";
import { RunsPage } from "./runs/runs-page.tsx";

/**
 * The UI's pages, one line each, in nav order; the first match of the hash path wins. A new page
 * is a component in its feature folder (pages/<feature>/) and one line here.
 */
export const PAGES: readonly PageDef[] = [
  { path: "/plans", title: "Plans", nav: "Plans", component: PlansPage },
  { path: "/plans/:name", title: "Plan", component: PlanEditorPage },
  { path: "/connections", title: "Connections", nav: "Connections", component: ConnectionsPage },
  { path: "/runs", title: "Runs", nav: "Runs", component: RunsPage },
  { path: "/runs/:id", title: "Run", component: RunPage },
  { path: "/history", title: "History", nav: "History", component: HistoryPage },
];

/** Where `#/` (and an unknown path's "home" link) goes. */
export const HOME = "/plans";
