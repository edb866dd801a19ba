import { realpath, stat, statfs } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileKind } from "../../config/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { FileOptions } from "./file-options.ts";

/** Kernel pseudo-file systems (statfs f_type): their files are not data and may never end. */
const PSEUDO_FILE_SYSTEMS = new Map<number, string>([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x1cd1, "devpts"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0x65735543, "fusectl"],
  [0x6165676c, "pstore"],
  [0xde5e81e4, "efivarfs"],
  [0x42494e4d, "binfmt_misc"],
]);

/** Folders of the kernel's and devices' files; /dev/shm is an ordinary tmpfs and allowed. */
const SPECIAL_ROOTS = ["/proc", "/sys", "/dev"];
const ALLOWED_UNDER_SPECIAL = ["/dev/shm"];

const under = (path: string, root: string) => path === root || path.startsWith(`${root}${sep}`);

/**
 * Refuses outputs that are not ordinary files or folders, before anything is written: paths
 * (after resolving symbolic links) under /proc, /sys or /dev or on a kernel pseudo-file
 * system, and an existing target that is a FIFO, socket or device.
 */
export async function checkOutputPath(stepName: string, opts: FileOptions): Promise<void> {
  const absolute = resolve(opts.path);
  const { real, existing } = await realPathOf(absolute);
  const refuse = (why: string) =>
    new RowforgeError(
      "RF_OUTPUT_SPECIAL",
      `step "${stepName}": output path ${opts.path} ${why}; refusing to write there`,
    );
  const root = SPECIAL_ROOTS.find((r) => under(real, r));
  if (root && !ALLOWED_UNDER_SPECIAL.some((a) => under(real, a))) {
    throw refuse(
      `${real === absolute ? "is" : `resolves to ${real}, which is`} under ${root}, the kernel's and devices' files`,
    );
  }
  const fs = await statfs(existing).catch(() => undefined);
  const pseudo = fs ? PSEUDO_FILE_SYSTEMS.get(fs.type) : undefined;
  if (pseudo) throw refuse(`is on the ${pseudo} pseudo-file system`);
  const target = await stat(absolute).catch(() => undefined);
  if (target && !target.isFile() && !target.isDirectory()) throw refuse(`is ${fileKind(target)}`);
}

/** The real path of `path`: its deepest existing ancestor with symbolic links resolved, and the rest. */
async function realPathOf(path: string): Promise<{ real: string; existing: string }> {
  let existing = path;
  for (;;) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) return { real: join(real, relative(existing, path)), existing: real };
    const up = dirname(existing);
    if (up === existing) return { real: path, existing: path };
    existing = up;
  }
}
