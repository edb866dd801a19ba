import { useState } from "preact/hooks";

const isContainer = (v: unknown): v is object => typeof v === "object" && v !== null;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span class="json-null">null</span>;
  if (typeof value === "string") return <span class="json-string">"{value}"</span>;
  if (typeof value === "number" || typeof value === "bigint")
    return <span class="json-number">{String(value)}</span>;
  if (typeof value === "boolean") return <span class="json-bool">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

function Node({ name, value, depth, open }: { name?: string; value: unknown; depth: number; open: number }) {
  const [expanded, setExpanded] = useState(depth < open);
  const label = name !== undefined ? <span class="json-key">{name}: </span> : null;
  if (!isContainer(value))
    return (
      <li>
        {label}
        <Scalar value={value} />
      </li>
    );
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <li>
      <button
        type="button"
        class="json-toggle"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? "▾" : "▸"} {label}
        <span class="json-summary">{summary}</span>
      </button>
      {expanded && (
        <ul class="json-children">
          {entries.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} open={open} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A JSON value as a tree whose nested objects and arrays open and close (by click or keyboard). */
export function JsonView({ value, open = 1, label }: { value: unknown; open?: number; label?: string }) {
  return (
    <ul class="json-view" aria-label={label ?? "JSON value"}>
      <Node value={value} depth={0} open={open} />
    </ul>
  );
}

/** A short inline rendering of a cell value; nested values open into a JsonView. */
export function CellValue({ value }: { value: unknown }) {
  if (!isContainer(value)) return <Scalar value={value} />;
  return <JsonView value={value} open={0} />;
}

/** Preformatted text (YAML, JSON, CSV) with a label for screen readers. */
export function CodeBlock({ text, label }: { text: string; label: string }) {
  return (
    <pre class="code" title={label}>
      <code>{text}</code>
    </pre>
  );
}
