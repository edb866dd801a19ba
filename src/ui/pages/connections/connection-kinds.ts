import catalogue from "../plans/editor-catalogue.json" with { type: "json" };

/**
 * The connection kinds rowforge writes to and the connection groups, from the connector registry
 * and the model's group table (`npm run docs` writes them into editor-catalogue.json; a test keeps
 * it fresh). Any other kind can still be typed in.
 */
export const CONNECTION_KINDS: readonly string[] = catalogue.connectionKinds.map((k) => k.kind);
export const CONNECTION_GROUPS: readonly string[] = catalogue.connectionGroups;
