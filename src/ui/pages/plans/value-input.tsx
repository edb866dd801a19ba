import { useEffect, useRef, useState } from "preact/hooks";
import { textOfValue, valueOfText } from "./value-text.ts";

/** The attributes a form passes on (its label and its error's wiring). */
interface InputAttributes {
  readonly id?: string;
  readonly "aria-label"?: string;
  readonly "aria-invalid"?: "true" | undefined;
  readonly "aria-describedby"?: string;
  readonly list?: string;
}

/**
 * A text box for a YAML value: what is typed stays as typed while the box has focus (so `1.`
 * on the way to `1.5`, or `{ratio: 2}`, is not rewritten under the cursor), and each keystroke
 * sends the value as YAML reads it. When the value changes from elsewhere (the YAML view, an
 * undo) the box shows it.
 */
export function ValueInput({
  value,
  onValue,
  raw = false,
  format,
  parse,
  ...rest
}: InputAttributes & {
  value: unknown;
  onValue: (value: unknown, text: string) => void;
  /** Send the text as it is (names), not read as YAML. */
  raw?: boolean;
  /** How the value is shown and read back, when not as YAML (a list of names as `a, b`). */
  format?: (value: unknown) => string;
  parse?: (text: string) => unknown;
}) {
  const show = format ?? textOfValue;
  const [draft, setDraft] = useState(show(value));
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (document.activeElement !== box.current) setDraft(show(value));
  }, [value]);
  return (
    <input
      {...rest}
      type="text"
      ref={box}
      value={draft}
      onInput={(e) => {
        const text = (e.currentTarget as HTMLInputElement).value;
        setDraft(text);
        onValue(parse ? parse(text) : raw ? text : valueOfText(text), text);
      }}
      onBlur={() => setDraft(show(value))}
    />
  );
}

/** A list of names as a box shows it (`a, b`) and reads it back (empty names left out). */
export const NAME_LIST = {
  format: (v: unknown): string => (Array.isArray(v) ? v.join(", ") : ""),
  parse: (text: string): string[] =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
};
