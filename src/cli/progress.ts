import type { CliIo } from "./cli-io.ts";

/** Live progress per step on a terminal (a redrawn bar), plain log lines otherwise. */
export function createProgress(
  io: CliIo,
  tty: boolean,
): { update(step: string, done: number, total: number): void; end(): void } {
  let lastLine = "";
  let lastLogged = new Map<string, number>();
  return {
    update(step, done, total) {
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (tty) {
        const width = 30;
        const filled = Math.round((pct / 100) * width);
        const line = `${step.padEnd(24).slice(0, 24)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(pct).padStart(3)}% ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`;
        if (line !== lastLine) {
          io.err(`\r${line}`);
          lastLine = line;
        }
        if (done >= total) {
          io.err("\n");
          lastLine = "";
        }
        return;
      }
      const step10 = Math.floor(pct / 10);
      if ((lastLogged.get(step) ?? -1) < step10 || done >= total) {
        lastLogged.set(step, step10);
        io.err(`${step}: ${done}/${total} rows (${pct}%)\n`);
      }
    },
    end() {
      if (lastLine) io.err("\n");
      lastLogged = new Map();
    },
  };
}
