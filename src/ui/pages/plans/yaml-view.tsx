import { useEffect, useRef, useState } from "preact/hooks";
import type { LocatedProblem } from "./step-problems.ts";
import { type YamlProblem, yamlProblems } from "./yaml-locate.ts";

export interface YamlViewProps {
  readonly label: string;
  readonly text: string;
  readonly onChange: (text: string) => void;
  /** Problems of the sample, placed on their lines. */
  readonly problems: readonly LocatedProblem[];
}

/**
 * One workspace text as editable YAML with line numbers; syntax errors and the sample's problems
 * are listed with their line:column, and a click on one moves the cursor there.
 */
export function YamlView({ label, text, onChange, problems }: YamlViewProps) {
  const [draft, setDraft] = useState(text);
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLPreElement>(null);
  useEffect(() => {
    // A form edit or another file replaces the text; typing here keeps the draft.
    if (document.activeElement !== area.current) setDraft(text);
  }, [text]);
  const syntax: YamlProblem[] = yamlProblems(draft);
  const lines = draft.split("\n").length;
  const goTo = (line: number, column = 1) => {
    const el = area.current;
    if (!el) return;
    const offset =
      draft
        .split("\n")
        .slice(0, line - 1)
        .reduce((n, l) => n + l.length + 1, 0) +
      column -
      1;
    el.focus();
    el.setSelectionRange(offset, offset);
  };
  const located = [
    ...syntax.map((p) => ({ line: p.line, column: p.column, message: p.message })),
    ...problems
      .filter((p) => p.line !== undefined)
      .map((p) => ({ line: p.line!, column: p.column ?? 1, message: p.message })),
  ];
  return (
    <div class="yaml-view">
      <div class="yaml-editor">
        <pre class="yaml-gutter" aria-hidden="true" ref={gutter}>
          {Array.from({ length: lines }, (_, i) => `${i + 1}`).join("\n")}
        </pre>
        <textarea
          ref={area}
          aria-label={label}
          spellcheck={false}
          value={draft}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = (e.currentTarget as HTMLTextAreaElement).scrollTop;
          }}
          onInput={(e) => {
            const v = (e.currentTarget as HTMLTextAreaElement).value;
            setDraft(v);
            if (yamlProblems(v).length === 0) onChange(v);
          }}
        />
      </div>
      {located.length > 0 && (
        <ul class="yaml-problems" aria-label="YAML problems">
          {located.map((p) => (
            <li key={`${p.line}:${p.column}:${p.message}`}>
              <button type="button" class="btn-link" onClick={() => goTo(p.line, p.column)}>
                {p.line}:{p.column}
              </button>{" "}
              <span class="error-text">{p.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
