import { openAccess } from "../../src/access/index.ts";

/** The CLI's access (any local file, any URL): tests that run plans as a local user does. */
export const OPEN_ACCESS = openAccess(process.cwd());
