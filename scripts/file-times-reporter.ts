/**
 * A `node --test` reporter that writes one line per test file: its path and the time of its
 * top-level tests in milliseconds (tab-separated), for scripts/run-tests.ts's list of the
 * slowest files.
 */
import { relative } from "node:path";

interface TestEvent {
  readonly type: string;
  readonly data: {
    readonly nesting?: number;
    readonly file?: string;
    readonly details?: { duration_ms?: number };
  };
}

export default async function* fileTimes(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const perFile = new Map<string, number>();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || file === undefined) continue;
    const name = relative(process.cwd(), file);
    perFile.set(name, (perFile.get(name) ?? 0) + (details?.duration_ms ?? 0));
  }
  for (const [file, ms] of perFile) yield `${file}\t${Math.round(ms)}\n`;
}
