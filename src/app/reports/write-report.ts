import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { maskDeep } from "../catalog/secrets.ts";
import { renderChart } from "./render-chart.ts";
import { renderHtml } from "./render-html.ts";
import type { ReportData } from "./report-data.ts";
import { MAIN_CSS } from "./report-styles.ts";

/** Writes a run's report (index.html, results.json, chart.svg, main.css) into `<root>/<runId>/`. */
export async function writeReport(root: string, data: ReportData): Promise<string> {
  const dir = join(root, data.runId);
  // Reports are the owner's only: folders 0700 (the root too when rowforge creates it), files 0600.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  // Everything shown is masked: the configuration, and any error or reason that quotes a connection.
  const safe = maskDeep(data) as ReportData;
  const file = { mode: 0o600 } as const;
  await Promise.all([
    writeFile(join(dir, "index.html"), renderHtml(safe), file),
    writeFile(join(dir, "results.json"), `${JSON.stringify(safe, null, 2)}\n`, file),
    writeFile(join(dir, "chart.svg"), renderChart(safe.steps), file),
    writeFile(join(dir, "main.css"), MAIN_CSS, file),
  ]);
  return dir;
}
