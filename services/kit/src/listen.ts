import * as http from "node:http";
import * as http2 from "node:http2";
import * as net from "node:net";
import { Duplex } from "node:stream";

export type HttpHandler = (
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
) => void;

export interface Listening {
  port: number;
  /** Stops accepting, ends idle connections, waits for in-flight requests up to `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

const H2_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n");

const peers = new WeakMap<http2.Http2Session, string | undefined>();

/**
 * The TCP peer of a request served by listenDual, for HTTP/1.1 and h2c alike (an h2c request's
 * req.socket has no address, because http2 runs over a JS stream there).
 */
export function peerAddress(req: http.IncomingMessage | http2.Http2ServerRequest): string | undefined {
  const direct = req.socket?.remoteAddress;
  if (direct) return direct;
  const session = (req as http2.Http2ServerRequest).stream?.session;
  return session ? peers.get(session) : undefined;
}

/**
 * One TCP port serving both HTTP/1.1 (browsers, probes, Connect, gRPC-web) and cleartext
 * HTTP/2 (gRPC, Connect over h2). The first bytes of each connection pick the protocol.
 */
export interface ListenOptions {
  port: number;
  host?: string;
  maxHeaderSize?: number;
  /** A request's headers must be complete this long after the connection (or the last request) began. */
  headersTimeoutMs?: number;
  /** An HTTP/1.1 connection with no request in flight is closed after this long (keep-alive). */
  idleTimeoutMs?: number;
  /**
   * An h2 session without streams is closed after this long. Longer than HTTP/1.1's: gRPC clients (the
   * services' own, in a cluster) keep one session for many calls, and each GOAWAY costs them a reconnect.
   */
  h2IdleTimeoutMs?: number;
  /**
   * A request or response that moves no byte for this long is cut: a body sent (or read) a byte a minute
   * never holds a socket and its buffers forever. Uploads and downloads that keep moving are not limited.
   */
  stallTimeoutMs?: number;
}

/**
 * The timeouts of HTTP/1.1 (headers, keep-alive idle, stalled body) apply to h2c sessions and streams too:
 * an h2 session that opens no stream within headersTimeoutMs (a half-sent HEADERS frame), or stays
 * without streams for h2IdleTimeoutMs, is closed; a stream that stalls for stallTimeoutMs is reset.
 */
export function listenDual(handler: HttpHandler, opts: ListenOptions): Promise<Listening> {
  const headersTimeoutMs = opts.headersTimeoutMs ?? 15_000;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 5_000;
  const stallTimeoutMs = opts.stallTimeoutMs ?? 120_000;
  const h2IdleTimeoutMs = opts.h2IdleTimeoutMs ?? 60_000;
  const h1 = http.createServer(
    { maxHeaderSize: opts.maxHeaderSize ?? 16 * 1024, connectionsCheckingInterval: 1_000 },
    handler,
  );
  h1.headersTimeout = headersTimeoutMs;
  h1.requestTimeout = 0; // uploads may be long: a moving body is fine, a stalled one is cut by h1.timeout
  h1.keepAliveTimeout = idleTimeoutMs;
  h1.timeout = stallTimeoutMs; // socket inactivity: the socket is destroyed
  // http.Server starts tracking its connections (headers/request timeouts, closeIdleConnections)
  // on its own 'listening' event; h1 never listens itself — sockets are handed to it — so start it.
  h1.emit("listening");
  const h2 = http2.createServer({ maxSessionMemory: 64 }, handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (s) => {
    // http2 wraps our Duplex in its own stream socket, which has no address: remember the peer.
    if (connecting) peers.set(s, connecting.remoteAddress);
    sessions.add(s);
    s.on("close", () => sessions.delete(s));
    watchSession(s, { first: headersTimeoutMs, idle: h2IdleTimeoutMs, stall: stallTimeoutMs });
  });
  const sockets = new Set<net.Socket>();
  let connecting: net.Socket | null = null;

  // noDelay: without it Nagle + delayed ACK held small h2 frames (a gRPC hop cost ~40 ms more).
  const tcp = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    // A client that never sends its first bytes does not hold the socket forever.
    socket.setTimeout(opts.headersTimeoutMs ?? 15_000, () => socket.destroy());
    let seen = Buffer.alloc(0);
    const onReadable = () => {
      let chunk: Buffer | null;
      // biome-ignore lint/suspicious/noAssignInExpressions: classic read loop
      while ((chunk = socket.read()) !== null) seen = Buffer.concat([seen, chunk]);
      const n = Math.min(seen.length, H2_PREFACE.length);
      const isH2 = seen.subarray(0, n).equals(H2_PREFACE.subarray(0, n));
      if (isH2 && seen.length < H2_PREFACE.length) return; // need more bytes to decide
      socket.removeListener("readable", onReadable);
      socket.setTimeout(0);
      if (isH2) {
        // http2 reads a native socket's handle directly and would miss the bytes we already
        // read; a JS duplex over the socket makes it read through JS instead.
        connecting = socket;
        try {
          h2.emit("connection", duplexOver(socket, seen)); // emits "session" synchronously
        } finally {
          connecting = null;
        }
      } else {
        socket.unshift(seen);
        h1.emit("connection", socket);
        socket.resume();
      }
    };
    socket.on("readable", onReadable);
  });

  return new Promise((resolve, reject) => {
    tcp.once("error", reject);
    tcp.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      const address = tcp.address() as net.AddressInfo;
      resolve({
        port: address.port,
        async close(graceMs = 10_000) {
          const closed = new Promise<void>((r) => tcp.close(() => r()));
          h1.closeIdleConnections();
          for (const s of sessions) s.close();
          const timer = setTimeout(() => {
            for (const s of sessions) s.destroy();
            for (const s of sockets) s.destroy();
          }, graceMs);
          timer.unref();
          h1.close();
          h2.close();
          await closed;
          clearTimeout(timer);
        },
      });
    });
  });
}

/**
 * While a session has no open stream, a timer runs: headersTimeoutMs for the first stream (a client that
 * sends its HEADERS a byte at a time never opens one), h2IdleTimeoutMs after the last one closed. When it
 * fires the session goes away (GOAWAY, then destroyed if the peer does not close). Streams that stall
 * are reset on their own.
 */
function watchSession(s: http2.ServerHttp2Session, ms: { first: number; idle: number; stall: number }): void {
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = (after: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      s.close();
      setTimeout(() => s.destroy(), 1_000).unref();
    }, after);
    timer.unref();
  };
  arm(ms.first);
  s.on("stream", (stream) => {
    open++;
    clearTimeout(timer);
    stream.setTimeout(ms.stall, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    stream.on("close", () => {
      if (--open === 0 && !s.closed && !s.destroyed) arm(ms.idle);
    });
  });
  s.on("close", () => clearTimeout(timer));
}

function duplexOver(socket: net.Socket, head: Buffer): Duplex {
  const d = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk, encoding, cb) {
      socket.write(chunk, encoding, cb);
    },
    final(cb) {
      socket.end();
      cb();
    },
    destroy(err, cb) {
      socket.destroy(err ?? undefined);
      cb(err);
    },
  });
  d.push(head);
  socket.on("data", (chunk) => {
    if (!d.push(chunk)) socket.pause();
  });
  socket.on("end", () => d.push(null));
  socket.on("close", () => d.destroy());
  return d;
}
