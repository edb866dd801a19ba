import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isRowforgeError } from "../../errors/index.ts";
import { readRegularFile } from "./read-regular-file.ts";

const rejectsWith = (p: Promise<unknown>, code: string, message: RegExp) =>
  assert.rejects(p, (e: unknown) => isRowforgeError(e) && e.code === code && message.test(e.message));

describe("readRegularFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "rowforge-read-"));
  it("reads a regular file", async () => {
    writeFileSync(join(dir, "a.yaml"), "name: a\n");
    assert.equal((await readRegularFile(join(dir, "a.yaml"), 100)).toString(), "name: a\n");
  });
  it("refuses a FIFO at once (no writer needed), a device, a folder, a missing and an oversized file", async () => {
    spawnSync("mkfifo", [join(dir, "pipe.yaml")]);
    await rejectsWith(
      readRegularFile(join(dir, "pipe.yaml"), 100),
      "RF_FILE_NOT_REGULAR",
      /is a FIFO \(named pipe\), not a regular file/,
    );
    await rejectsWith(readRegularFile("/dev/zero", 100), "RF_FILE_NOT_REGULAR", /is a character device/);
    await rejectsWith(readRegularFile(dir, 100), "RF_FILE_READ", /is a folder, not a file/);
    await rejectsWith(readRegularFile(join(dir, "none.yaml"), 100), "RF_FILE_NOT_FOUND", /does not exist/);
    writeFileSync(join(dir, "big.yaml"), "x".repeat(101));
    await rejectsWith(readRegularFile(join(dir, "big.yaml"), 100), "RF_FILE_TOO_LARGE", /101 bytes/);
  });
});
