import { RowforgeError } from "../../errors/index.ts";

/** The SQL compiler's module (sql-compiler.ts): parser, function library, AST compiler. */
export type SqlCompiler = typeof import("./sql-compiler.ts");

let loaded: SqlCompiler | undefined;

/** Loads the SQL compiler (once: later calls get the same module). */
export async function loadSqlCompiler(): Promise<SqlCompiler> {
  loaded ??= await import("./sql-compiler.ts");
  return loaded;
}

/**
 * The SQL compiler, for synchronous code (compiling a plan) that runs after loadSqlCompiler
 * (or the engine's loadPlanCode) has resolved on this thread.
 */
export function sqlCompiler(): SqlCompiler {
  if (loaded) return loaded;
  throw new RowforgeError("RF_INTERNAL", "the SQL compiler was used before it was loaded on this thread", {
    hint: "await loadPlanCode(plan) (or loadSqlCompiler()) before compiling a plan that has sql fields",
  });
}
