import type { StepReport } from "../../model/step-report.ts";
import { groupDigits } from "../../util/group-digits.ts";
import { escapeXml } from "./escape.ts";
import { CHART_CSS } from "./report-styles.ts";

/** A bar chart of records and rows/s per step, as SVG (no scripts, no external resources). */
export function renderChart(steps: readonly StepReport[]): string {
  const rowH = 28;
  const labelW = 180;
  const barW = 260;
  const gap = 80;
  const height = 50 + Math.max(steps.length, 1) * rowH;
  const width = labelW + 2 * barW + gap + 40;
  const maxRecords = Math.max(1, ...steps.map((s) => s.records));
  const maxRate = Math.max(1, ...steps.map((s) => s.rowsPerSecond));
  const bars = steps
    .map((s, i) => {
      const y = 40 + i * rowH;
      const r = Math.round((s.records / maxRecords) * barW);
      const t = Math.round((s.rowsPerSecond / maxRate) * barW);
      const x2 = labelW + barW + gap;
      return [
        `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" class="label">${escapeXml(s.name)}</text>`,
        `<rect x="${labelW}" y="${y}" width="${Math.max(r, 1)}" height="20" class="records"/>`,
        `<text x="${labelW + Math.max(r, 1) + 4}" y="${y + 15}" class="value">${groupDigits(s.records)}</text>`,
        `<rect x="${x2}" y="${y}" width="${Math.max(t, 1)}" height="20" class="rate"/>`,
        `<text x="${x2 + Math.max(t, 1) + 4}" y="${y + 15}" class="value">${groupDigits(Math.round(s.rowsPerSecond))}/s</text>`,
      ].join("");
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="records and throughput per step">
<style>${CHART_CSS}</style>
<text x="${labelW}" y="22" class="title">records</text><text x="${labelW + barW + gap}" y="22" class="title">rows per second</text>
${bars}
</svg>
`;
}
