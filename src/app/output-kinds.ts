import { knownOutputKinds } from "../connectors/registry.ts";
import type { OutputKinds } from "../model/output-kinds.ts";

/**
 * The format and connection names (and aliases) the connector registry knows: what the app layer hands to
 * config (LoadOptions, TaskAsPlanInput, RunRequestContext) for resolving steps' formats.
 * Config sits below the connectors and never imports them.
 */
export const OUTPUT_KINDS: OutputKinds = knownOutputKinds();
