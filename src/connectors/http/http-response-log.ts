import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { RowforgeError } from "../../errors/index.ts";

/** One answered (or failed) request, as the response log keeps it. */
export interface LoggedResponse {
  readonly row: number;
  readonly method: string;
  readonly url: string;
  readonly status?: number;
  readonly ms: number;
  readonly error?: string;
}

/** Every request of a step, one JSON line each (the step option `responseLog: <file>`). */
export interface ResponseLog {
  record(r: LoggedResponse): void;
  close(): Promise<void>;
}

/**
 * Opens (appends to) the response log: checked before anything is sent, so an unwritable path
 * fails the step at once; lines are buffered and written in order.
 */
export async function openResponseLog(path: string, where: string): Promise<ResponseLog> {
  const file = resolve(path);
  try {
    await mkdir(dirname(file), { recursive: true });
    await (await open(file, "a")).close();
  } catch (e) {
    throw new RowforgeError(
      "RF_OUTPUT_UNWRITABLE",
      `${where}: responseLog "${file}" cannot be written (${(e as { code?: string }).code ?? String(e)})`,
    );
  }
  const out: WriteStream = createWriteStream(file, { flags: "a", highWaterMark: 1 << 20 });
  let failed: unknown;
  out.on("error", (e) => {
    failed ??= e;
  });
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    out.write(`${lines.join("\n")}\n`);
    lines = [];
  };
  return {
    record(r) {
      lines.push(JSON.stringify(r));
      if (lines.length >= 512) flush();
    },
    async close() {
      flush();
      await new Promise<void>((done) => out.end(done));
      if (failed !== undefined)
        throw new RowforgeError("RF_OUTPUT_UNWRITABLE", `${where}: responseLog "${file}": ${String(failed)}`);
    },
  };
}
