// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are HOCON text, where ${...} is a substitution
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseHocon } from "./parse-hocon.ts";

const text = [
  "jdbc {", //                              1
  "  pg {", //                              2
  '    url = "jdbc:default"', //            3
  "    url = ${?PG_URL}", //                4
  "    opts.fetch = 10", //                 5
  "  }", //                                 6
  "}", //                                   7
  "copy = ${jdbc.pg}", //                   8
  "jdbc.pg.user = u", //                    9
].join("\n");

describe("locate", () => {
  test("gives the line of the definition whose value was kept", () => {
    const unset = parseHocon(text, { file: "app.conf", env: {} });
    assert.deepEqual(unset.locate(["jdbc", "pg", "url"]), {
      file: "app.conf",
      line: 3,
      column: 5,
      path: "jdbc.pg.url",
    });
    const set = parseHocon(text, { file: "app.conf", env: { PG_URL: "jdbc:env" } });
    assert.equal(set.locate(["jdbc", "pg", "url"])?.line, 4);
  });

  test("gives the last definition of an object and of dotted key parts", () => {
    const r = parseHocon(text, { env: {} });
    assert.equal(r.locate(["jdbc", "pg"])?.line, 9);
    assert.equal(r.locate(["jdbc", "pg", "opts"])?.line, 5);
    assert.deepEqual(r.locate(["jdbc", "pg", "opts", "fetch"]), {
      line: 5,
      column: 5,
      path: "jdbc.pg.opts.fetch",
    });
  });

  test("a key copied by a substitution is located at the nearest written ancestor", () => {
    const r = parseHocon(text, { env: {} });
    assert.equal(r.locate(["copy", "url"])?.line, 8);
  });

  test("a path that does not exist is not located", () => {
    const r = parseHocon(text, { env: {} });
    assert.equal(r.locate(["jdbc", "pg", "nope"]), undefined);
    assert.equal(r.locate(["nope"]), undefined);
  });
});
