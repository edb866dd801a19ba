import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFacts } from "./shared-server.ts";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "scripts", "servers", "kafka.sh");

/** A Kafka broker of one test file's own (one it may stop, kill or configure apart from the shared one). */
export interface PrivateKafka {
  readonly bootstrap: string;
  readonly pid: number;
  readonly dir: string;
  /** Stops it (by its own script, exactly this broker) and removes its folder. */
  stop(): void;
}

/**
 * Starts a throw-away broker with scripts/servers/kafka.sh in a folder of its own: here with
 * auto.create.topics.enable off, for the unknown-topic and broker-killed fault tests. It goes
 * when this test process ends, also when the process is killed (the script's watch).
 */
export function startPrivateKafka(autoCreateTopics: boolean): PrivateKafka {
  const dir = join(mkdtempSync(join(tmpdir(), "rowforge-private-kafka-")), "kafka");
  const out = execFileSync("bash", [SCRIPT, "start"], {
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
      ROWFORGE_KAFKA_DIR: dir,
      KAFKA_AUTO_CREATE_TOPICS: String(autoCreateTopics),
      KAFKA_HEAP: "256M",
      KAFKA_JVM_OPTS: "-XX:TieredStopAtLevel=1",
      ROWFORGE_KAFKA_WATCH_PID: String(process.pid),
    },
    encoding: "utf8",
    timeout: 300_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const facts = parseFacts(out);
  return {
    bootstrap: facts.KAFKA_BOOTSTRAP!,
    pid: Number(facts.KAFKA_PID),
    dir: facts.KAFKA_DIR!,
    stop: () => {
      try {
        execFileSync("bash", [SCRIPT, "stop", facts.KAFKA_DIR!], { stdio: "ignore", timeout: 60_000 });
      } catch {
        // already gone (killed by a test)
      }
    },
  };
}
