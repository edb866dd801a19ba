import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { REPO_ROOT } from "./run-cli.ts";
import { type ServeProcess, startServe } from "./start-serve.ts";

/** Debian's chromium (scripts/setup-chromium.sh installs it), or ROWFORGE_CHROMIUM. */
export function chromiumPath(): string {
  const candidates = [process.env.ROWFORGE_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p): p is string => p !== undefined && p !== "" && existsSync(p));
  if (!found)
    throw new Error(
      "no chromium for the browser tests: run `bash scripts/setup-chromium.sh` (installs Debian's chromium) or set ROWFORGE_CHROMIUM",
    );
  return found;
}

/** Where screenshots go for looking at them (out/ is not committed). */
export const SCREENSHOT_DIR = join(REPO_ROOT, "out", "ui-screenshots");

export interface UiSession {
  /** The server's base URL (http://127.0.0.1:<port>). */
  readonly url: string;
  /** The server's temporary home (store, reports). */
  readonly home: string;
  /** A scratch folder for the test's outputs, removed at the end. */
  readonly scratch: string;
  readonly serve: ServeProcess;
  readonly browser: Browser;
  /** A fresh page (own context) at a window size, 1280x800 by default. */
  newPage(size?: { width: number; height: number }): Promise<Page>;
  /** Calls the server's API from the test (set-up: saving plans, reading history). */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; text: string }>;
}

/**
 * One `rowforge serve` (free loopback port, temporary home) and one headless chromium for the
 * test file: call at the top level of the file; both stop when the file's tests end.
 */
export function useUiSession(extraServeArgs: readonly string[] = []): () => UiSession {
  let session: UiSession | undefined;
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;
  let serve: ServeProcess | undefined;
  let home = "";
  let scratch = "";
  before(async () => {
    home = mkdtempSync(join(tmpdir(), "rowforge-ui-home-"));
    scratch = mkdtempSync(join(tmpdir(), "rowforge-ui-out-"));
    [serve, browser] = await Promise.all([
      // Plans of the tests write under the scratch folder: the server's data folder.
      startServe(["--home", home, "--data-dir", scratch, ...extraServeArgs]),
      chromium.launch({
        executablePath: chromiumPath(),
        headless: true,
        args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
      }),
    ]);
    const url = serve.url;
    const b = browser;
    const s = serve;
    session = {
      url,
      home,
      scratch,
      serve: s,
      browser: b,
      async newPage(size = { width: 1280, height: 800 }) {
        const context = await b.newContext({ viewport: size, baseURL: url });
        contexts.push(context);
        const page = await context.newPage();
        // Generous: the gate runs three test files at once on two cores, and a wait is for a condition, not a speed check.
        page.setDefaultTimeout(30_000);
        return page;
      },
      async api(method, path, body) {
        const res = await fetch(`${url}${path}`, {
          method,
          ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
        });
        const text = await res.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        return { status: res.status, json, text };
      },
    };
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    if (serve) {
      await fetch(`${serve.url}/shutdown`, { method: "POST" }).catch(() => undefined);
      const timer = setTimeout(() => serve?.child.kill("SIGKILL"), 10_000);
      await serve.exited;
      clearTimeout(timer);
    }
    rmSync(home, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });
  return () => {
    if (!session) throw new Error("the UI session starts in before(): use it inside a test");
    return session;
  };
}

/** Saves a full-page screenshot as out/ui-screenshots/<name>.png, for looking at it. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
