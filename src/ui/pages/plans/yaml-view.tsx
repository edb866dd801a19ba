import { useEffect, useRef, useState } from "preact/hooks";
import type { LocatedProblem } from "./step-problems.ts";
import { type YamlProblem, yamlProblems } from "./yaml-locate.ts";

/** A place to move the cursor to; a new `seq` moves it again to the same place. */
export interface FocusRequest {
  readonly line: number;
  readonly column: number;
  readonly seq: number;
}

export interface YamlViewProps {
  readonly label: string;
  /** The file's last text that parsed (the workspace's). */
  readonly text: string;
  /** The text the user last typed when it does not parse (kept by the workspace across views and files). */
  readonly draft?: string | undefined;
  /** A text that parses: it becomes the file's text. */
  readonly onChange: (text: string) => void;
  /** The typed text while it does not parse, undefined once it parses again. */
  readonly onDraft: (text: string | undefined) => void;
  /** Problems of the sample, placed on their lines. */
  readonly problems: readonly LocatedProblem[];
  /** Moves the cursor there and scrolls it into sight (a refused save's syntax error). */
  readonly focusAt?: FocusRequest | undefined;
}

/**
 * One workspace text as editable YAML with line numbers; syntax errors and the sample's problems
 * are listed with their line:column, and a click on one moves the cursor there.
 */
export function YamlView({ label, text, draft, onChange, onDraft, problems, focusAt }: YamlViewProps) {
  const [typed, setTyped] = useState(draft ?? text);
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLPreElement>(null);
  useEffect(() => {
    // A form edit or another file replaces the text; typing here, or a text that does not parse yet, is kept.
    if (document.activeElement !== area.current && draft === undefined) setTyped(text);
  }, [text]);
  const syntax: YamlProblem[] = yamlProblems(typed);
  const lines = typed.split("\n").length;
  const goTo = (line: number, column = 1) => {
    const el = area.current;
    if (!el) return;
    const offset =
      el.value
        .split("\n")
        .slice(0, line - 1)
        .reduce((n, l) => n + l.length + 1, 0) +
      column -
      1;
    el.focus({ preventScroll: true });
    el.setSelectionRange(offset, offset);
    // The line a third of the way down the box, and the box in sight.
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.scrollTop = Math.max(0, (line - 1) * lineHeight - el.clientHeight / 3);
    if (gutter.current) gutter.current.scrollTop = el.scrollTop;
    el.scrollIntoView({ block: "nearest" });
  };
  useEffect(() => {
    if (focusAt) goTo(focusAt.line, focusAt.column);
  }, [focusAt?.seq]);
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
          aria-invalid={syntax.length > 0}
          spellcheck={false}
          value={typed}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = (e.currentTarget as HTMLTextAreaElement).scrollTop;
          }}
          onInput={(e) => {
            const v = (e.currentTarget as HTMLTextAreaElement).value;
            setTyped(v);
            if (yamlProblems(v).length === 0) {
              onDraft(undefined);
              onChange(v);
            } else onDraft(v);
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
