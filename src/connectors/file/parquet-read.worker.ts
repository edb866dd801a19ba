import { openAsBlob } from "node:fs";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import type * as ParquetWasm from "parquet-wasm/node";
import { RowforgeError } from "../../errors/index.ts";
import { type ParquetNeed, parquetReadOptions } from "./parquet-columns.ts";
import type { ParquetReadReply, ParquetReadRequest } from "./parquet-read-message.ts";

/**
 * Worker entry that decodes Parquet row groups (parquet-wasm) into Arrow IPC bytes while the
 * thread that asked checks the previous ones: it starts on a `read` message and decodes ahead
 * only as far as the credits it was given (each `credit` message allows one more row group),
 * so at most that many decoded row groups wait in memory. Each row group's bytes are
 * transferred, not copied. A failure comes back as its message. The reader may keep the thread
 * for its next read once this one ended.
 */
// parquet-wasm and the error class alone: the thread loads nothing else (no Arrow, no engine), so it starts fast.
const wasm = createRequire(import.meta.url)("parquet-wasm/node") as typeof ParquetWasm;
const port = parentPort;
if (!port) throw new RowforgeError("RF_INTERNAL", "parquet-read.worker runs as a worker thread");
let credits = 0;
let wake: (() => void) | undefined;
const post = (reply: ParquetReadReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

port.on("message", (m: ParquetReadRequest) => {
  if (m.kind === "credit") {
    credits++;
    wake?.();
    return;
  }
  // A new read (a kept worker serves one read after another, each to its end).
  credits = m.window;
  read(m.files, m.batchRows, m.needs).catch((e: unknown) =>
    post({ kind: "error", message: e instanceof Error ? e.message : String(e) }),
  );
});

async function read(
  files: readonly string[],
  batchRows: number,
  needs: readonly ParquetNeed[] | undefined,
): Promise<void> {
  for (const file of files) {
    const pf = await wasm.ParquetFile.fromFile(await openAsBlob(file));
    try {
      const meta = pf.metadata();
      const groups = meta.numRowGroups();
      const options = parquetReadOptions(meta, batchRows, needs);
      for (let g = 0; g < groups; g++) {
        while (credits === 0) await new Promise<void>((r) => (wake = r));
        wake = undefined;
        credits--;
        const table = await pf.read({ ...options, rowGroups: [g] });
        const bytes = table.intoIPCStream();
        post({ kind: "group", bytes }, [bytes.buffer as ArrayBuffer]);
      }
    } finally {
      pf.free();
    }
  }
  post({ kind: "end" });
}
