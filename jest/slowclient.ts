// Slow clients for tests of listenDual's limits (services/kit listen tests, the gateway's system test):
// raw sockets sending a POST whose body never ends, over HTTP/1.1 or cleartext HTTP/2.
import * as net from "node:net";

export const H2_PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
export const H2_EMPTY_SETTINGS = Buffer.from("000000040000000000", "hex");

/** One HTTP/2 frame. */
export function h2frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
}

/** HTTP/2 frame types found in a byte stream from the server. */
export function frameTypes(data: Buffer): number[] {
  const types: number[] = [];
  for (let i = 0; i + 9 <= data.length; ) {
    const len = data.readUIntBE(i, 3);
    types.push(data[i + 3] as number);
    i += 9 + len;
  }
  return types;
}

/** HPACK, never indexed: `:method POST`, `:scheme http`, `:authority x`, `:path <path>`, and the headers. */
function postHeaders(path: string, headers: Record<string, string>): Buffer {
  const literal = (nameIndex: number, value: string) => {
    const v = Buffer.from(value);
    if (v.length > 127) throw new Error("header value too long for this encoder");
    return Buffer.concat([Buffer.from([0x10 | nameIndex, v.length]), v]);
  };
  const named = (name: string, value: string) => {
    const n = Buffer.from(name);
    return Buffer.concat([Buffer.from([0x10, n.length]), n, literal(0, value).subarray(1)]);
  };
  return Buffer.concat([
    Buffer.from([0x83, 0x86]), // :method POST, :scheme http
    literal(1, "x"), // :authority (nghttp2 wants one)
    literal(4, path),
    ...Object.entries(headers).map(([k, v]) => named(k, v)),
  ]);
}

export interface Trickle {
  /** Milliseconds from the start until the server closed the connection (h2: or reset the stream). */
  ended: Promise<number>;
  /** Not yet ended. */
  open(): boolean;
  /** What the server sent. */
  data(): Buffer;
  stop(): void;
}

/**
 * A client POSTing a body that never ends: `bytes` more bytes every `every` ms. HTTP/1.1 announces
 * `length` (100 MB unless told); h2 sends DATA frames on stream 1.
 */
export function trickle(
  port: number,
  proto: "h1" | "h2",
  opts: {
    host?: string;
    path?: string;
    every?: number;
    bytes?: number;
    from?: string;
    headers?: Record<string, string>;
    /** HTTP/1.1 Content-Length. */
    length?: number;
  } = {},
): Trickle {
  const path = opts.path ?? "/";
  const chunks: Buffer[] = [];
  const started = Date.now();
  const s = net.connect({ port, host: opts.host ?? "127.0.0.1", localAddress: opts.from });
  let drip: NodeJS.Timeout | undefined;
  let endedAfter: number | undefined;
  let resolveEnded: (ms: number) => void = () => {};
  const ended = new Promise<number>((r) => (resolveEnded = r));
  const settle = () => {
    endedAfter ??= Date.now() - started;
    clearInterval(drip);
    resolveEnded(endedAfter);
  };
  const piece = Buffer.alloc(opts.bytes ?? 1, "x");
  s.on("connect", () => {
    if (proto === "h1") {
      const extra = Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`);
      s.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${opts.length ?? 1e8}\r\n${extra.join("")}\r\n`);
      drip = setInterval(() => s.write(piece), opts.every ?? 100);
    } else {
      const headers = h2frame(0x1, 0x4, 1, postHeaders(path, opts.headers ?? {}));
      s.write(Buffer.concat([Buffer.from(H2_PREFACE), H2_EMPTY_SETTINGS, headers]));
      drip = setInterval(() => s.write(h2frame(0x0, 0, 1, piece)), opts.every ?? 100);
    }
  });
  s.on("data", (c: Buffer) => {
    chunks.push(c);
    if (proto === "h2" && frameTypes(Buffer.concat(chunks)).includes(0x3)) settle();
  });
  s.on("error", () => {});
  s.on("close", settle);
  return {
    ended,
    open: () => endedAfter === undefined,
    data: () => Buffer.concat(chunks),
    stop: () => {
      clearInterval(drip);
      s.destroy();
    },
  };
}

/** The p-th quantile (0..1) of some figures. */
export function percentile(xs: readonly number[], p: number): number {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
}
