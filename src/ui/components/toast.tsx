import { useEffect, useState } from "preact/hooks";

export interface ToastMessage {
  readonly id: number;
  readonly kind: "info" | "success" | "error";
  readonly text: string;
}

let next = 1;
let shown: ToastMessage[] = [];
const listeners = new Set<(list: ToastMessage[]) => void>();
const publish = () => {
  for (const l of listeners) l(shown);
};

/** Shows a short message in the corner (errors stay until dismissed, others for 5 s). */
export function toast(text: string, kind: ToastMessage["kind"] = "info"): void {
  const id = next++;
  shown = [...shown, { id, kind, text }];
  publish();
  if (kind !== "error") setTimeout(() => dismiss(id), 5000);
}

export function dismiss(id: number): void {
  shown = shown.filter((t) => t.id !== id);
  publish();
}

/** The toasts' live region: mount once, in the shell. */
export function Toasts() {
  const [list, setList] = useState(shown);
  useEffect(() => {
    listeners.add(setList);
    return () => {
      listeners.delete(setList);
    };
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} class={`toast toast-${t.kind}`}>
          <span>{t.text}</span>
          <button
            type="button"
            class="toast-close"
            aria-label="Dismiss message"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
