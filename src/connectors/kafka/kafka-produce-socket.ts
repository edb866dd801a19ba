import { connect, type Socket } from "node:net";

/** What the socket needs from @platformatic/kafka: its errors (so they read as the client's) and response reader. */
export interface ProduceSocketLibrary {
  /** A connection lost or refused (the client's NetworkError: may be retried). */
  readonly networkError: (message: string, cause?: unknown) => Error;
  /** No answer within the request timeout (the client's TimeoutError: not retried). */
  readonly timeoutError: (message: string) => Error;
  /** Parses a Produce response body of the version (throws the client's ResponseError when a partition failed). */
  readonly parseResponse: (
    correlationId: number,
    apiKey: number,
    apiVersion: number,
    body: Buffer,
  ) => unknown;
}

export interface ProduceSocketOptions {
  readonly host: string;
  readonly port: number;
  readonly clientId: string;
  readonly version: number;
  readonly connectTimeoutMs: number;
  readonly requestTimeoutMs: number;
}

interface Pending {
  readonly correlationId: number;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

const PRODUCE_API_KEY = 0;

/** An unsigned varint at `p`: its value and the position after it. */
function uvarint(b: Buffer, p: number): [value: number, next: number] {
  let v = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = b[p++]!;
    v += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [v, p];
  }
}

/** The position after a tagged-fields section at `p` (a count, then each tag, size and bytes). */
function afterTaggedFields(b: Buffer, p: number): number {
  let [count, q] = uvarint(b, p);
  for (; count > 0; count--) {
    const [, afterTag] = uvarint(b, q);
    const [size, afterSize] = uvarint(b, afterTag);
    q = afterSize + size;
  }
  return q;
}

/**
 * One plain TCP connection to a partition leader that carries only Produce requests (v9 to
 * 11): each request's header and the caller's payload are written as two buffers (no copy
 * joining them), the answers are read in order and matched by correlation id. A request not
 * answered within the request timeout, or a connection lost, fails every request waiting on
 * it and closes the socket (the caller opens another to retry).
 */
export class ProduceSocket {
  private readonly socket: Socket;
  private readonly o: ProduceSocketOptions;
  private readonly lib: ProduceSocketLibrary;
  private readonly header: Buffer;
  private readonly pending: Pending[] = [];
  private correlationId = 0;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private failure: Error | undefined;

  private constructor(socket: Socket, o: ProduceSocketOptions, lib: ProduceSocketLibrary) {
    this.socket = socket;
    this.o = o;
    this.lib = lib;
    const id = Buffer.from(o.clientId, "utf8");
    // size, api key, api version, correlation id, client id (int16 length + bytes), no tagged fields
    this.header = Buffer.alloc(4 + 2 + 2 + 4 + 2 + id.length + 1);
    this.header.writeInt16BE(PRODUCE_API_KEY, 4);
    this.header.writeInt16BE(o.version, 6);
    this.header.writeInt16BE(id.length, 12);
    id.copy(this.header, 14);
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("error", (e) =>
      this.fail(lib.networkError(`connection to ${o.host}:${o.port} failed: ${e.message}`, e)),
    );
    socket.on("close", () => this.fail(lib.networkError(`connection to ${o.host}:${o.port} closed`)));
  }

  /** Connects (bounded by the connect timeout). */
  static open(o: ProduceSocketOptions, lib: ProduceSocketLibrary): Promise<ProduceSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: o.host, port: o.port, noDelay: true });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(lib.networkError(`no connection to ${o.host}:${o.port} within ${o.connectTimeoutMs} ms`));
      }, o.connectTimeoutMs);
      socket.once("error", (e) => {
        clearTimeout(timer);
        reject(lib.networkError(`connecting to ${o.host}:${o.port} failed: ${e.message}`, e));
      });
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.removeAllListeners("error");
        resolve(new ProduceSocket(socket, o, lib));
      });
    });
  }

  /** Usable for new requests (not failed, not closed). */
  get open(): boolean {
    return this.failure === undefined;
  }

  /** Sends one Produce request (its payload after the header) and resolves once the broker answered without error. */
  send(payload: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.correlationId = (this.correlationId + 1) & 0x7fffffff;
    const correlationId = this.correlationId;
    const header = Buffer.from(this.header);
    header.writeInt32BE(header.length - 4 + payload.length, 0);
    header.writeInt32BE(correlationId, 8);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.fail(
            this.lib.timeoutError(
              `the broker at ${this.o.host}:${this.o.port} did not answer a produce request within ${this.o.requestTimeoutMs} ms`,
            ),
          ),
        this.o.requestTimeoutMs,
      );
      this.pending.push({ correlationId, resolve, reject, timer });
      this.socket.cork();
      this.socket.write(header);
      this.socket.write(payload);
      this.socket.uncork();
    });
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.buffered >= 4) {
      const head = this.chunks[0]!.length >= 4 ? this.chunks[0]! : Buffer.concat(this.chunks);
      const size = head.readInt32BE(0);
      if (this.buffered < 4 + size) return;
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      const frame = all.subarray(4, 4 + size);
      const rest = all.subarray(4 + size);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
      this.answer(frame);
      if (this.failure) return;
    }
  }

  /** A response frame: correlation id, the header's tagged fields (flexible versions), the body. */
  private answer(frame: Buffer): void {
    const correlationId = frame.readInt32BE(0);
    const waiting = this.pending.shift();
    if (!waiting || waiting.correlationId !== correlationId) {
      if (waiting) this.pending.unshift(waiting);
      this.fail(
        this.lib.networkError(
          `the broker at ${this.o.host}:${this.o.port} answered request ${correlationId} out of order`,
        ),
      );
      return;
    }
    clearTimeout(waiting.timer);
    try {
      this.lib.parseResponse(
        correlationId,
        PRODUCE_API_KEY,
        this.o.version,
        frame.subarray(afterTaggedFields(frame, 4)),
      );
      waiting.resolve();
    } catch (e) {
      waiting.reject(e as Error);
    }
  }

  /** Fails what waits and closes: nothing more is sent on this socket. */
  private fail(e: Error): void {
    if (!this.failure) this.failure = e;
    for (const p of this.pending.splice(0)) {
      clearTimeout(p.timer);
      p.reject(this.failure);
    }
    this.socket.destroy();
  }

  /** Closes the socket (what still waits fails). */
  close(): void {
    this.fail(this.lib.networkError(`connection to ${this.o.host}:${this.o.port} closed by rowforge`));
  }
}
