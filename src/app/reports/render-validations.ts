import type { ValidationResult } from "../../quality/index.ts";
import { groupDigits } from "../../util/group-digits.ts";
import { escapeXml as e } from "./escape.ts";

/** The report's Validations section: one row per validation with its counts, threshold, sample and note. */
export function renderValidations(results: readonly ValidationResult[] | undefined): string {
  if (!results || results.length === 0) return "";
  const passed = results.filter((r) => r.success).length;
  const rows = results
    .map(
      (
        r,
      ) => `<tr class="${r.success ? "ok" : "failed"}"><td>${r.success ? "✅" : "❌"}</td><td>${e(r.name)}</td><td>${e(r.dataSource)}</td><td>${e(r.kind)}</td><td>${e(r.description)}</td>
<td class="num">${groupDigits(r.records)} ${e(r.unit)}</td><td class="num">${groupDigits(r.failed)}</td><td class="num">${r.errorThreshold ?? ""}</td><td class="num">${r.seconds.toFixed(2)}</td>
<td>${r.error ? `${e(r.error.code)}: ${e(r.error.message)}` : ""}${r.note ? e(r.note) : ""}${r.sample.length > 0 ? `<pre>${e(r.sample.map((s) => JSON.stringify(s)).join("\n"))}</pre>` : ""}</td></tr>`,
    )
    .join("\n");
  return `<section><h2>Validations</h2>
<p>${passed} of ${results.length} passed.</p>
<table><thead><tr><th></th><th>Validation</th><th>Data source</th><th>Kind</th><th>Check</th><th>Checked</th><th>Failing</th><th>Error threshold</th><th>Seconds</th><th>Details and failing records</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>
`;
}
