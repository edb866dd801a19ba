import { RowforgeError } from "../../../errors/index.ts";

/** A file rowforge's ORC reader cannot read (corrupt, truncated, or a feature it does not read): RF_FILE_READ. */
export const orcReadError = (message: string): RowforgeError => new RowforgeError("RF_FILE_READ", message);
