import * as http from "node:http";
import * as http2 from "node:http2";
import * as net from "node:net";

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
 * req.socket is a proxy of its session's socket; the session's peer is also remembered here).
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
  /**
   * An ordinary request's body must have arrived in full this long after its headers did (the headers
   * themselves had headersTimeoutMs), on HTTP/1.1 and h2c alike: a body trickled a byte every few seconds
   * is cut (HTTP/1.1: 408 and close; h2: the stream is reset) instead of holding a socket for minutes.
   * 0 turns the deadline off. Uploads (isUpload) have a minimum rate instead.
   */
  requestTimeoutMs?: number;
  /**
   * Requests whose bodies may rightly take long (file uploads, client-streaming RPCs): uploadRate applies
   * instead of requestTimeoutMs. Default: streaming RPCs (isStreamingRpc).
   */
  isUpload?: (req: http.IncomingMessage | http2.Http2ServerRequest) => boolean;
  /** The minimum transfer rate of an upload's body; a slow but moving 100 MB upload is never cut. */
  uploadRate?: UploadRate;
  /**
   * Concurrent connections from one TCP peer address; beyond it a new connection is answered 503 with
   * Retry-After (an HTTP/1.1 client reads it; any other is simply closed). 0 = no cap.
   */
  maxConnectionsPerAddress?: number;
  /** Peers the cap does not apply to (a trusted reverse proxy carries many clients on its connections). */
  uncapped?: (address: string) => boolean;
}

/**
 * After `graceMs`, an upload whose body moved fewer than `minBytes` in the last `windowMs` (looked at every
 * windowMs/4) is cut. Time in which the server itself is not reading (bytes are waiting unread) is not held
 * against the client.
 */
export interface UploadRate {
  minBytes: number;
  windowMs: number;
  graceMs: number;
}

/** Defaults of listenDual's request limits (the gateway sets its own from its config). */
export const LISTEN_DEFAULTS = {
  requestTimeoutMs: 30_000,
  /** 16 KiB per 15 s (≈1 KiB/s) after 15 s: a 100 MB upload at 100 KiB/s (17 min) is far above it. */
  uploadRate: { minBytes: 16 * 1024, windowMs: 15_000, graceMs: 15_000 } satisfies UploadRate,
  /**
   * High, for internal service ports: gRPC clients keep a few long-lived sessions, and a sidecar proxy
   * may make every caller look like one address. The public listener (the gateway) sets a lower one.
   */
  maxConnectionsPerAddress: 1024,
} as const;

const BUSY_RETRY_AFTER_S = 5;
const BUSY_BODY = JSON.stringify({ code: 14, message: "来自该地址的连接过多，请稍后再试" });
const BUSY = Buffer.from(
  "HTTP/1.1 503 Service Unavailable\r\nRetry-After: " +
    `${BUSY_RETRY_AFTER_S}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(BUSY_BODY)}\r\n\r\n${BUSY_BODY}`,
);
const TIMEOUT_BODY = JSON.stringify({ code: 4, message: "请求发送过慢，已超时" });
const REQUEST_TIMEOUT = Buffer.from(
  "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n" +
    `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`,
);

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
  const limits: RequestLimits = {
    deadlineMs: opts.requestTimeoutMs ?? LISTEN_DEFAULTS.requestTimeoutMs,
    isUpload: opts.isUpload ?? isStreamingRpc,
    rate: opts.uploadRate ?? LISTEN_DEFAULTS.uploadRate,
  };
  const guarded: HttpHandler = (req, res) => {
    watchRequest(req, res, limits);
    handler(req, res);
  };
  const h1 = http.createServer(
    { maxHeaderSize: opts.maxHeaderSize ?? 16 * 1024, connectionsCheckingInterval: 1_000 },
    guarded,
  );
  h1.headersTimeout = headersTimeoutMs;
  h1.requestTimeout = 0; // per request instead (watchRequest): uploads have a minimum rate, not a deadline
  h1.keepAliveTimeout = idleTimeoutMs;
  h1.timeout = stallTimeoutMs; // socket inactivity: the socket is destroyed
  // http.Server starts tracking its connections (headers/request timeouts, closeIdleConnections)
  // on its own 'listening' event; h1 never listens itself — sockets are handed to it — so start it.
  h1.emit("listening");
  const h2 = http2.createServer({ maxSessionMemory: 64 }, guarded);
  const sessions = new Set<http2.ServerHttp2Session>();
  h2.on("session", (s) => {
    // the peer of the connection being handed over (peerAddress), whatever socket http2 exposes
    if (connecting) peers.set(s, connecting.remoteAddress);
    sessions.add(s);
    s.on("close", () => sessions.delete(s));
    watchSession(s, { first: headersTimeoutMs, idle: h2IdleTimeoutMs, stall: stallTimeoutMs });
  });
  const sockets = new Set<net.Socket>();
  let connecting: net.Socket | null = null;
  const cap = opts.maxConnectionsPerAddress ?? LISTEN_DEFAULTS.maxConnectionsPerAddress;
  const uncapped = opts.uncapped ?? (() => false);
  /** Open connections per peer address (capped peers only). */
  const perAddress = new Map<string, number>();

  // noDelay: without it Nagle + delayed ACK held small h2 frames (a gRPC hop cost ~40 ms more).
  const tcp = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
    const address = socket.remoteAddress ?? "";
    if (cap > 0 && !uncapped(address)) {
      const open = perAddress.get(address) ?? 0;
      if (open >= cap) return refuse(socket);
      perAddress.set(address, open + 1);
      socket.once("close", () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    }
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
        // The socket itself goes to http2, which then reads its handle natively (no bytes through JS);
        // the bytes already read are put back, and a new session reads what its socket holds first
        // (Node ≥ 20: nodejs/node#35475).
        socket.unshift(seen);
        connecting = socket;
        try {
          h2.emit("connection", socket); // emits "session" synchronously
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
 * A connection over the per-address cap: a 503 with Retry-After is written at once (nothing is read or
 * parsed), then the socket is closed; whatever the client sends meanwhile is discarded.
 */
function refuse(socket: net.Socket): void {
  socket.on("error", () => socket.destroy());
  socket.on("data", () => {});
  socket.resume();
  socket.end(BUSY);
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * A gRPC, gRPC-web or Connect streaming request, whose body may be a client stream as long as the upload
 * it carries (the gateway streams uploads into the content service at the uploader's pace). Connect's
 * unary requests (application/json, application/proto) are not.
 */
export function isStreamingRpc(req: http.IncomingMessage | http2.Http2ServerRequest): boolean {
  const type = req.headers["content-type"] ?? "";
  return type.startsWith("application/grpc") || type.startsWith("application/connect+");
}

const { NGHTTP2_STREAM_STATE_HALF_CLOSED_REMOTE, NGHTTP2_STREAM_STATE_CLOSED } = http2.constants;
/**
 * Whether an h2 client has sent its whole request (END_STREAM). Its request's body ends (push(null)) only
 * once the handler reads it; a GET handler that never reads must not be cut at the deadline.
 */
function sentAll(stream: http2.ServerHttp2Stream): boolean {
  const state = stream.state?.state;
  return (
    stream.endAfterHeaders || state === NGHTTP2_STREAM_STATE_HALF_CLOSED_REMOTE || state === NGHTTP2_STREAM_STATE_CLOSED
  );
}

interface RequestLimits {
  deadlineMs: number;
  isUpload: (req: http.IncomingMessage | http2.Http2ServerRequest) => boolean;
  rate: UploadRate;
}

/**
 * Bounds the time a request's body may take to arrive: a deadline after its headers, or for an upload a
 * minimum rate. Bytes are counted where the parser hands them to the request (its push), so watching
 * does not start the body flowing before the handler reads it. Too slow: an HTTP/1.1 request whose answer
 * has not begun gets 408 and the connection closes; otherwise the connection (h1) or stream (h2) is cut.
 */
function watchRequest(
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
  limits: RequestLimits,
): void {
  const upload = limits.isUpload(req);
  if (!upload && limits.deadlineMs <= 0) return;
  const stream = req instanceof http.IncomingMessage ? null : req.stream;
  const transport = stream ?? req.socket; // its close ends the watch (h1: the socket outlives the request)
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    clearInterval(timer);
    transport.removeListener("close", stop);
  };
  const cut = () => {
    stop();
    if (stream && sentAll(stream)) return; // the client is done; the handler is just not reading
    if (stream) {
      if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_CANCEL);
      return;
    }
    const socket = req.socket;
    if (socket.destroyed) return;
    if (res.headersSent) socket.destroy();
    else socket.end(REQUEST_TIMEOUT, () => socket.destroy());
  };
  let moved = 0;
  const push = req.push;
  req.push = function (this: typeof req, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk === null) stop();
    else if (!done) moved += (chunk as Buffer).length;
    return push.call(this, chunk, encoding);
  };
  transport.once("close", stop);
  if (!upload) {
    timer = setTimeout(cut, limits.deadlineMs);
    timer.unref();
    return;
  }
  // Counts per quarter window; the sum of the last four is the bytes moved in the last window.
  const { minBytes, windowMs, graceMs } = limits.rate;
  const started = Date.now();
  const slots = [0, 0, 0, 0];
  let slot = 0;
  timer = setInterval(() => {
    // Bytes waiting unread mean the server is the slow side (backpressure): not the client's fault.
    const unread = req.readableLength + (stream?.readableLength ?? 0);
    slots[slot++ % 4] = unread > 0 ? minBytes : moved;
    moved = 0;
    const sum = slots.reduce((a, b) => a + b, 0);
    if (Date.now() - started >= graceMs && sum < minBytes) cut();
  }, windowMs / 4);
  timer.unref();
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
