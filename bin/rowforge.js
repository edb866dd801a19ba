#!/usr/bin/env node
// The first file Node runs for rowforge. It checks the Node version before anything else loads,
// in syntax and APIs any Node that loads ES modules understands (no imports, no newer syntax),
// so an older Node says which one rowforge needs instead of failing on a module it lacks.
var MINIMUM = "22.22.0"; // package.json "engines" (test/e2e/node-runtime.test.ts keeps them equal)

function older(version, minimum) {
  var a = version.split(".");
  var b = minimum.split(".");
  for (var i = 0; i < 3; i++) {
    var x = Number(a[i]) || 0;
    var y = Number(b[i]) || 0;
    if (x !== y) return x < y;
  }
  return false;
}

if (older(process.versions.node, MINIMUM)) {
  process.stderr.write(
    "rowforge needs Node.js " + MINIMUM + " or newer, and this is Node.js " + process.version + " (" +
      process.execPath + "): run it as `npx rowforge ...` or `npm run rowforge -- ...` inside the project, " +
      "which use the Node 24 that `npm install` brings (node_modules/.bin/node), or install Node.js 24 from https://nodejs.org\n",
  );
  process.exitCode = 1;
} else {
  import("./launch.js");
}
