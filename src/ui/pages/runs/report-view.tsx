import type { ExecutionRecord } from "../../lib/api.ts";

/** The run's HTML report (GET /report/{id}/index.html) inside the UI, with a link to open it alone. */
export function ReportView({ record }: { record: ExecutionRecord }) {
  return (
    <div class="report">
      <p>
        <a href={record.reportLink} target="_blank" rel="noopener">
          Open the report in its own tab
        </a>
      </p>
      <iframe class="report-frame" title={`Report of run ${record.id}`} src={record.reportLink} />
    </div>
  );
}
