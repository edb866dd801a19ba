import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A real, small file system whose free space a test can use up and give back. */
export interface SmallDisk {
  readonly dir: string;
  /** Bytes still free. */
  free(): number;
  /** Fills the disk (leaving `leave` bytes) with one file; writes beyond that fail with ENOSPC. */
  fill(leave?: number): void;
  /** Removes the filler: the disk has room again. */
  release(): void;
  unmount(): void;
}

/**
 * Mounts a tmpfs of `megabytes` (root only); answers why not when mounting is not permitted,
 * so the test can be skipped with that reason.
 */
export function mountSmallDisk(megabytes: number): SmallDisk | string {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-small-disk-"));
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir], {
    encoding: "utf8",
  });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs to fill up (needs root): ${(r.stderr || r.error?.message || "").trim()}`;
  }
  const filler = join(dir, "filler");
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    fill(leave = 0) {
      const size = free() - leave;
      if (size <= 0) return;
      try {
        writeFileSync(filler, Buffer.alloc(size));
      } catch (e) {
        // A disk full before the last byte is what was asked for.
        if ((e as NodeJS.ErrnoException).code !== "ENOSPC") throw e;
      }
    },
    release() {
      rmSync(filler, { force: true });
    },
    unmount() {
      spawnSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
