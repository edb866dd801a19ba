import type { ConnectionTestResult } from "../../lib/api.ts";

/** The answer of a connection test: success or failure, its message, what was found, how long it took. */
export function TestResult({ result, name }: { result: ConnectionTestResult; name?: string }) {
  return (
    <div class={`test-result ${result.success ? "ok" : "failed"}`} role="status" data-testid="test-result">
      <strong>
        {name ? `${name}: ` : ""}
        {result.success ? "Connection works" : "Connection failed"}
      </strong>{" "}
      <span class="muted">({Math.round(result.durationMs)} ms)</span>
      <p>{result.message}</p>
      {Object.keys(result.details).length > 0 && (
        <dl class="details">
          {Object.entries(result.details).map(([k, v]) => (
            <>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </>
          ))}
        </dl>
      )}
    </div>
  );
}
