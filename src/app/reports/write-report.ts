import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { maskDeep } from "../secrets.ts";
import { renderChart } from "./render-chart.ts";
import { MAIN_CSS, renderHtml } from "./render-html.ts";
import type { ReportData } from "./report-data.ts";

/** Writes a run's report (index.html, results.json, chart.svg, main.css) into `<root>/<runId>/`. */
export async function writeReport(root: string, data: ReportData): Promise<string> {
  const dir = join(root, data.runId);
  await mkdir(dir, { recursive: true });
  const safe: ReportData = { ...data, configuration: maskDeep(data.configuration) };
  await Promise.all([
    writeFile(join(dir, "index.html"), renderHtml(safe)),
    writeFile(join(dir, "results.json"), `${JSON.stringify(safe, null, 2)}\n`),
    writeFile(join(dir, "chart.svg"), renderChart(safe.steps)),
    writeFile(join(dir, "main.css"), MAIN_CSS),
  ]);
  return dir;
}
