import { useEffect, useState } from "preact/hooks";
import { planApi, type SampleAnswer } from "./plan-api.ts";

export interface PreviewState {
  readonly answer: SampleAnswer | undefined;
  readonly loading: boolean;
  /** Milliseconds from the edit's request to its answer in the browser. */
  readonly roundTripMs: number | undefined;
  /** Counts answers, so a test or bench can wait for the next one. */
  readonly version: number;
}

/** How long the preview waits after the last change before it asks for a sample. */
export const PREVIEW_DEBOUNCE_MS = 120;

/**
 * The current step's sample, asked again (debounced, the previous request aborted) whenever
 * its task's YAML, the step or the plan it is in changes. `planRequest` is the plan as saving
 * sends it, in JSON: the sample is then the first rows a run of the plan writes (its seed,
 * counts and foreign keys).
 */
export function useSamplePreview(
  taskYaml: string | undefined,
  stepName: string | undefined,
  planRequest?: string,
): PreviewState {
  const [state, setState] = useState<PreviewState>({
    answer: undefined,
    loading: false,
    roundTripMs: undefined,
    version: 0,
  });
  useEffect(() => {
    if (taskYaml === undefined || !stepName) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const started = performance.now();
      setState((s) => ({ ...s, loading: true }));
      const plan =
        planRequest === undefined ? undefined : (JSON.parse(planRequest) as Record<string, unknown>);
      planApi.sample(taskYaml, stepName, plan, abort.signal).then(
        (answer) =>
          setState((s) => ({
            answer,
            loading: false,
            roundTripMs: Math.round(performance.now() - started),
            version: s.version + 1,
          })),
        (e: unknown) => {
          if (abort.signal.aborted) return;
          setState((s) => ({
            answer: { ok: false, message: e instanceof Error ? e.message : String(e), problems: [] },
            loading: false,
            roundTripMs: undefined,
            version: s.version + 1,
          }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [taskYaml, stepName, planRequest]);
  return state;
}
