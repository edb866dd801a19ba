import { ApiError } from "../lib/api.ts";

/** An API error as the API said it: its code, its message (which says what to do), its details. */
export function ErrorBox({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  const e =
    error instanceof ApiError
      ? error
      : new ApiError(0, "Error", error instanceof Error ? error.message : String(error));
  return (
    <div class="error-box" role="alert">
      <strong>{title ?? "The request failed"}</strong>
      <p>
        <code class="error-code">{e.code}</code> <span class="error-message">{e.message}</span>
      </p>
      {e.details && e.details !== e.code && <p class="error-details">{e.details}</p>}
    </div>
  );
}
