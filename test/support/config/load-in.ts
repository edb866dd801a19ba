import { OUTPUT_KINDS } from "../../../src/app/output-kinds.ts";
import type { LoadOptions } from "../../../src/config/index.ts";

/** How a test loads plans from a fixture folder: rowforge's output kinds, `dir` as the working folder, no environment. */
export const loadIn = (dir: string): LoadOptions => ({ outputKinds: OUTPUT_KINDS, cwd: dir, env: {} });
