import { groupDigits } from "../../util/group-digits.ts";
import { escapeXml as e } from "./escape.ts";
import { renderChart } from "./render-chart.ts";
import { renderDeliveries } from "./render-delivery.ts";
import { renderValidations } from "./render-validations.ts";
import type { ReportData } from "./report-data.ts";
import { REPORT_POLICY } from "./report-policy.ts";
import { MAIN_CSS } from "./report-styles.ts";

const n = (x: number) => groupDigits(x);

/**
 * The report's index.html: overview, per-step table, chart, configuration (secrets masked). It
 * stands alone (its style and chart inside it), so it shows the same wherever it is opened.
 */
export function renderHtml(r: ReportData): string {
  const total = r.steps.reduce((s, x) => s + x.records, 0);
  const rows = r.steps
    .map(
      (
        s,
      ) => `<tr class="${s.success ? "ok" : "failed"}"><td>${e(s.name)}</td><td>${e(s.task)}</td><td>${e(s.dataSource)}</td><td>${e(s.format)}</td>
<td class="num">${n(s.records)}</td><td class="num">${s.seconds.toFixed(2)}</td><td class="num">${n(Math.round(s.rowsPerSecond))}</td>
<td>${s.skipped ? `skipped: ${e(s.skipped)}` : s.error ? `failed: ${e(s.error)}` : s.outputs.map((o) => e(o)).join("<br>")}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rowforge run ${e(r.planName)} — ${e(r.status)}</title>
<style>${MAIN_CSS}</style>
</head>
<body>
<header><h1>${e(r.planName)}</h1><p>${e(r.planDescription)}</p>
<p class="status ${e(r.status)}">${e(r.status)}${r.failedReason ? `: ${e(r.failedReason)}` : ""}</p></header>
<section class="overview">
<dl>
<dt>Run</dt><dd><code>${e(r.runId)}</code></dd>
<dt>Mode</dt><dd>${e(r.mode)}</dd>
<dt>Started</dt><dd>${e(r.createdTs)}</dd>
<dt>Finished</dt><dd>${e(r.finishedTs)}</dd>
<dt>Time taken</dt><dd>${e(r.timeTaken)}</dd>
<dt>Records</dt><dd>${n(total)}</dd>
<dt>Seed</dt><dd><code>${e(r.seed)}</code> (generator version ${r.generatorVersion})</dd>
${r.now ? `<dt>Reference time</dt><dd><code>${e(r.now)}</code> (repeat with <code>--seed ${e(r.seed)} --now ${e(r.now)}</code>)</dd>` : ""}
</dl>
</section>
<section><h2>Steps</h2>
<table><thead><tr><th>Step</th><th>Task</th><th>Data source</th><th>Format</th><th>Records</th><th>Seconds</th><th>Rows/s</th><th>Output</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<img src="data:image/svg+xml;base64,${Buffer.from(renderChart(r.steps)).toString("base64")}" alt="records and rows per second per step">
</section>
${renderDeliveries(r.steps)}
${renderValidations(r.validations)}<section><h2>Configuration</h2><pre>${e(JSON.stringify(r.configuration, null, 2))}</pre>
<p><a href="results.json">results.json</a></p></section>
</body>
</html>
`;
}
