import { createServer } from "node:net";

/** The facts a server script printed, every stdout line a KEY=value (anything else is a failure: stdout carries facts only). */
export function scriptFacts(out: string): Record<string, string> {
  return Object.fromEntries(
    out
      .trim()
      .split("\n")
      .map((line) => {
        const m = /^([A-Z_]+)=(.*)$/.exec(line);
        if (!m)
          throw new Error(
            `a server script printed a line that is no KEY=value fact: ${JSON.stringify(line)}`,
          );
        return [m[1]!, m[2]!] as const;
      }),
  );
}

/** A loopback port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Whether a process with this pid exists. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
