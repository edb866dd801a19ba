import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { createInlineExecutor } from "../../src/app/executors.ts";
import { type RunResult, runPlan } from "../../src/app/runs/run-plan.ts";
import { isRowforgeError } from "../../src/errors/index.ts";
import type { ResolvedPlan } from "../../src/model/resolved-plan.ts";
import { fixtureDir } from "../support/fixture-dir.ts";
import { OPEN_ACCESS } from "../support/open-access.ts";
import { planFrom, TEST_NOW_MICROS } from "../support/plans.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

const FIELDS = `      - {name: id, options: {regex: "ID[0-9]{6}", isUnique: true}}
      - {name: year, type: int, options: {oneOf: [2023, 2024]}}
      - {name: amount, type: double, options: {min: 1, max: 10}}
`;

async function plan(options: string, records = 1000, format = "json"): Promise<ResolvedPlan> {
  return planFrom("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 3}\n", {
    t: `name: t\nsteps:\n  - name: s\n    type: ${format}\n    options: {${options}}\n    count: {records: ${records}}\n    fields:\n${FIELDS}`,
  });
}

const run = (p: ResolvedPlan, runId = "run-a"): Promise<RunResult> =>
  runPlan(p, {
    access: OPEN_ACCESS,
    runId,
    nowMicros: TEST_NOW_MICROS,
    executor: () => createInlineExecutor(),
    batchSize: 300,
  });

/** Data files (manifests are dot-files). */
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => !f.split("/").pop()!.startsWith("."))
    .sort();
const lines = (dir: string): string[] =>
  files(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").trimEnd().split("\n"));

test("part files named like Spark's, a _SUCCESS marker, and no temporary files left", async () => {
  const dir = join(fixtureDir({}), "out");
  const r = await run(await plan(`path: "${dir}", partitions: 3`));
  assert.ok(r.success, r.failedReason ?? "");
  assert.deepEqual(files(dir), [
    "_SUCCESS",
    "part-00000-run-a.json",
    "part-00001-run-a.json",
    "part-00002-run-a.json",
  ]);
  assert.equal(lines(dir).length, 1000);
  assert.equal(r.steps[0]!.records, 1000);
});

test("saveMode: overwrite replaces, append adds, ignore skips, errorIfExists refuses before writing", async () => {
  const dir = join(fixtureDir({}), "out");
  await run(await plan(`path: "${dir}"`));
  await run(await plan(`path: "${dir}", saveMode: Overwrite`), "run-b");
  assert.deepEqual(files(dir), ["_SUCCESS", "part-00000-run-b.json"]);
  await run(await plan(`path: "${dir}", saveMode: append`), "run-c");
  assert.deepEqual(files(dir), ["_SUCCESS", "part-00000-run-b.json", "part-00000-run-c.json"]);
  assert.equal(lines(dir).length, 2000);
  const ignored = await run(await plan(`path: "${dir}", saveMode: ignore`), "run-d");
  assert.match(ignored.steps[0]!.skipped ?? "", /exists/);
  assert.equal(lines(dir).length, 2000);
  const refused = await run(await plan(`path: "${dir}", saveMode: errorIfExists`), "run-e");
  assert.equal(refused.success, false);
  assert.match(refused.failedReason ?? "", /already exists and saveMode is errorIfExists/);
  assert.equal(lines(dir).length, 2000);
});

test("partitionBy writes Hive-style folders without the partition column", async () => {
  const dir = join(fixtureDir({}), "out");
  const r = await run(await plan(`path: "${dir}", partitionBy: "year"`));
  assert.ok(r.success, r.failedReason ?? "");
  const all = files(dir);
  assert.ok(
    all.includes("year=2023/part-00000-run-a.json") && all.includes("year=2024/part-00000-run-a.json"),
    all.join(","),
  );
  const rows = lines(join(dir, "year=2023")).map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(rows.length > 300 && !("year" in rows[0]!));
  assert.equal(lines(dir).length, 1000);
});

test("a path with a file extension writes exactly that one file", async () => {
  const dir = fixtureDir({});
  const file = join(dir, "nested", "accounts.csv");
  const r = await run(await plan(`path: "${file}"`, 50, "csv"));
  assert.ok(r.success, r.failedReason ?? "");
  assert.deepEqual(files(join(dir, "nested")), ["accounts.csv"]);
  assert.equal(readFileSync(file, "utf8").trimEnd().split("\n").length, 51);
});

test("a folder holding files rowforge did not write is not overwritten", async () => {
  const dir = join(fixtureDir({}), "out");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "notes.txt"), "mine");
  const r = await run(await plan(`path: "${dir}"`));
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /notes\.txt.*refusing to overwrite/);
  assert.ok(existsSync(join(dir, "notes.txt")));
  assert.ok(!files(dir).some((f) => f.startsWith("part-")), "nothing that looks finished");
});

test("bad output options are refused before anything is written, naming step and option", async () => {
  const dir = join(fixtureDir({}), "out");
  const bad = [
    [await plan(`path: "${dir}", saveMode: sometimes`), /step "s": saveMode "sometimes"/],
    [await plan(`path: "${dir}", compression: lzma`, 10, "parquet"), /step "s": Parquet compression "lzma"/],
    [await plan(`path: "${dir}", compression: snappy`, 10, "orc"), /step "s".*compression/],
    [await plan(``), /step "s" has no path option/],
    [
      await plan(`path: "${dir}", allowForeignFiles: maybe`),
      /step "s": allowForeignFiles must be true or false/,
    ],
  ] as const;
  for (const [p, message] of bad) await assert.rejects(() => run(p), message);
  assert.ok(!existsSync(dir));
});

test("an unwritable path fails the run with a coded reason and leaves nothing finished", async () => {
  const dir = fixtureDir({ blocker: "a file where a folder should be" });
  const r = await run(await plan(`path: "${join(dir, "blocker", "out")}"`));
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /cannot write to/);
});

/** Every entry under a folder, dot-files included, sorted. */
const everything = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

test("overwrite removes only what rowforge wrote: .env, .bashrc and _notes.md stay, old parts go", async () => {
  const dir = join(fixtureDir({}), "out");
  const first = await run(await plan(`path: "${dir}", partitions: 2`), "run-a");
  assert.ok(first.success, first.failedReason ?? "");
  writeFileSync(join(dir, ".env"), "SECRET=1\n");
  writeFileSync(join(dir, ".bashrc"), "alias ll='ls -l'\n");
  writeFileSync(join(dir, "_notes.md"), "# my notes\n");
  const second = await run(await plan(`path: "${dir}"`), "run-b");
  assert.ok(second.success, second.failedReason ?? "");
  assert.deepEqual(everything(dir), [
    ".bashrc",
    ".env",
    ".rowforge-run-b.manifest",
    "_SUCCESS",
    "_notes.md",
    "part-00000-run-b.json",
  ]);
  assert.equal(readFileSync(join(dir, ".env"), "utf8"), "SECRET=1\n");
  assert.equal(readFileSync(join(dir, "_notes.md"), "utf8"), "# my notes\n");
  assert.equal(lines(dir).length, 1000);
});

test("overwrite of partitioned output removes the old partition folders and keeps foreign ones", async () => {
  const dir = join(fixtureDir({}), "out");
  assert.ok((await run(await plan(`path: "${dir}", partitionBy: "year"`), "run-a")).success);
  mkdirSync(join(dir, "year=1999"));
  writeFileSync(join(dir, "year=1999", "mine.json"), "{}\n");
  writeFileSync(join(dir, "year=2023", ".keep"), "");
  const r = await run(await plan(`path: "${dir}", partitionBy: "year"`), "run-b");
  assert.ok(r.success, r.failedReason ?? "");
  assert.deepEqual(everything(dir), [
    ".rowforge-run-b.manifest",
    "_SUCCESS",
    "year=1999",
    "year=1999/mine.json",
    "year=2023",
    "year=2023/.keep",
    "year=2023/part-00000-run-b.json",
    "year=2024",
    "year=2024/part-00000-run-b.json",
  ]);
});

test("a folder of foreign files only (dot- and underscore-files too) is refused unless allowForeignFiles is set", async () => {
  const dir = join(fixtureDir({}), "home");
  mkdirSync(dir);
  writeFileSync(join(dir, ".env"), "SECRET=1\n");
  writeFileSync(join(dir, ".bashrc"), "x\n");
  writeFileSync(join(dir, "_notes.md"), "y\n");
  for (const saveMode of ["overwrite", "append"]) {
    const r = await run(await plan(`path: "${dir}", saveMode: ${saveMode}`));
    assert.equal(r.success, false, saveMode);
    const reason = r.failedReason ?? "";
    assert.ok(reason.includes(dir), reason);
    assert.match(reason, /\.bashrc, \.env, _notes\.md/);
    assert.match(reason, /allowForeignFiles: true/);
    assert.deepEqual(everything(dir), [".bashrc", ".env", "_notes.md"], "nothing written, nothing removed");
  }
  const allowed = await run(await plan(`path: "${dir}", allowForeignFiles: true`), "run-b");
  assert.ok(allowed.success, allowed.failedReason ?? "");
  assert.deepEqual(everything(dir), [
    ".bashrc",
    ".env",
    ".rowforge-run-b.manifest",
    "_SUCCESS",
    "_notes.md",
    "part-00000-run-b.json",
  ]);
});

test("part files no manifest names are not rowforge's: a folder of them is refused", async () => {
  const dir = join(fixtureDir({}), "out");
  mkdirSync(dir);
  writeFileSync(join(dir, "part-00000-spark.json"), '{"a":1}\n');
  const r = await run(await plan(`path: "${dir}"`));
  assert.equal(r.success, false);
  assert.match(r.failedReason ?? "", /part-00000-spark\.json/);
  assert.deepEqual(everything(dir), ["part-00000-spark.json"]);
});

test("a single-file target rowforge did not write is not replaced unless allowForeignFiles is set", async () => {
  const dir = fixtureDir({ "notes.csv": "mine\n" });
  const file = join(dir, "notes.csv");
  const refused = await run(await plan(`path: "${file}"`, 5, "csv"));
  assert.equal(refused.success, false);
  assert.match(refused.failedReason ?? "", /notes\.csv.*allowForeignFiles: true/);
  assert.equal(readFileSync(file, "utf8"), "mine\n");
  assert.deepEqual(everything(dir), ["notes.csv"]);
  const ok = await run(await plan(`path: "${file}", allowForeignFiles: true`, 5, "csv"), "run-b");
  assert.ok(ok.success, ok.failedReason ?? "");
  assert.equal(readFileSync(file, "utf8").trimEnd().split("\n").length, 6);
  // Now rowforge's own (its manifest names it): overwrite replaces it without the option.
  const again = await run(await plan(`path: "${file}"`, 7, "csv"), "run-c");
  assert.ok(again.success, again.failedReason ?? "");
  assert.equal(readFileSync(file, "utf8").trimEnd().split("\n").length, 8);
  assert.deepEqual(everything(dir), [".notes.csv.rowforge-run-c.manifest", "notes.csv"]);
});

/** A 2 MB tmpfs for a real full disk; undefined (and the test skipped) where mounting is not permitted. */
function smallDisk(): { dir: string; unmount(): void } | undefined {
  const dir = fixtureDir({});
  const r = spawnSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { encoding: "utf8" });
  if (r.status !== 0) return undefined;
  return { dir, unmount: () => void spawnSync("umount", [dir]) };
}

test("a full disk fails the run with ENOSPC and leaves the previous output as it was", async (t) => {
  const disk = smallDisk();
  if (!disk) return t.skip("cannot mount a tmpfs here (not root?): the full-disk test needs one");
  try {
    const dir = join(disk.dir, "out");
    const first = await run(await plan(`path: "${dir}", partitions: 2`), "run-a");
    assert.ok(first.success, first.failedReason ?? "");
    const before = everything(dir);
    const data = lines(dir);
    for (const saveMode of ["overwrite", "append"]) {
      const big = await run(await plan(`path: "${dir}", saveMode: ${saveMode}`, 100_000), "run-b");
      assert.equal(big.success, false, saveMode);
      assert.match(big.failedReason ?? "", /ENOSPC/);
      assert.deepEqual(everything(dir), before, `${saveMode}: nothing new visible, nothing old removed`);
      assert.deepEqual(lines(dir), data);
    }
    // A single-file target: the old file stays whole, no temporary file is left beside it.
    const file = join(disk.dir, "single", "all.json");
    assert.ok((await run(await plan(`path: "${file}"`, 500), "run-c")).success);
    const old = readFileSync(file, "utf8");
    const big = await run(await plan(`path: "${file}"`, 100_000), "run-d");
    assert.equal(big.success, false);
    assert.match(big.failedReason ?? "", /ENOSPC/);
    assert.equal(readFileSync(file, "utf8"), old);
    assert.deepEqual(everything(join(disk.dir, "single")), [".all.json.rowforge-run-c.manifest", "all.json"]);
  } finally {
    disk.unmount();
  }
});

test("whatever byte the disk fills at, a run either finishes whole or leaves the previous output as it was", async (t) => {
  const disk = smallDisk();
  if (!disk) return t.skip("cannot mount a tmpfs here (not root?): the full-disk test needs one");
  try {
    const page = 4096;
    for (const single of [false, true]) {
      for (let freePages = 20; freePages <= 34; freePages++) {
        const where = `${single ? "single file" : "folder"}, ${freePages} pages free`;
        for (const name of readdirSync(disk.dir))
          rmSync(join(disk.dir, name), { recursive: true, force: true });
        const dir = join(disk.dir, "out");
        const path = single ? join(dir, "all.json") : dir;
        const first = await run(await plan(`path: "${path}"`, 300), "run-a");
        assert.ok(first.success, first.failedReason ?? "");
        const before = everything(dir);
        const data = lines(dir);
        const { bavail, bsize } = statfsSync(disk.dir);
        writeFileSync(join(disk.dir, "filler"), Buffer.alloc(Math.max(0, bavail * bsize - freePages * page)));
        // About 110 kB: 27 pages of data.
        const second = await run(await plan(`path: "${path}"`, 2000), "run-b");
        if (second.success) {
          const manifest = JSON.parse(
            readFileSync(
              join(dir, single ? ".all.json.rowforge-run-b.manifest" : ".rowforge-run-b.manifest"),
              "utf8",
            ),
          ) as { records: number };
          assert.equal(manifest.records, 2000, where);
          assert.equal(lines(dir).length, 2000, where);
          assert.ok(!everything(dir).some((f) => f.includes("run-a")), where);
        } else {
          assert.match(second.failedReason ?? "", /ENOSPC/, where);
          assert.deepEqual(everything(dir), before, where);
          assert.deepEqual(lines(dir), data, where);
        }
      }
    }
  } finally {
    disk.unmount();
  }
});

test("a file size limit (EFBIG) fails the run by name and leaves nothing that looks finished", () => {
  const dir = join(fixtureDir({}), "out");
  const script = `
    import { OPEN_ACCESS } from "./test/support/open-access.ts";
    import { runPlan } from "./src/app/runs/run-plan.ts";
    import { createInlineExecutor } from "./src/app/executors.ts";
    import { planFrom, TEST_NOW_MICROS } from "./test/support/plans.ts";
    const p = await planFrom(${JSON.stringify("name: p\ntasks: [{name: t, dataSourceName: out}]\nsinkOptions: {seed: 3}\n")}, {
      t: ${JSON.stringify(`name: t\nsteps:\n  - name: s\n    type: json\n    options: {path: "${dir}"}\n    count: {records: 100000}\n    fields:\n${FIELDS}`)},
    });
    const r = await runPlan(p, { access: OPEN_ACCESS, runId: "run-f", nowMicros: TEST_NOW_MICROS, executor: () => createInlineExecutor() });
    console.log(JSON.stringify({ success: r.success, failedReason: r.failedReason }));
  `;
  // 1024 blocks of 512 bytes: the part file outgrows it; SIGXFSZ is ignored so write() returns EFBIG.
  const r = spawnSync(
    "bash",
    ["-c", `ulimit -f 1024; trap '' XFSZ; exec "${process.execPath}" --input-type=module -e "$0"`, script],
    { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 },
  );
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout.trim().split("\n").pop()!) as { success: boolean; failedReason: string };
  assert.equal(result.success, false);
  assert.match(result.failedReason, /EFBIG/);
  assert.deepEqual(existsSync(dir) ? everything(dir) : [], []);
});

test("four concurrent runs to one folder are serialised: nothing lost, nothing mixed", async () => {
  const dir = join(fixtureDir({}), "out");
  const appended = await Promise.all(
    ["r1", "r2", "r3", "r4"].map(async (id) => run(await plan(`path: "${dir}", saveMode: append`), id)),
  );
  for (const r of appended) assert.ok(r.success, r.failedReason ?? "");
  assert.equal(lines(dir).length, 4000);
  assert.equal(everything(dir).filter((f) => f.endsWith(".manifest")).length, 4);
  const overwritten = await Promise.all(
    ["o1", "o2", "o3", "o4"].map(async (id) => run(await plan(`path: "${dir}", partitions: 3`), id)),
  );
  for (const r of overwritten) assert.ok(r.success, r.failedReason ?? "");
  const manifests = everything(dir).filter((f) => f.endsWith(".manifest"));
  assert.equal(manifests.length, 1, manifests.join(","));
  const last = /\.rowforge-(.+)\.manifest/.exec(manifests[0]!)![1]!;
  assert.deepEqual(files(dir), [
    "_SUCCESS",
    `part-00000-${last}.json`,
    `part-00001-${last}.json`,
    `part-00002-${last}.json`,
  ]);
  assert.equal(lines(dir).length, 1000);
  assert.ok(!existsSync(join(dir, ".rowforge-lock")), "the lock is released");
});

test("an output locked by another live process is refused with a coded reason; a dead one's lock is recovered", async () => {
  const dir = join(fixtureDir({}), "out");
  mkdirSync(dir);
  // pid 1 is always alive.
  writeFileSync(join(dir, ".rowforge-lock"), JSON.stringify({ runId: "other", pid: 1, host: hostname() }));
  const refused = await run(await plan(`path: "${dir}"`));
  assert.equal(refused.success, false);
  assert.match(
    refused.failedReason ?? "",
    /in use by run other \(process 1\).*refusing to write it at the same time/,
  );
  assert.ok(!files(dir).some((f) => f.startsWith("part-")));
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
  writeFileSync(join(dir, ".rowforge-lock"), JSON.stringify({ runId: "gone", pid: dead, host: hostname() }));
  const recovered = await run(await plan(`path: "${dir}"`), "run-b");
  assert.ok(recovered.success, recovered.failedReason ?? "");
  assert.ok(!existsSync(join(dir, ".rowforge-lock")));
});

test("outputs under /proc, /sys, /dev and special files are refused before anything is written", async () => {
  const dir = fixtureDir({});
  mkdirSync(join(dir, "ok"));
  symlinkSync("/proc/self", join(dir, "proc-link"));
  spawnSync("mkfifo", [join(dir, "pipe.json")]);
  spawnSync("mkfifo", [join(dir, "ok", "pipe")]);
  const cases = [
    "/proc/self/out",
    "/proc/sys/kernel/out.json",
    "/sys/kernel/out",
    "/dev/shm/../null.json",
    join(dir, "proc-link", "out"),
    join(dir, "pipe.json"),
    join(dir, "ok", "pipe"),
  ];
  for (const path of cases) {
    const p = await planFrom(
      "name: p\ntasks: [{name: t, dataSourceName: out}, {name: u, dataSourceName: out}]\n",
      {
        t: `name: t\nsteps:\n  - name: first\n    type: json\n    options: {path: "${join(dir, "ok", "first")}"}\n    count: {records: 5}\n    fields: [{name: a}]\n`,
        u: `name: u\nsteps:\n  - name: s\n    type: json\n    options: {path: "${path}"}\n    count: {records: 5}\n    fields: [{name: a}]\n`,
      },
    );
    await assert.rejects(
      () => run(p),
      (e: unknown) => {
        assert.ok(isRowforgeError(e), String(e));
        assert.equal(e.code, "RF_OUTPUT_SPECIAL", e.message);
        assert.match(e.message, /step "s"/);
        return true;
      },
      path,
    );
    assert.ok(!existsSync(join(dir, "ok", "first")), `${path}: nothing written before the refusal`);
  }
});

test("the steps whose sink encodes in the calling thread are the ones the workers cannot encode", async () => {
  const { fileConnector } = await import("../../src/connectors/file/file-connector.ts");
  const busy = async (options: string, format = "json") => {
    const [step] = (await plan(options, 10, format)).steps;
    return fileConnector.busiesCallingThread?.(step!);
  };
  const dir = join(fixtureDir({}), "out");
  assert.equal(await busy(`path: "${dir}"`), false, "NDJSON: the workers encode");
  assert.equal(await busy(`path: "${dir}"`, "csv"), false, "CSV: the workers encode");
  assert.equal(await busy(`path: "${dir}"`, "parquet"), false, "Parquet: the workers encode row groups");
  assert.equal(await busy(`path: "${dir}"`, "orc"), false, "ORC: the workers encode stripes");
  assert.equal(await busy(`path: "${dir}", stripeSize: "64MiB"`, "orc"), true, "ORC stripes sized in bytes");
  assert.equal(await busy(`path: "${dir}", partitionBy: "year"`, "parquet"), true, "partitioned Parquet");
  assert.equal(await busy(`path: "${dir}", partitionBy: "year"`), true, "partition folders");
  assert.equal(await busy(`path: "-"`), true, "standard output");
});

test("a step's file options are parsed once: prepare hands every call on the step the same parsed options", async () => {
  const { fileConnector } = await import("../../src/connectors/file/file-connector.ts");
  const dir = join(fixtureDir({}), "out");
  const [step] = (await plan(`path: "${dir}", saveMode: Append, partitions: 2`, 10, "csv")).steps;
  const prepared = fileConnector.prepare(step!);
  assert.equal(fileConnector.prepare(step!), prepared, "the same object on a second call");
  assert.equal(prepared.format.name, "csv");
  assert.deepEqual(
    { ...prepared.options },
    {
      path: dir,
      saveMode: "append",
      partitions: 2,
      partitionBy: [],
      singleFile: false,
      allowForeignFiles: false,
    },
  );
  fileConnector.check(step!);
  const [bad] = (await plan(`path: "${dir}", partitions: "0"`)).steps;
  assert.throws(
    () => fileConnector.prepare(bad!),
    (e: unknown) =>
      isRowforgeError(e) && e.code === "RF_VALUE_INVALID" && /step "s": partitions/.test(e.message),
  );
  assert.throws(() => fileConnector.check(bad!), /step "s": partitions/);
});
