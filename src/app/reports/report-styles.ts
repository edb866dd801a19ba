/**
 * The styles of a report: each is an inline <style> of a report document, allowed by its hash in
 * the report's Content-Security-Policy (report-policy.ts), so reports need no 'unsafe-inline'.
 */

/** index.html's style (also written as main.css). */
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

/** The records chart (chart.svg, also inside index.html). */
export const CHART_CSS =
  ".label,.value,.title{font:12px sans-serif;fill:#1f2933}.title{font-weight:bold}.records{fill:#3b82f6}.rate{fill:#10b981}";

/** The delivery charts of rate-driven steps. */
export const DELIVERY_CHART_CSS =
  "text{font:11px sans-serif;fill:#1f2933}.target{stroke:#9aa5b1;stroke-dasharray:4 3;stroke-width:1.5}.acked{stroke:#10b981;stroke-width:2}.failed{stroke:#dc2626;stroke-width:1.5}.p50{stroke:#3b82f6;stroke-width:2}.p99{stroke:#d97706;stroke-width:2}.max{stroke:#dc2626;stroke-width:1}.target-label{fill:#52606d}.acked-label{fill:#047857}.failed-label,.max-label{fill:#b91c1c}.p50-label{fill:#1d4ed8}.p99-label{fill:#b45309}";
