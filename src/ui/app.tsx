import { render } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { Toasts } from "./components/toast.tsx";
import { matchPath, navigate, useRoute } from "./lib/router.ts";
import type { PageDef } from "./pages/page.ts";
import { HOME, PAGES } from "./pages/registry.ts";
import { TokenPrompt } from "./token-prompt.tsx";

const find = (path: string): { page: PageDef; params: Record<string, string> } | undefined => {
  for (const page of PAGES) {
    const params = matchPath(page.path, path);
    if (params) return { page, params };
  }
  return undefined;
};

/** The nav entry a path belongs to: `/runs/<id>` is under Runs. */
const section = (path: string) => `/${path.split("/").filter(Boolean)[0] ?? ""}`;

/** The shell: skip link, header with the nav, the current page, toasts. */
export function App() {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const found = find(route.path);
  useEffect(() => {
    // When the shell first showed (bench/ui.ts reads it beside the navigation timing).
    performance.mark("rowforge:shell-rendered");
  }, []);
  useEffect(() => {
    if (route.path === "/") navigate(HOME);
  }, [route.path]);
  const navigated = useRef(false);
  useEffect(() => {
    document.title = `${found?.page.title ?? "Not found"} · rowforge`;
    // After a navigation (not the first page shown), keyboard and screen-reader users land on the new page's content.
    if (navigated.current) main.current?.focus({ preventScroll: true });
    navigated.current = true;
  }, [route.path, found?.page.title]);
  const current = section(route.path);
  const Page = found?.page.component;
  return (
    <>
      <button type="button" class="skip-link" onClick={() => main.current?.focus()}>
        Skip to content
      </button>
      <header class="topbar">
        <a class="brand" href={`#${HOME}`}>
          rowforge
        </a>
        <nav aria-label="Main">
          <ul>
            {PAGES.filter((p) => p.nav).map((p) => (
              <li>
                <a href={`#${p.path}`} aria-current={section(p.path) === current ? "page" : undefined}>
                  {p.nav}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <TokenPrompt />
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {Page && found ? (
          <Page params={found.params} route={route} />
        ) : route.path === "/" ? null : (
          <section>
            <h1>Page not found</h1>
            <p>
              Nothing lives at <code>#{route.path}</code>. Go to <a href={`#${HOME}`}>the plans</a>.
            </p>
          </section>
        )}
      </main>
      <Toasts />
    </>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);
