import { knownOutputKinds } from "../connectors/registry.ts";
import { METADATA_CONNECTION_TYPES } from "../metadata/index.ts";
import type { ConnectionGroup } from "../model/connection.ts";
import { connectionGroupOf, type OutputKinds } from "../model/output-kinds.ts";

/** The alert connections a configuration may hold (Data Caterer's Slack alerts): read as connections, sent nowhere yet. */
const ALERT_CONNECTION_TYPES: readonly string[] = ["slack"];

const fromConnectors = knownOutputKinds();

/**
 * The format and connection names (and aliases) the connector registry knows, and the group of
 * every connection type (the connectors', the metadata kinds', the alert kinds'): what the app
 * layer hands to config (LoadOptions, TaskAsPlanInput, RunRequestContext) for reading
 * connections and resolving steps' formats. Config sits below the connectors and never imports them.
 */
export const OUTPUT_KINDS: OutputKinds = {
  ...fromConnectors,
  groups: {
    ...fromConnectors.groups,
    ...Object.fromEntries(METADATA_CONNECTION_TYPES.map((t) => [t, "metadata" satisfies ConnectionGroup])),
    ...Object.fromEntries(ALERT_CONNECTION_TYPES.map((t) => [t, "alert" satisfies ConnectionGroup])),
  },
};

/** The group of a connection type (`database`), or `dataSource` for one rowforge does not know. */
export const groupOfConnectionType = (type: string): string => connectionGroupOf(OUTPUT_KINDS, type);
