import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { accessOf, openAccess } from "./access-of.ts";
import { parseDocument } from "./parse-document.ts";
import { serverAccessRules } from "./server-access-rules.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "rowforge-access-")));
const home = join(root, "home");
const data = join(home, "data");
const outside = join(root, "outside");
for (const d of [data, outside, join(home, "store"), join(home, "transformations"), join(root, "conf")])
  mkdirSync(d, { recursive: true });
writeFileSync(join(data, "schema.json"), "{}");
writeFileSync(join(outside, "secret.json"), '{"password": "hunter2"}');
writeFileSync(join(home, "store", "CURRENT"), "MANIFEST");
writeFileSync(join(home, "server.json"), "{}");
writeFileSync(join(root, "conf", "application.conf"), "pg { password = hunter2 }");
symlinkSync(join(outside, "secret.json"), join(data, "link.json"));
symlinkSync(outside, join(data, "out-dir"));

const contained = accessOf(
  serverAccessRules(
    { allowUrls: ["http://127.0.0.1:1/ok/"] },
    {
      home,
      configFolders: [join(root, "conf")],
      transformationsFolder: join(home, "transformations"),
      configPath: join(root, "conf", "application.conf"),
    },
  ),
);
const coded = (code: string) => (e: unknown) => (e as { code?: string }).code === code;
const refusedPath = coded("RF_PATH_NOT_ALLOWED");
const refusedUrl = coded("RF_URL_NOT_ALLOWED");
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "ok";
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe("contained reads", () => {
  test("a file inside a data folder, by absolute or relative path or file:// URL, is read", async () => {
    assert.equal(await contained.readable(join(data, "schema.json"), "t"), join(data, "schema.json"));
    assert.equal(await contained.readable("schema.json", "t"), join(data, "schema.json"));
    assert.equal(
      await contained.readable(pathToFileURL(join(data, "schema.json")).href, "t"),
      join(data, "schema.json"),
    );
    assert.equal((await contained.readText("schema.json", "t")).text, "{}");
  });
  test("outside the folders, `../`, file:// and /proc are refused whether the file exists or not", async () => {
    for (const p of [
      join(outside, "secret.json"),
      join(outside, "missing.json"),
      "../../outside/secret.json",
      "../../outside/missing.json",
      pathToFileURL(join(outside, "secret.json")).href,
      "/proc/self/environ",
      "/etc/passwd",
    ])
      assert.equal(await codeOf(contained.readText(p, "t")), "RF_PATH_NOT_ALLOWED", p);
  });
  test("a symbolic link inside a data folder that points out is refused", async () => {
    await assert.rejects(contained.readable("link.json", "t"), refusedPath);
    await assert.rejects(contained.readable("out-dir/secret.json", "t"), refusedPath);
  });
  test("the store, the server file, the transformations and the configuration are never read", async () => {
    for (const p of [
      join(home, "store", "CURRENT"),
      join(home, "server.json"),
      join(home, "transformations"),
      join(root, "conf", "application.conf"),
    ])
      assert.equal(await codeOf(contained.readText(p, "t")), "RF_PATH_NOT_ALLOWED", p);
  });
  test("a missing file inside a data folder is not found; the message names it as written", async () => {
    assert.equal(await contained.readable("nope.json", "t"), join(data, "nope.json"));
    await assert.rejects(contained.readText("nope.json", 'step "s": jsonSchemaFile'), (e: Error) => {
      assert.equal((e as { code?: string }).code, "RF_FILE_NOT_FOUND");
      assert.equal(e.message, 'step "s": jsonSchemaFile names nope.json, which does not exist');
      return true;
    });
  });
  test("a refusal names the path as written and nothing of the server's folders", async () => {
    await assert.rejects(contained.readable(join(outside, "secret.json"), "w"), (e: Error) => {
      assert.equal(
        e.message,
        `w names ${join(outside, "secret.json")}, which is outside the folders this server reads (rowforge serve --data-dir)`,
      );
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    });
  });
});

describe("contained writes", () => {
  test("the paths of the configuration's own file connections are written as the operator set them", async () => {
    const configured = accessOf(
      serverAccessRules(
        {},
        {
          home,
          configFolders: [],
          configOutputs: [join(outside, "configured"), "relative/ignored"],
          transformationsFolder: join(home, "transformations"),
          configPath: undefined,
        },
      ),
    );
    assert.equal(
      await configured.writable(join(outside, "configured", "x"), "t"),
      join(outside, "configured", "x"),
    );
    assert.equal(await codeOf(configured.writable(join(outside, "other"), "t")), "RF_PATH_NOT_ALLOWED");
    assert.equal(await configured.writable("out", "t"), join(data, "out"));
  });
  test("under the output folders (relative paths below the first) and not elsewhere in the home", async () => {
    assert.equal(await contained.writable("out/people", "t"), join(data, "out", "people"));
    assert.equal(await contained.writable(join(data, "x", "y"), "t"), join(data, "x", "y"));
    for (const p of [
      join(home, "server.json"),
      join(home, "store", "x"),
      join(home, "transformations", "evil.mjs"),
      join(home, "reports", "x"),
      join(home, "x"),
      join(outside, "x"),
      "../x",
      "/tmp/x",
      "out-dir/x",
      join(root, "conf", "application.conf"),
    ])
      assert.equal(await codeOf(contained.writable(p, "t")), "RF_PATH_NOT_ALLOWED", p);
  });
});

describe("contained URLs", () => {
  let server: Server;
  let base = "";
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === "/ok/redirect") {
        res.writeHead(302, { location: "/internal/secret" }).end();
        return;
      }
      if (req.url === "/ok/hop") {
        res.writeHead(302, { location: "/ok/doc" }).end();
        return;
      }
      res.writeHead(200).end(req.url === "/ok/doc" ? '{"a": 1}' : "internal secret page");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => server.close());
  const allowing = () =>
    accessOf({
      kind: "contained",
      readDirs: [],
      outputDirs: [],
      allowUrls: [`${base}/ok`],
      sealed: [],
      home,
    });

  test("none is allowed by default; a prefix allows its path and below, nothing else", async () => {
    assert.throws(() => contained.url(`${base}/ok/doc`, "t"), refusedUrl);
    const a = allowing();
    assert.equal((await a.readText(`${base}/ok/doc`, "t")).text, '{"a": 1}');
    assert.throws(() => a.url(`${base}/okay`, "t"), refusedUrl);
    assert.throws(() => a.url(`${base}/internal/secret`, "t"), refusedUrl);
    assert.throws(() => a.url(`${base.replace("127.0.0.1", "localhost")}/ok/doc`, "t"), refusedUrl);
  });
  test("a redirect is checked like the first URL", async () => {
    const a = allowing();
    assert.equal((await a.readText(`${base}/ok/hop`, "t")).text, '{"a": 1}');
    await assert.rejects(a.readText(`${base}/ok/redirect`, "t"), (e: Error) => {
      assert.equal((e as { code?: string }).code, "RF_URL_NOT_ALLOWED");
      assert.doesNotMatch(e.message, /internal secret page/);
      return true;
    });
  });
  test("the open access of the CLI reaches any URL and reads any file", async () => {
    const open = openAccess(root);
    assert.equal((await open.readText(`${base}/internal/secret`, "t")).text, "internal secret page");
    assert.equal((await open.readText("outside/secret.json", "t")).text, '{"password": "hunter2"}');
    assert.equal(await open.writable("anywhere/x", "t"), "anywhere/x");
    assert.equal(await open.readable("/etc/passwd", "t"), "/etc/passwd");
  });
});

test("answers show paths relative to the folder they are in, the home as <home>", () => {
  assert.equal(
    contained.hidePaths(
      `output ${join(data, "out", "x")} and ${join(home, "store")}, folder ${join(root, "conf")}`,
    ),
    "output out/x and <home>/store, folder <conf>",
  );
  assert.equal(contained.hidePaths(`${data} is writable`), "<home>/data is writable");
  assert.equal(
    contained.hidePaths(`${join(root, "conf", "application.conf")}:3:1: bad`),
    "<application.conf>:3:1: bad",
  );
  assert.equal(
    contained.hidePaths(`<td>${join(home, "reports")}</td>`, true),
    "<td>&lt;home&gt;/reports</td>",
  );
  assert.equal(openAccess(root).hidePaths(join(data, "x")), join(data, "x"));
});

test("a document's syntax error says where, never what the text holds", () => {
  for (const text of ['{"password": hunter2}', "password: [hunter2", '{\n  "a": 1,\n  hunter2\n}']) {
    assert.throws(
      () => parseDocument(text, "the document d"),
      (e: Error) => {
        assert.doesNotMatch(e.message, /hunter2/);
        assert.match(e.message, /^the document d is not valid JSON/);
        return true;
      },
    );
  }
  assert.throws(
    () => parseDocument("root:x:0:0:root:/root:/bin/bash\n  bad: [", "f"),
    (e: Error) => {
      assert.doesNotMatch(e.message, /root:x/);
      assert.match(e.message, /line \d+, column \d+/);
      return true;
    },
  );
});
