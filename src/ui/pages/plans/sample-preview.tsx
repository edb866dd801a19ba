import { useState } from "preact/hooks";
import { CellValue, CodeBlock } from "../../components/json-view.tsx";
import { cellOf, rowsAsCsv, rowsAsJson } from "./sample-text.ts";
import { TabList } from "./tab-list.tsx";
import type { PreviewState } from "./use-sample-preview.ts";

type Tab = "table" | "json" | "csv";

/** The current step's sample: a table (nested values open and close), or the raw JSON or CSV. */
export function SamplePreview({ preview, stepName }: { preview: PreviewState; stepName: string }) {
  const [tab, setTab] = useState<Tab>("table");
  const answer = preview.answer;
  const rows = answer?.ok ? answer.rows : [];
  const columns = answer?.ok ? answer.fields.map((f) => f.name) : [];
  return (
    <section
      class="sample-preview card"
      aria-label="Sample preview"
      aria-busy={preview.loading ? "true" : "false"}
    >
      <h2>
        Sample of {stepName}{" "}
        <small class="muted" data-testid="preview-status" data-version={preview.version}>
          {preview.loading
            ? "updating…"
            : preview.roundTripMs !== undefined
              ? `${rows.length} rows in ${preview.roundTripMs} ms`
              : ""}
        </small>
      </h2>
      <TabList<Tab>
        label="Sample views"
        tabs={[
          { id: "table", title: "Table" },
          { id: "json", title: "JSON" },
          { id: "csv", title: "CSV" },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {answer && !answer.ok && (
        <div class="error-box" role="alert">
          <p>{answer.message}</p>
        </div>
      )}
      {answer?.ok && tab === "table" && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Sample rows of {stepName}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c}>
                      <CellValue value={cellOf(r, c)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answer?.ok && tab === "json" && <CodeBlock text={rowsAsJson(rows)} label="Sample as JSON lines" />}
      {answer?.ok && tab === "csv" && <CodeBlock text={rowsAsCsv(rows, columns)} label="Sample as CSV" />}
    </section>
  );
}
