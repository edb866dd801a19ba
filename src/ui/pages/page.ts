import type { ComponentType } from "preact";
import type { Route } from "../lib/router.ts";

/** What a page gets: its path parameters (`:name` → params.name) and the route (with its query). */
export interface PageProps {
  readonly params: Readonly<Record<string, string>>;
  readonly route: Route;
}

/** One page of the UI: the hash path it answers, its title, and its place in the nav (if any). */
export interface PageDef {
  /** `/plans`, `/plans/:name`, `/runs/:id`: matched against the hash path, first match wins. */
  readonly path: string;
  readonly title: string;
  /** Label in the nav; pages without one (details) are reached by links. */
  readonly nav?: string;
  readonly component: ComponentType<PageProps>;
}
