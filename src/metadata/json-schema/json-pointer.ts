/**
 * A name as a JSON pointer token (RFC 6901): `~` as `~0`, `/` as `~1`, so that the pointers in
 * messages (`#/paths/~1pets~1{petId}/get`, `#/patternProperties/^x-`) name the place in the
 * user's document.
 */
export const pointerToken = (name: string): string => name.replaceAll("~", "~0").replaceAll("/", "~1");
