import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";

export interface FieldProps {
  readonly label: string;
  /** A problem with the value, shown under it and tied to it for screen readers. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  /** Renders the control with the ids it must carry (id, aria-describedby, aria-invalid). */
  readonly children: (a: {
    id: string;
    "aria-describedby"?: string;
    "aria-invalid"?: "true";
  }) => ComponentChildren;
}

/** A labelled form control with its hint and its error message. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div class={`field${error ? " field-invalid" : ""}`}>
      <label for={id}>{label}</label>
      {children({
        id,
        ...(described ? { "aria-describedby": described } : {}),
        ...(error ? { "aria-invalid": "true" as const } : {}),
      })}
      {hint && (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} class="error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onInput: (value: string) => void;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly type?: "text" | "password" | "number" | "search";
  readonly name?: string;
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly autoComplete?: string;
  /** The id of a datalist of suggestions. */
  readonly list?: string;
}

/** A labelled text input. */
export function TextField(p: TextFieldProps) {
  return (
    <Field label={p.label} error={p.error} hint={p.hint}>
      {(a) => (
        <input
          {...a}
          name={p.name}
          // preact types each input type apart; the value is one of TextFieldProps["type"].
          type={(p.type ?? "text") as "text"}
          value={p.value}
          required={p.required}
          placeholder={p.placeholder}
          autocomplete={p.autoComplete ?? "off"}
          list={p.list}
          onInput={(e) => p.onInput((e.currentTarget as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}

export interface SelectFieldProps {
  readonly label: string;
  readonly value: string;
  readonly options: readonly (string | { value: string; label: string })[];
  readonly onChange: (value: string) => void;
  readonly name?: string;
  readonly error?: string | undefined;
}

/** A labelled select. */
export function SelectField(p: SelectFieldProps) {
  return (
    <Field label={p.label} error={p.error}>
      {(a) => (
        <select
          {...a}
          name={p.name}
          value={p.value}
          onChange={(e) => p.onChange((e.currentTarget as HTMLSelectElement).value)}
        >
          {p.options.map((o) =>
            typeof o === "string" ? (
              <option value={o}>{o === "" ? "(any)" : o}</option>
            ) : (
              <option value={o.value}>{o.label}</option>
            ),
          )}
        </select>
      )}
    </Field>
  );
}

/** Children laid out as a row of fields that wraps on narrow windows. */
export function FieldRow({ children }: { children: ComponentChildren }) {
  return <div class="field-row">{children}</div>;
}
