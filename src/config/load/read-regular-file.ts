import { constants, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import { RowforgeError } from "../../errors/index.ts";

/** What a special file is, for messages. */
export function fileKind(s: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isDirectory(): boolean;
}): string {
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO (named pipe)";
  if (s.isSocket()) return "a socket";
  if (s.isCharacterDevice()) return "a character device";
  if (s.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/**
 * Reads a regular file of at most `maxBytes`, never blocking on a special one: the path is
 * checked with stat first, then opened with O_NONBLOCK (a FIFO opens at once instead of
 * waiting for a writer) and checked again on the open handle, so a file swapped for a FIFO
 * in between is refused too. Throws RF_FILE_NOT_FOUND, RF_FILE_NOT_REGULAR, RF_FILE_READ or
 * RF_FILE_TOO_LARGE.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer> {
  const check = (s: Stats) => {
    if (s.isDirectory())
      throw new RowforgeError("RF_FILE_READ", `${path} is a folder, not a file`, {
        location: { file: path },
      });
    if (!s.isFile()) {
      throw new RowforgeError("RF_FILE_NOT_REGULAR", `${path} is ${fileKind(s)}, not a regular file`, {
        location: { file: path },
      });
    }
    if (s.size > maxBytes) throw tooLarge(path, s.size, maxBytes);
  };
  try {
    check(await stat(path));
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const s = await handle.stat();
      check(s);
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const chunk = Buffer.alloc(Math.min(Math.max(s.size - total, 0) + 1, 1 << 20));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > maxBytes) throw tooLarge(path, total, maxBytes);
        chunks.push(chunk.subarray(0, bytesRead));
      }
      return Buffer.concat(chunks, total);
    } finally {
      await handle.close();
    }
  } catch (e) {
    if (e instanceof RowforgeError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new RowforgeError("RF_FILE_NOT_FOUND", `${path} does not exist`, {
        location: { file: path },
        cause: e,
      });
    throw new RowforgeError("RF_FILE_READ", `${path} cannot be read: ${(e as Error).message}`, {
      location: { file: path },
      cause: e,
    });
  }
}

const tooLarge = (path: string, size: number, max: number) =>
  new RowforgeError(
    "RF_FILE_TOO_LARGE",
    `${path} is ${size} bytes; plans, tasks and configuration files are limited to ${max}`,
    { location: { file: path } },
  );
