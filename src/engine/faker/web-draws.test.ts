import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { en } from "@faker-js/faker";
import { RowRandom } from "../rng/index.ts";
import { fakerHandle } from "./faker-locale.ts";
import type { Draw } from "./locale-draw.ts";
import { localeKernels } from "./locale-kernels.ts";
import { domainNameDraw, domainWordDraw, urlDraw, userAgentDraw, webdomainDraw } from "./web-draws.ts";
import { USER_AGENT_BROWSERS } from "./word-lists.ts";

const kernels = (locale = "en") => localeKernels(fakerHandle(locale).faker);

const draws = (draw: Draw | undefined, n: number, key = 1): string[] => {
  assert.ok(draw, "the method is compiled");
  const rnd = new RowRandom(key);
  return Array.from({ length: n }, (_, i) => draw(rnd.at(i)));
};

const SUFFIXES = new Set(en.internet?.domain_suffix ?? []);
const WORDS = new Set(en.lorem?.word ?? []);
const lastNames = en.person?.last_name;
const LAST = new Set<string>(Array.isArray(lastNames) ? lastNames : Object.values(lastNames ?? {}).flat());
const lowerLast = new Set([...LAST].map((n) => n.toLowerCase().replace(/['\s]/g, "")));

describe("compiled host names", () => {
  it("are a family name as a label and one of the locale's domain suffixes", () => {
    for (const v of draws(domainNameDraw(kernels()), 2_000)) {
      const [label = "", suffix = "", ...rest] = v.split(".");
      assert.equal(rest.length, 0, v);
      assert.ok(SUFFIXES.has(suffix), v);
      assert.ok(
        label.split("-").every((part) => lowerLast.has(part)),
        `"${label}" is not made of en last names`,
      );
    }
  });

  it("are ASCII labels in locales written in other scripts, with faker-level variety", () => {
    for (const locale of ["ru", "ja", "el"]) {
      const values = draws(webdomainDraw(kernels(locale)), 2_000);
      // The suffix is the locale's own (ru has .сайт, ja .co.jp); the names become ASCII labels.
      for (const v of values) assert.match(v, /^www\.[a-z0-9-]+-[a-z0-9-]+\.\S+$/, `${locale} ${v}`);
      assert.ok(new Set(values).size > 1_500, `${locale}: ${new Set(values).size} distinct of 2,000`);
    }
    for (const v of draws(domainWordDraw(kernels("ru")), 200)) assert.match(v, /^[a-z0-9-]+$/);
  });
});

describe("compiled web addresses", () => {
  // The path's last word and the file name run together, as faker writes them (`/a/bc`).
  const URL_SHAPE =
    /^(https?):\/\/www\.[a-z0-9-]+\.[a-z.]+(?::(\d+))?\/(\w+)?(?:\/\w+)?(?:\?(\w+)=(\w+)&(\w+)=(\w+))?(?:#(\w+))?$/;

  it("have faker's parts: scheme, host, optional port, path, file, query and anchor from the lorem words", () => {
    const values = draws(urlDraw(kernels()), 4_000);
    let http = 0;
    let ports = 0;
    let anchors = 0;
    for (const v of values) {
      const m = URL_SHAPE.exec(v);
      assert.ok(m, v);
      if (m[1] === "http") http++;
      if (m[2] !== undefined) {
        ports++;
        assert.ok(Number(m[2]) <= 65535, v);
      }
      if (m[8] !== undefined) anchors++;
      for (const word of [m[4], m[5], m[6], m[7], m[8]]) {
        if (word !== undefined) assert.ok(WORDS.has(word), `"${word}" of ${v} is not a lorem word`);
      }
    }
    // http a quarter of the time (half the time either scheme), each optional part half the time.
    assert.ok(http > 800 && http < 1_200, `${http} of 4,000 use http`);
    assert.ok(ports > 1_800 && ports < 2_200, `${ports} of 4,000 have a port`);
    assert.ok(anchors > 1_800 && anchors < 2_200, `${anchors} of 4,000 have an anchor`);
    assert.equal(new Set(values).size, values.length);
  });

  it("depend only on the key and the row", () => {
    assert.deepEqual(draws(urlDraw(kernels()), 200, 3), draws(urlDraw(kernels()), 200, 3));
    assert.notDeepEqual(draws(urlDraw(kernels()), 200, 3), draws(urlDraw(kernels()), 200, 4));
  });
});

describe("compiled user agents", () => {
  const SHAPES: Readonly<Record<string, RegExp>> = {
    CHROME:
      /^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.(\d+)\.(\d+) Safari\/537\.36$/,
    FIREFOX: /^Mozilla\/5\.0 \(.+; rv:(\d+)\.0\) Gecko\/20100101 Firefox\/(\d+)\.0$/,
    SAFARI:
      /^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X 10_1\d_\d\) AppleWebKit\/605\.1\.15 \(KHTML, like Gecko\) Version\/(\d+)\.\d Safari\/605\.1\.15$/,
    OPERA:
      /^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+)\.0\.0\.0 Safari\/537\.36 OPR\/(\d+)\.0\.0\.0$/,
    INTERNET_EXPLORER: /^Mozilla\/5\.0 \(Windows NT [\d.]+; [\w; ]+; Trident\/7\.0; rv:11\.0\) like Gecko$/,
    NETSCAPE:
      /^Mozilla\/5\.0 \(Windows; U; Windows NT 5\.1; en-US; rv:1\.8\.1\.(\d+)\) Gecko\/20080219 Firefox\/2\.0\.0\.(\d+) Navigator\/9\.0\.0\.6$/,
    AOL: /^Mozilla\/5\.0 \(compatible; MSIE 9\.0; AOL 9\.[1-7]; AOLBuild 4337\.(\d+); Windows NT [\d.]+; [\w; ]+\)$/,
  };

  it("follow each browser's shape with its version ranges", () => {
    for (const browser of USER_AGENT_BROWSERS) {
      for (const v of draws(userAgentDraw(browser), 300)) {
        const m = SHAPES[browser]?.exec(v);
        assert.ok(m, `${browser}: ${v}`);
        if (browser === "FIREFOX") assert.equal(m[1], m[2], v);
        if (browser === "CHROME") {
          assert.ok(Number(m[1]) >= 90 && Number(m[1]) <= 125, v);
          assert.ok(Number(m[2]) >= 4000 && Number(m[2]) <= 6400, v);
        }
      }
    }
  });

  it("of any browser draw every browser", () => {
    const values = draws(userAgentDraw(), 2_000);
    const found = new Set(
      values.map((v) => USER_AGENT_BROWSERS.find((b) => SHAPES[b]?.test(v)) ?? `unknown: ${v}`),
    );
    assert.deepEqual([...found].sort(), [...USER_AGENT_BROWSERS].sort());
  });
});
