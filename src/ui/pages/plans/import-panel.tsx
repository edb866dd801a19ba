import { useId, useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";
import { toast } from "../../components/toast.tsx";
import { classifyYaml, ImportError, type ImportResult, importYaml } from "./plan-import.ts";
import { fileData, type PlanWorkspace } from "./plan-workspace.ts";

const kindOf = (text: string) => classifyYaml(fileData(text));

/** Import Data Caterer YAML (plan, task, validation, unified; several documents) by paste or upload. */
export function ImportPanel({
  ws,
  onImport,
}: {
  ws: PlanWorkspace;
  onImport: (result: ImportResult) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const run = async (yaml: string) => {
    try {
      const result = importYaml(ws, yaml);
      await onImport(result);
      setError(undefined);
      setText("");
      toast(`Imported ${result.notes.join("; ")}`, "success");
    } catch (e) {
      setError(e instanceof ImportError || e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <details class="import-panel">
      <summary>Import YAML</summary>
      <div class="field">
        <label for={`${id}-text`}>Paste a Data Caterer plan, task, validation or unified YAML file</label>
        <textarea
          id={`${id}-text`}
          rows={8}
          value={text}
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        />
      </div>
      <div class="field">
        <label for={`${id}-file`}>Or upload YAML files</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".yaml,.yml,text/yaml"
          multiple
          onChange={async (e) => {
            const files = [...((e.currentTarget as HTMLInputElement).files ?? [])];
            const texts = await Promise.all(files.map((f) => f.text()));
            // Plans first, so the task files find their entries in the plan, whatever the order picked.
            const first = (t: string) => (["plan", "unified"].includes(kindOf(t) ?? "") ? 0 : 1);
            const ordered = [...texts].sort((a, b) => first(a) - first(b));
            await run(ordered.map((t) => (t.endsWith("\n") ? t : `${t}\n`)).join("---\n"));
          }}
        />
      </div>
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <Button kind="primary" disabled={text.trim() === ""} onClick={() => void run(text)}>
        Import
      </Button>
    </details>
  );
}
