#!/usr/bin/env node
// The first file Node runs for rowforge. It checks the Node version before anything else loads,
// in syntax any Node that loads ES modules reads (no imports, nothing newer than ES2015), so an
// older Node says which one rowforge needs instead of failing on a module it lacks.
const MINIMUM = "22.22.0"; // package.json "engines" (test/e2e/node-runtime.test.ts keeps them equal)

function older(version, minimum) {
  const a = version.split(".").map(Number);
  const b = minimum.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) < (b[i] || 0);
  }
  return false;
}

if (older(process.versions.node, MINIMUM)) {
  process.stderr.write(
    `rowforge needs Node.js ${MINIMUM} or newer, and this is Node.js ${process.version} (${process.execPath}): ` +
      "run it as `npx rowforge ...` or `npm run rowforge -- ...` inside the project, which use the Node 24 " +
      "that `npm install` brings (node_modules/.bin/node), or install Node.js 24 from https://nodejs.org\n",
  );
  process.exitCode = 1;
} else {
  import("./launch.js");
}
