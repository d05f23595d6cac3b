// A request body that is not the method's message is the caller's fault in every protocol: Connect answers
// 400 invalid_argument, native gRPC (h2c) and gRPC-web grpc-status 3 (INVALID_ARGUMENT), never 13
// (INTERNAL, connect-es's answer, whose decoder is shared with clients). Through the gateway and against a
// service's own gRPC port; a good message still gets its RPC's answer.
import { connect as h2connect } from "node:http2";
import { gzipSync } from "node:zlib";
import { createLogger, type RunningService, serveService } from "@wenku/kit";
import { startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let service: RunningService;
let serviceUrl: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  service = await serveService(stack.definitions.config, {
    grpcPort: 0,
    adminPort: 0,
    host: "127.0.0.1",
    log: createLogger({ service: "test", level: "silent" }),
  });
  serviceUrl = `http://127.0.0.1:${service.grpcPort}`;
}, 60_000);
afterAll(async () => {
  await service?.close(1_000);
  await stack?.stop();
});

const PATH = "/api.v1.ConfigAPI/GetSettings"; // public, takes google.protobuf.Empty
/** A length-delimited field 1 whose declared length runs past the end: no message decodes from it. */
const broken = Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]);
const envelope = (data: Buffer, flags = 0) => {
  const head = Buffer.alloc(5);
  head[0] = flags;
  head.writeUInt32BE(data.byteLength, 1);
  return Buffer.concat([head, data]);
};

/** One native gRPC call over h2c; its grpc-status (from the trailers, or headers of a trailers-only answer). */
function grpcCall(base: string, body: Buffer, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const session = h2connect(base);
    session.on("error", reject);
    const req = session.request({
      ":method": "POST",
      ":path": PATH,
      "content-type": "application/grpc",
      te: "trailers",
      ...headers,
    });
    let status = "";
    req.on("response", (h) => {
      status = String(h["grpc-status"] ?? "");
    });
    req.on("trailers", (t) => {
      status = String(t["grpc-status"] ?? status);
    });
    req.on("data", () => {});
    req.on("end", () => {
      session.close();
      resolve(status);
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.close());
    req.end(body);
  });
}

/** One gRPC-web call over HTTP/1.1; the grpc-status of its trailer frame (or header). */
async function grpcWebCall(base: string, body: Buffer): Promise<string> {
  const res = await fetch(base + PATH, {
    method: "POST",
    headers: { "content-type": "application/grpc-web+proto", "x-grpc-web": "1" },
    body,
  });
  const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
  return res.headers.get("grpc-status") ?? /grpc-status:\s*(\d+)/i.exec(text)?.[1] ?? "";
}

for (const [where, base] of [
  ["the gateway", () => stack.url],
  ["a service port", () => serviceUrl],
] as const) {
  test(`${where}: native gRPC with a body that is not the message → INVALID_ARGUMENT (3), a good one → OK`, async () => {
    expect(await grpcCall(base(), envelope(broken))).toBe("3");
    expect(await grpcCall(base(), envelope(broken), { "content-type": "application/grpc+proto" })).toBe("3");
    expect(await grpcCall(base(), envelope(gzipSync(broken), 1), { "grpc-encoding": "gzip" })).toBe("3");
    expect(await grpcCall(base(), envelope(Buffer.alloc(0)))).toBe("0");
  });

  test(`${where}: gRPC-web with a body that is not the message → INVALID_ARGUMENT (3), a good one → OK`, async () => {
    expect(await grpcWebCall(base(), envelope(broken))).toBe("3");
    expect(await grpcWebCall(base(), envelope(Buffer.alloc(0)))).toBe("0");
  });

  test(`${where}: Connect with a body that is not the message → 400 invalid_argument`, async () => {
    const r = await fetch(base() + PATH, {
      method: "POST",
      headers: { "content-type": "application/proto" },
      body: broken,
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { code: string }).code).toBe("invalid_argument");
  });
}
