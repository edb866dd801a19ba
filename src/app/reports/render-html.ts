import { groupDigits } from "../../util/group-digits.ts";
import { escapeXml as e } from "./escape.ts";
import { renderDeliveries } from "./render-delivery.ts";
import { renderValidations } from "./render-validations.ts";
import type { ReportData } from "./report-data.ts";

const n = (x: number) => groupDigits(x);

/** The report's index.html: overview, per-step table, chart, configuration (secrets masked). */
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
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rowforge run ${e(r.planName)} — ${e(r.status)}</title>
<link rel="stylesheet" href="main.css">
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
<img src="chart.svg" alt="records and rows per second per step">
</section>
${renderDeliveries(r.steps)}
${renderValidations(r.validations)}<section><h2>Configuration</h2><pre>${e(JSON.stringify(r.configuration, null, 2))}</pre>
<p><a href="results.json">results.json</a></p></section>
</body>
</html>
`;
}

export const MAIN_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2933;background:#fbfcfd}
h1{margin-bottom:.2rem}header p{margin:.2rem 0;color:#52606d}
.status{display:inline-block;padding:.2rem .6rem;border-radius:.3rem;font-weight:600;color:#fff}
.status.success{background:#16a34a}.status.failed{background:#dc2626}.status.running,.status.queued{background:#d97706}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1.2rem}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%;margin:1rem 0;font-size:.92rem}th,td{border-bottom:1px solid #e4e7eb;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f0f4f8}td.num{text-align:right;font-variant-numeric:tabular-nums}tr.failed td{background:#fef2f2}
pre{background:#f0f4f8;padding:1rem;overflow:auto;border-radius:.3rem}img{max-width:100%}
table.delivery{width:auto}table.delivery th{width:18rem}.charts{display:flex;flex-wrap:wrap;gap:1rem}.charts svg{max-width:100%;height:auto;background:#fff;border:1px solid #e4e7eb}
`;
