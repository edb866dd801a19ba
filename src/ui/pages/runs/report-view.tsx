import { Button } from "../../components/button.tsx";
import { ErrorBox } from "../../components/error-box.tsx";
import { toast } from "../../components/toast.tsx";
import { useAsync } from "../../components/use-async.ts";
import { api, type ExecutionRecord } from "../../lib/api.ts";
import { download } from "../plans/download.ts";

/**
 * The run's HTML report inside the UI. Its text is fetched like every API answer (with the
 * server's token, which a frame's own request could not send) and shown in a frame sandboxed
 * without exceptions: no scripts, an opaque origin, no forms, no popups. The report stands alone
 * (its style and chart inside it); its links to files beside it lead nowhere from here, so they
 * become text, and the buttons above open the report alone or save its results.json.
 */
export function ReportView({ record }: { record: ExecutionRecord }) {
  const report = useAsync(() => api.reportFile(record.id, "index.html").then(standalone), [record.id]);
  const openAlone = () => {
    if (report.data === undefined) return;
    const url = URL.createObjectURL(new Blob([report.data], { type: "text/html" }));
    window.open(url, "_blank", "noopener");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const saveResults = () =>
    api.reportFile(record.id, "results.json").then(
      (text) => download(`${record.id}-results.json`, text, "application/json"),
      (e: unknown) => toast(e instanceof Error ? e.message : String(e), "error"),
    );
  return (
    <div class="report">
      <ErrorBox error={report.error} title="The report cannot be shown" />
      <p class="report-actions">
        <Button onClick={openAlone} disabled={report.data === undefined}>
          Open the report in its own tab
        </Button>{" "}
        <Button onClick={saveResults}>Download results.json</Button>
      </p>
      {report.data !== undefined && (
        <iframe
          class="report-frame"
          title={`Report of run ${record.id}`}
          sandbox=""
          referrerpolicy="no-referrer"
          srcdoc={report.data}
        />
      )}
    </div>
  );
}

/** The report's text with its relative links (results.json beside it) made plain text. */
function standalone(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const a of doc.querySelectorAll("a[href]")) {
    if (!/^(#|https?:)/i.test(a.getAttribute("href") ?? "")) a.removeAttribute("href");
  }
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}
