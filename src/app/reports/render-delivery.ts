import type { DeliveryReport } from "../../model/delivery-report.ts";
import type { StepReport } from "../../model/step-report.ts";
import { groupDigits } from "../../util/group-digits.ts";
import { escapeXml as e } from "./escape.ts";
import { DELIVERY_CHART_CSS } from "./report-styles.ts";

const W = 640;
const H = 200;
const PAD = { left: 56, right: 12, top: 24, bottom: 28 };

interface Series {
  readonly name: string;
  readonly cls: string;
  readonly points: readonly (readonly [number, number])[];
}

/** A line chart of per-second series as inline SVG (no scripts, no external resources). */
function lineChart(title: string, unit: string, series: readonly Series[], seconds: number): string {
  const maxY = Math.max(1e-9, ...series.flatMap((s) => s.points.map((p) => p[1])));
  const maxX = Math.max(1, seconds);
  const x = (t: number) => PAD.left + (t / maxX) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / maxY) * (H - PAD.top - PAD.bottom);
  const lines = series
    .filter((s) => s.points.length > 0)
    .map(
      (s) =>
        `<polyline class="${s.cls}" fill="none" points="${s.points.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}"/>`,
    )
    .join("");
  const legend = series
    .map(
      (s, i) =>
        `<text x="${PAD.left + 8 + i * 110}" y="${PAD.top - 8}" class="${s.cls}-label">${e(s.name)}</text>`,
    )
    .join("");
  const ticks = [0, 0.5, 1]
    .map(
      (f) =>
        `<text x="${PAD.left - 6}" y="${y(maxY * f) + 4}" text-anchor="end">${groupDigits(Math.round(maxY * f * 100) / 100)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${e(title)}">
<style>${DELIVERY_CHART_CSS}</style>
<text x="${W / 2}" y="12" text-anchor="middle" font-weight="bold">${e(title)} (${e(unit)})</text>${legend}${ticks}
<line x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}" stroke="#cbd2d9"/>
<text x="${W - PAD.right}" y="${H - 8}" text-anchor="end">${groupDigits(Math.round(maxX))} s</text><text x="${PAD.left}" y="${H - 8}">0 s</text>
${lines}
</svg>`;
}

const fixed = (v: number | undefined, digits = 2) => (v === undefined ? "–" : v.toFixed(digits));

function deliveryTable(d: DeliveryReport): string {
  const l = d.latencyMs;
  const cells: [string, string][] = [
    ["Sent", groupDigits(d.sent)],
    ["Acknowledged", groupDigits(d.acknowledged)],
    ["Failed", `${groupDigits(d.failed)} (${(d.errorRate * 100).toFixed(2)}%)`],
    ["Achieved rate", `${groupDigits(Math.round(d.achievedRate))}/s over ${d.seconds.toFixed(2)} s`],
    ...(d.schedule
      ? ([
          [
            "Schedule",
            `${e(d.schedule.kind)}: ${d.schedule.seconds.toFixed(1)} s, mean ${groupDigits(Math.round(d.schedule.meanRate))}/s, peak ${groupDigits(Math.round(d.schedule.peakRate))}/s`,
          ],
        ] as [string, string][])
      : []),
    ...(d.behindSeconds
      ? ([["Behind schedule", `${d.behindSeconds.toFixed(2)} s at most`]] as [string, string][])
      : []),
    [
      "Latency ms p50 / p75 / p90 / p95 / p99 / max",
      l ? [l.p50, l.p75, l.p90, l.p95, l.p99, l.max].map((v) => fixed(v)).join(" / ") : "–",
    ],
    ...(d.responses
      ? ([
          [
            "Responses",
            Object.entries(d.responses)
              .map(([k, v]) => `${e(k)}: ${groupDigits(v)}`)
              .join(", "),
          ],
        ] as [string, string][])
      : []),
    ...(d.errors.length > 0
      ? ([["Errors", d.errors.map((x) => `${groupDigits(x.count)} × ${e(x.message)}`).join("<br>")]] as [
          string,
          string,
        ][])
      : []),
  ];
  return `<table class="delivery">${cells.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")}</table>`;
}

/** A message or HTTP step's deliveries: the counts and latencies, and rate and latency over time. */
function renderStep(s: StepReport, d: DeliveryReport): string {
  const seconds = Math.max(1, d.perSecond.length);
  const at = (k: number) => k + 0.5;
  const rate = lineChart(
    `${s.name}: messages per second`,
    "per second",
    [
      ...(d.schedule
        ? [
            {
              name: "target",
              cls: "target",
              points: d.perSecond.map((p) => [at(p.second), p.target ?? 0] as const),
            },
          ]
        : []),
      {
        name: "acknowledged",
        cls: "acked",
        points: d.perSecond.map((p) => [at(p.second), p.acknowledged] as const),
      },
      { name: "failed", cls: "failed", points: d.perSecond.map((p) => [at(p.second), p.failed] as const) },
    ],
    seconds,
  );
  const withLatency = d.perSecond.filter((p) => p.latencyMs !== undefined);
  const latency = lineChart(
    `${s.name}: latency`,
    "ms",
    [
      { name: "p50", cls: "p50", points: withLatency.map((p) => [at(p.second), p.latencyMs!.p50] as const) },
      { name: "p99", cls: "p99", points: withLatency.map((p) => [at(p.second), p.latencyMs!.p99] as const) },
      { name: "max", cls: "max", points: withLatency.map((p) => [at(p.second), p.latencyMs!.max] as const) },
    ],
    seconds,
  );
  return `<h3>${e(s.name)} <small>(${e(s.format)})</small></h3>\n${deliveryTable(d)}\n<div class="charts">${rate}\n${latency}</div>`;
}

/** The report's deliveries section, empty when no step sent messages. */
export function renderDeliveries(steps: readonly StepReport[]): string {
  const parts = steps.flatMap((s) => (s.delivery ? [renderStep(s, s.delivery)] : []));
  return parts.length === 0 ? "" : `<section><h2>Deliveries</h2>\n${parts.join("\n")}\n</section>`;
}
