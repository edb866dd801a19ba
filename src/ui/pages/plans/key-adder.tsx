import { useState } from "preact/hooks";
import { Button } from "../../components/button.tsx";

export interface KeyAdderProps {
  /** The id of the datalist of names to offer. */
  readonly list: string;
  /** The input's accessible name. */
  readonly label: string;
  readonly placeholder: string;
  /** The button's text, and its accessible name when that should say more. */
  readonly button: string;
  readonly buttonLabel?: string;
  readonly onAdd: (key: string) => void;
}

/** A name to add (a key, an option): typed or picked from the datalist, added by Enter or the button. */
export function KeyAdder({ list, label, placeholder, button, buttonLabel, onAdd }: KeyAdderProps) {
  const [adding, setAdding] = useState("");
  const add = () => {
    const key = adding.trim();
    if (!key) return;
    onAdd(key);
    setAdding("");
  };
  return (
    <>
      <input
        list={list}
        aria-label={label}
        placeholder={placeholder}
        value={adding}
        onInput={(e) => setAdding((e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add();
          }
        }}
      />
      <Button onClick={add} aria-label={buttonLabel ?? button}>
        {button}
      </Button>
    </>
  );
}
