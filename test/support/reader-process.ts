import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/**
 * A long-lived reader process (pyarrow, the Apache ORC Java tools) that answers many requests,
 * so a test file pays its interpreter's or JVM's start once instead of once per file it reads.
 *
 * The protocol, on the child's stdin and stdout: a request is one line, its arguments joined by
 * tabs; the answer is a header line `ok <bytes>` or `error <bytes>`, then that many bytes of
 * UTF-8 (the output, or what went wrong). Requests are answered one at a time, in order.
 */
export class ReaderProcess {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #what: string;
  readonly #waiting: { resolve: (text: string) => void; reject: (e: Error) => void }[] = [];
  #buffered = Buffer.alloc(0);
  #stderr = "";
  #ended: Error | undefined;

  private constructor(child: ChildProcessWithoutNullStreams, what: string) {
    this.#child = child;
    this.#what = what;
    child.stdout.on("data", (chunk: Buffer) => {
      this.#buffered = Buffer.concat([this.#buffered, chunk]);
      this.#answer();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-20_000);
    });
    const end = (why: string) => {
      this.#ended ??= new Error(`${what} ${why}:\n${this.#stderr}`);
      for (const w of this.#waiting.splice(0)) w.reject(this.#ended);
    };
    child.on("error", (e) => end(`could not run (${e.message})`));
    child.on("exit", (code, signal) => end(`exited (${signal ?? code})`));
  }

  /** Starts `command args` (it must speak the protocol above); `what` names it in errors. */
  static start(command: string, args: readonly string[], what: string): ReaderProcess {
    return new ReaderProcess(spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] }), what);
  }

  /** The answer to one request: its output, or a rejection with what the reader said went wrong. */
  request(args: readonly string[]): Promise<string> {
    if (this.#ended) return Promise.reject(this.#ended);
    if (args.some((a) => /[\t\n]/.test(a)))
      throw new Error(`${this.#what}: an argument holds a tab or newline`);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#child.stdin.write(`${args.join("\t")}\n`);
    });
  }

  /** Hands out every complete answer in the buffer to the request waiting for it. */
  #answer(): void {
    for (;;) {
      const eol = this.#buffered.indexOf(10);
      if (eol < 0) return;
      const m = /^(ok|error) (\d+)$/.exec(this.#buffered.subarray(0, eol).toString("utf8"));
      if (!m) {
        this.#child.kill("SIGKILL");
        this.#ended = new Error(
          `${this.#what} printed something other than an answer: ${this.#buffered.subarray(0, 200).toString("utf8")}`,
        );
        for (const w of this.#waiting.splice(0)) w.reject(this.#ended);
        return;
      }
      const size = Number(m[2]);
      if (this.#buffered.length < eol + 1 + size) return;
      const text = this.#buffered.subarray(eol + 1, eol + 1 + size).toString("utf8");
      this.#buffered = this.#buffered.subarray(eol + 1 + size);
      const w = this.#waiting.shift();
      if (!w) continue;
      if (m[1] === "ok") w.resolve(text);
      else w.reject(new Error(`${this.#what}: ${text}`));
    }
  }

  /** Ends the process (its stdin closed: it leaves its loop) and waits until it is gone. */
  async close(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), 10_000);
    await gone;
    clearTimeout(timer);
  }
}
