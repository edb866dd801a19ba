import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { test } from "node:test";
import { bundleIsFresh } from "../../bin/build-stamp.js";
import { fixtureDir } from "../support/fixture-dir.ts";
import { REPO_ROOT } from "../support/run-cli.ts";

const NOW = "2026-11-01T00:00:00Z";

/** A consumer's plan module: faker, regex, decimal and date values (locales and the reference time load from the package). */
const PLAN = `import { definePlan } from "rowforge";

export default definePlan({
  name: "orders",
  dataSources: [
    {
      name: "files",
      connection: { type: "csv", options: { path: "out" } },
      steps: [
        {
          name: "orders",
          count: { records: 300 },
          fields: [
            { name: "order_id", options: { regex: "O[0-9]{8}", isUnique: true } },
            { name: "city", options: { expression: "#{Address.city}" } },
            { name: "total", type: "decimal(8,2)", options: { min: 1, max: 900 } },
            { name: "placed", type: "date", options: { min: "today-90d", max: "today" } },
          ],
        },
      ],
    },
  ],
});
`;

/** Prints sample()'s rows, then generate()'s, one JSON line each. */
const USE = `import { generate, sample } from "rowforge";
import plan from "./plan.ts";

const sampled = await sample(plan, { n: 20, seed: 7, now: ${JSON.stringify(NOW)} });
console.log(JSON.stringify(sampled));
const generated: Record<string, unknown>[] = [];
for await (const row of generate(plan, { seed: 7, now: ${JSON.stringify(NOW)}, batchSize: 64 })) generated.push(row);
console.log(JSON.stringify(generated));
`;

/** A misspelled option: the package's types must refuse it. */
const MISSPELLED = `import { definePlan } from "rowforge";
export default definePlan({
  name: "x",
  dataSources: [{ name: "f", connection: { type: "json", options: { path: "o" } },
    steps: [{ name: "s", fields: [{ name: "age", type: "int", options: { minn: 18 } }] }] }],
});
`;

const tsconfig = (files: string[]) =>
  JSON.stringify({
    compilerOptions: {
      target: "es2024",
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      // The package's own declarations are checked too, and need no @types of the consumer's.
      skipLibCheck: false,
      types: [],
    },
    files,
  });

/** npm's own script (npm-cli.js), run with the project's Node; undefined without an npm. */
function npmCli(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const npm = join(dir, "npm");
    if (existsSync(npm) && !dir.includes("node_modules")) return realpathSync(npm);
  }
  return undefined;
}

/** The environment of a fresh project's shell: the project's Node first, nothing of the npm running the tests. */
function consumerEnv(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")),
  );
  const path = (process.env.PATH ?? "").split(delimiter).filter((p) => !p.includes("node_modules"));
  return { ...env, HOME: home, NO_COLOR: "1", PATH: [dirname(process.execPath), ...path].join(delimiter) };
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, output: `${r.stdout}${r.stderr}` };
}

test("npm pack's tarball installs in a fresh project: types, npx rowforge and sample()/generate() as the CLI", {
  timeout: 600_000,
}, (t) => {
  const npm = npmCli();
  if (npm === undefined) {
    t.skip("no npm on PATH");
    return;
  }
  assert.ok(bundleIsFresh(REPO_ROOT), "dist/ is missing or stale: run `npm run build`");
  const home = fixtureDir({});
  const env = consumerEnv(home);
  const npmIn = (cwd: string, ...args: string[]) => run(process.execPath, [npm, ...args], cwd, env);

  // The tarball of the fresh build (--ignore-scripts: its prepare would build dist/ again).
  const packed = fixtureDir({});
  const pack = npmIn(REPO_ROOT, "pack", "--ignore-scripts", "--json", "--pack-destination", packed);
  assert.equal(pack.status, 0, pack.output);
  const [packInfo] = JSON.parse(pack.stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  assert.ok(packInfo, pack.output);
  const { filename, files, size, unpackedSize } = packInfo;
  t.diagnostic(`tarball ${filename}: ${size} bytes (${files.length} files, ${unpackedSize} bytes unpacked)`);
  const paths = files.map((f) => f.path);
  for (const needed of ["bin/rowforge.js", "dist/cli.js", "dist/index.js", "dist/types/src/index.d.ts"]) {
    assert.ok(paths.includes(needed), `the tarball lacks ${needed}`);
  }
  const strays = paths.filter((p) =>
    /^(src|test|bench|scripts|config|examples|workers)\/|\.test\.|metafile/.test(p),
  );
  assert.deepEqual(strays, [], "the tarball holds sources, tests, benchmarks or fixtures");

  const consumer = fixtureDir({
    "package.json": JSON.stringify({ name: "consumer", private: true, type: "module" }),
    "plan.ts": PLAN,
    "use.ts": USE,
    "misspelled.ts": MISSPELLED,
    "tsconfig.json": tsconfig(["plan.ts", "use.ts"]),
    "tsconfig.misspelled.json": tsconfig(["misspelled.ts"]),
  });
  const tarball = join(packed, filename);
  const install = npmIn(consumer, "install", "--prefer-offline", "--no-audit", "--no-fund", tarball);
  assert.equal(install.status, 0, install.output);
  const installed = join(consumer, "node_modules", "rowforge");
  assert.ok(statSync(installed).isDirectory());
  assert.ok(!readdirSync(installed).includes("src"), "the installed package holds TypeScript sources");

  // The consumer type-checks against the package's .d.ts files; a misspelled option does not compile.
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const checked = run(process.execPath, [tsc, "-p", "tsconfig.json"], consumer, env);
  assert.equal(checked.status, 0, checked.output);
  const refused = run(process.execPath, [tsc, "-p", "tsconfig.misspelled.json"], consumer, env);
  assert.notEqual(refused.status, 0, "a misspelled option compiled");
  assert.match(refused.output, /'minn' does not exist/);

  // npx rowforge runs the bundle: no "dist/ is missing" fallback to sources that are not there.
  const version = npmIn(consumer, "exec", "--", "rowforge", "--version");
  assert.equal(version.status, 0, version.output);
  assert.equal(
    version.stdout.trim(),
    execFileSync(process.execPath, [join(REPO_ROOT, "bin/rowforge.js"), "--version"], {
      encoding: "utf8",
    }).trim(),
  );
  assert.equal(version.stderr, "");

  const cli = run(
    process.execPath,
    [
      npm,
      "exec",
      "--",
      "rowforge",
      "sample",
      "plan.ts",
      "-n",
      "20",
      "--seed",
      "7",
      "--now",
      NOW,
      "-f",
      "json",
    ],
    consumer,
    env,
  );
  assert.equal(cli.status, 0, cli.output);
  const cliRows = cli.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
  assert.equal(cliRows.length, 20);

  const used = run(process.execPath, ["use.ts"], consumer, env);
  assert.equal(used.status, 0, used.output);
  const [sampled, generated] = used.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown[]);
  assert.deepEqual(sampled, cliRows);
  assert.equal(generated?.length, 300);
  assert.deepEqual(generated?.slice(0, 20), cliRows);
});
