import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { RowforgeError } from "../../errors/index.ts";

/**
 * Writes all of the bytes: `write` may write fewer than asked (a disk that fills up takes
 * what fits and reports the rest only on the next call), so it is called until every byte
 * is down or the system says why not (ENOSPC, EFBIG, EIO).
 */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
    if (bytesWritten <= 0) {
      throw new RowforgeError("RF_OUTPUT_UNWRITABLE", "the file system accepted no bytes (EIO)");
    }
    offset += bytesWritten;
  }
}

/** Writes a small file whole and flushes it to the disk before it is closed. */
export async function writeFileDurably(path: string, text: string): Promise<void> {
  const handle = await open(path, "wx");
  try {
    await writeAll(handle, Buffer.from(text));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (the names renamed into it) to the disk (where the file system can). */
export async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync().catch((e: unknown) => {
      // Some file systems cannot sync a folder; their renames are as durable as they get.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EINVAL" && code !== "ENOTSUP" && code !== "EISDIR") throw e;
    });
  } finally {
    await handle.close();
  }
}
