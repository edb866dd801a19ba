/**
 * `node bench/ui-preview.ts [--rounds=60]`: the plan editor's live sample preview, measured in
 * a real browser (Debian's chromium through playwright-core) against `rowforge serve` on
 * loopback. A saved plan has one step of 20 fields (regex, Datafaker expressions, oneOf, numbers,
 * dates, timestamps, a SQL field, a nested struct); the bench opens it in the editor and changes
 * one option through the form again and again. Per edit it records:
 *  - request: POST /sample/task-yaml sent to answer received (what the editor shows as "in N ms");
 *  - edit to table: the input event to the new rows in the DOM (the editor's 120 ms debounce,
 *    the YAML edit, the request and the render).
 * Prints p50/p95/max of each and writes bench/results/ui-preview.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath } from "../test/support/browser.ts";
import { startServe } from "../test/support/start-serve.ts";

const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 60);

const FIELDS = [
  { name: "id", options: { regex: "ACC[0-9]{8}", isUnique: true } },
  { name: "first_name", options: { expression: "#{Name.firstName}" } },
  { name: "last_name", options: { expression: "#{Name.lastName}" } },
  { name: "email", options: { email: "example.com" } },
  { name: "status", options: { oneOf: ["open->0.7", "closed->0.2", "frozen->0.1"] } },
  { name: "balance", type: "double", options: { min: 0, max: 100000, round: 2 } },
  { name: "age", type: "int", options: { min: 18, max: 90 } },
  { name: "opened", type: "date", options: { withinDays: 365 } },
  { name: "updated", type: "timestamp", options: { min: "now-30d" } },
  { name: "score", type: "long", options: { min: 1, max: 1000000 } },
  { name: "country", options: { oneOf: ["DE", "FR", "NL", "US", "GB"] } },
  { name: "city", options: { expression: "#{Address.city}" } },
  { name: "iban", options: { regex: "DE[0-9]{20}" } },
  { name: "active", type: "boolean" },
  { name: "tier", options: { sql: "CASE WHEN balance > 50000 THEN 'gold' ELSE 'basic' END" } },
  { name: "limit_eur", type: "decimal(10,2)", options: { min: 100, max: 5000 } },
  { name: "phone", options: { expression: "#{PhoneNumber.cellPhone}" } },
  { name: "tags", type: "array<string>", options: { arrayMinLen: 1, arrayMaxLen: 3 } },
  {
    name: "address",
    fields: [
      { name: "street", options: { expression: "#{Address.streetAddress}" } },
      { name: "zip", options: { regex: "[0-9]{5}" } },
    ],
  },
  { name: "note", options: { minLen: 5, maxLen: 30 } },
];

const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const round = (x: number) => Math.round(x * 10) / 10;
const summary = (xs: readonly number[]) => ({
  p50: round(percentile(xs, 50)),
  p95: round(percentile(xs, 95)),
  max: round(Math.max(...xs)),
});

/** The page's DOM, as far as the measurement in the page uses it (the bench compiles without DOM types). */
interface PageDom {
  querySelector(selector: string): {
    value: string;
    textContent: string | null;
    getAttribute(name: string): string | null;
    dispatchEvent(e: unknown): boolean;
  } | null;
}
interface PageGlobals {
  document: PageDom;
  Event: new (type: string, init: { bubbles: boolean }) => unknown;
  performance: { now(): number };
  MutationObserver: new (cb: () => void) => { observe(t: unknown, o: object): void; disconnect(): void };
}

const home = mkdtempSync(join(tmpdir(), "rowforge-ui-bench-"));
const serve = await startServe(["--home", home]);
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
try {
  const res = await fetch(`${serve.url}/plan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      plan: { name: "preview_bench", tasks: [{ name: "accounts", dataSourceName: "json", enabled: true }] },
      tasks: [
        {
          name: "accounts",
          steps: [
            {
              name: "accounts",
              type: "json",
              options: { path: join(home, "out") },
              count: { records: 1000 },
              fields: FIELDS,
            },
          ],
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the bench plan was not saved: ${await res.text()}`);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${serve.url}/ui/#/plans/preview_bench`);
  await page.getByText(/10 rows in \d+ ms/).waitFor({ timeout: 30_000 });
  const requestMs: number[] = [];
  const editMs: number[] = [];
  for (let i = 0; i < rounds + 5; i++) {
    const value = String(90 + (i % 40) + 1);
    const r = await page.evaluate(
      ({ value }) =>
        new Promise<{ edit: number; request: number }>((resolve) => {
          const g = globalThis as unknown as PageGlobals;
          const status = g.document.querySelector("[data-testid=preview-status]")!;
          const input = g.document.querySelector('input[aria-label="age option max"]')!;
          const before = Number(status.getAttribute("data-version"));
          const t0 = g.performance.now();
          const observer = new g.MutationObserver(() => {
            if (Number(status.getAttribute("data-version")) <= before) return;
            observer.disconnect();
            const request = Number(/in (\d+) ms/.exec(status.textContent ?? "")?.[1] ?? Number.NaN);
            resolve({ edit: g.performance.now() - t0, request });
          });
          observer.observe(status, { attributes: true, childList: true, subtree: true, characterData: true });
          input.value = value;
          input.dispatchEvent(new g.Event("input", { bubbles: true }));
        }),
      { value },
    );
    if (i < 5) continue; // warm-up: the server compiles the step's generators once
    editMs.push(r.edit);
    requestMs.push(r.request);
  }
  const result = {
    date: new Date().toISOString(),
    fields: FIELDS.length,
    rows: 10,
    rounds,
    loadavg: loadavg()[0] ?? 0,
    requestMs: summary(requestMs),
    editToTableMs: summary(editMs),
  };
  console.log(
    `plan editor preview, ${FIELDS.length}-field step, 10 rows, ${rounds} edits (load ${result.loadavg.toFixed(2)})`,
  );
  console.log(
    `  request (POST /sample/task-yaml)  p50 ${result.requestMs.p50} ms  p95 ${result.requestMs.p95} ms  max ${result.requestMs.max} ms`,
  );
  console.log(
    `  edit to table (debounce included) p50 ${result.editToTableMs.p50} ms  p95 ${result.editToTableMs.p95} ms  max ${result.editToTableMs.max} ms`,
  );
  const dir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "ui-preview.json"), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await fetch(`${serve.url}/shutdown`, { method: "POST" }).catch(() => undefined);
  await serve.exited;
  rmSync(home, { recursive: true, force: true });
}
