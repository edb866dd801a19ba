import type { Column } from "../../components/table.tsx";
import type { ExecutionRecord } from "../../lib/api.ts";
import { href } from "../../lib/router.ts";
import { StatusBadge } from "./status-badge.tsx";

/** The columns every list of runs starts with: the plan (a link to the run), its mode and status. */
export const RUN_COLUMNS: readonly Column<ExecutionRecord>[] = [
  { header: "Plan", cell: (r) => <a href={href(["runs", r.id])}>{r.planName ?? r.id}</a> },
  { header: "Mode", cell: (r) => r.mode ?? "" },
  { header: "Status", cell: (r) => <StatusBadge status={r.status} reason={r.failedReason} /> },
];
