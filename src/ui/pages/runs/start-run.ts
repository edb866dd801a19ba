import { toast } from "../../components/toast.tsx";
import { api, type RunMode } from "../../lib/api.ts";
import { href, navigate } from "../../lib/router.ts";

/**
 * Starts a plan by name in a mode and opens the run's live page; an error is shown as a toast.
 * Deleting data is asked first: it removes what the plan's runs wrote, and cannot be undone.
 */
export async function startRun(planName: string, mode: RunMode): Promise<string | undefined> {
  if (
    mode === "delete" &&
    !confirm(`Delete the data ${planName} generated? The files, rows and records its runs wrote are removed.`)
  )
    return undefined;
  try {
    const { executionId } = await api.runPlan(planName, mode);
    toast(`${mode === "delete" ? "Deleting the data of" : "Running"} ${planName}`, "success");
    navigate(href(["runs", executionId]));
    return executionId;
  } catch (e) {
    toast(`${planName}: ${e instanceof Error ? e.message : String(e)}`, "error");
    return undefined;
  }
}
