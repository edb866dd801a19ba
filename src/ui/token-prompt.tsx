import { useState } from "preact/hooks";
import { token } from "./lib/api.ts";

/**
 * For a server started with --token: a field to give the token once per tab (kept in
 * sessionStorage, sent as a bearer header). Hidden behind a small button otherwise.
 */
export function TokenPrompt() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const has = token.get() !== null;
  if (!open)
    return (
      <button type="button" class="btn btn-link token-button" onClick={() => setOpen(true)}>
        {has ? "Token set" : "Token"}
      </button>
    );
  return (
    <form
      class="token-form"
      onSubmit={(e) => {
        e.preventDefault();
        token.set(value.trim() || null);
        setOpen(false);
        location.reload();
      }}
    >
      <label for="token-input">Server token</label>
      <input
        id="token-input"
        type="password"
        autocomplete="off"
        value={value}
        onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" class="btn btn-primary">
        Use
      </button>
      <button type="button" class="btn" onClick={() => setOpen(false)}>
        Close
      </button>
    </form>
  );
}
