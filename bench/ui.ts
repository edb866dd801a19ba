/**
 * The web UI's page load and size (`npm run bench -- --only=ui`, or alone: `node bench/ui.ts
 * [ROUNDS]`): `rowforge serve` on loopback with a fresh home holding a few runs, Debian's
 * chromium through playwright-core. Each round opens a fresh browser context (empty cache) at
 * #/history and reads the browser's own navigation timing (DOMContentLoaded, load), when the
 * shell first rendered (a performance mark of src/ui/app.tsx) and when the page showed its data
 * (the history table); then the same page again in that context (revalidated by ETag, 304s).
 * The size is what the server sends for the UI's files, brotli and gzip (target: page load under
 * 1 s, the whole UI under 300 KB compressed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath } from "../test/support/browser.ts";
import { startServe } from "../test/support/start-serve.ts";
import { spread } from "./rounds.ts";

export interface UiLoad {
  readonly domContentLoadedMs: number;
  readonly loadMs: number;
  readonly shellRenderedMs: number;
  /** From navigation start until the history table showed the runs (first API answer rendered). */
  readonly dataShownMs: number;
}

export interface UiBenchResult {
  readonly rounds: number;
  readonly cold: { readonly median: UiLoad; readonly all: readonly UiLoad[] };
  readonly warm: { readonly median: UiLoad; readonly all: readonly UiLoad[] };
  /** Bytes of index.html, app.js and app.css as sent: plain, gzip, brotli. */
  readonly bytes: { readonly plain: number; readonly gzip: number; readonly brotli: number };
}

const median = (xs: readonly number[]): number => spread(xs).median;
const medianLoad = (all: readonly UiLoad[]): UiLoad => ({
  domContentLoadedMs: median(all.map((l) => l.domContentLoadedMs)),
  loadMs: median(all.map((l) => l.loadMs)),
  shellRenderedMs: median(all.map((l) => l.shellRenderedMs)),
  dataShownMs: median(all.map((l) => l.dataShownMs)),
});

async function compressedBytes(url: string, encoding: "br" | "gzip" | "identity"): Promise<number> {
  const { request } = await import("node:http");
  let total = 0;
  for (const path of ["/ui/", "/ui/app.js", "/ui/app.css"]) {
    total += await new Promise<number>((resolve, reject) => {
      const req = request(`${url}${path}`, { headers: { "accept-encoding": encoding } }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => {
          n += c.length;
        });
        res.on("end", () => resolve(n));
      });
      req.on("error", reject);
      req.end();
    });
  }
  return total;
}

export async function runUiBenchmark(rounds = 7): Promise<UiBenchResult> {
  const home = mkdtempSync(join(tmpdir(), "rowforge-ui-bench-"));
  const out = mkdtempSync(join(tmpdir(), "rowforge-ui-bench-out-"));
  // The server writes only below the folders it is given (`--output-dir`), as it does for users.
  const serve = await startServe(["--home", home, "--output-dir", out]);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
  try {
    // A few runs, so the history page has data to show.
    const plan = {
      plan: { name: "bench_plan", tasks: [{ name: "t", dataSourceName: "files", enabled: true }] },
      tasks: [
        {
          name: "t",
          type: "json",
          options: { path: join(out, "t") },
          count: { records: 100 },
          fields: [{ name: "id", type: "long", options: { isUnique: true } }],
        },
      ],
    };
    // A refused run is reported with the server's reason, rather than waited for on the history page.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${serve.url}/run`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(plan),
      });
      if (!res.ok) throw new Error(`the bench's run was refused (${res.status}): ${await res.text()}`);
    }
    const load = async (page: import("playwright-core").Page): Promise<UiLoad> => {
      await page.goto(`${serve.url}/ui/#/history`, { waitUntil: "load" });
      await page.locator("tbody tr").first().waitFor();
      const dataShown = await page.evaluate(() => performance.now());
      // Runs in the browser, where performance has navigation entries (Node's types do not know them).
      const t = await page.evaluate(() => {
        const timing = performance as unknown as {
          getEntriesByType(type: string): { domContentLoadedEventEnd: number; loadEventEnd: number }[];
        };
        const nav = timing.getEntriesByType("navigation")[0]!;
        const mark = performance.getEntriesByName("rowforge:shell-rendered")[0];
        return {
          dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
          shell: mark?.startTime ?? Number.NaN,
        };
      });
      return { domContentLoadedMs: t.dcl, loadMs: t.load, shellRenderedMs: t.shell, dataShownMs: dataShown };
    };
    const cold: UiLoad[] = [];
    const warm: UiLoad[] = [];
    // One warm-up (the server's first answers, the browser's first process).
    {
      const context = await browser.newContext();
      await load(await context.newPage());
      await context.close();
    }
    for (let r = 0; r < rounds; r++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      cold.push(await load(page));
      warm.push(await load(page));
      await context.close();
    }
    return {
      rounds,
      cold: { median: medianLoad(cold), all: cold },
      warm: { median: medianLoad(warm), all: warm },
      bytes: {
        plain: await compressedBytes(serve.url, "identity"),
        gzip: await compressedBytes(serve.url, "gzip"),
        brotli: await compressedBytes(serve.url, "br"),
      },
    };
  } finally {
    await browser.close();
    await fetch(`${serve.url}/shutdown`, { method: "POST" }).catch(() => undefined);
    await serve.exited;
    rmSync(home, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

/** One line for the bench's printout. */
export const uiSummary = (r: UiBenchResult): string => {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const c = r.cold.median;
  const w = r.warm.median;
  return `ui (bench/ui.ts), median of ${r.rounds} rounds, #/history with 5 runs: cold cache DOMContentLoaded ${ms(c.domContentLoadedMs)}, load ${ms(c.loadMs)}, shell rendered ${ms(c.shellRenderedMs)}, runs shown ${ms(c.dataShownMs)} | warm (ETag revalidation) load ${ms(w.loadMs)}, runs shown ${ms(w.dataShownMs)} (target: under 1000 ms) | UI size ${(r.bytes.plain / 1024).toFixed(1)} KB, gzip ${(r.bytes.gzip / 1024).toFixed(1)} KB, brotli ${(r.bytes.brotli / 1024).toFixed(1)} KB (target: under 300 KB compressed)`;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rounds = Number(process.argv[2] ?? 7);
  const r = await runUiBenchmark(rounds);
  console.log(uiSummary(r));
  console.log(JSON.stringify(r));
}
