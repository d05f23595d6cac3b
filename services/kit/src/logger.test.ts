// The per-RPC log lines: debug with pretty (human-readable) lines on a terminal, so the default level
// shows what a person starting the site needs; JSON at info where logs are collected.
import { Writable } from "node:stream";
import { create } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { observeInterceptor } from "./interceptors.js";
import { createLogger, type Logger, requestLogLevel } from "./logger.js";

function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { stream, lines: () => text.split("\n").filter(Boolean) };
}

/** One GetUser call through the observe interceptor logging to `log`, then a tick for the stream. */
async function oneRpc(log: Logger): Promise<void> {
  const transport = createRouterTransport(
    (router) => router.service(UserAPI, { getUser: async (req) => create(UserSchema, { id: req.id, username: "u" }) }),
    { router: { interceptors: [observeInterceptor(log)] } },
  );
  await createClient(UserAPI, transport).getUser({ id: 1n });
  await new Promise((r) => setTimeout(r, 20));
}

describe("request log lines", () => {
  test("on a terminal (pretty) an RPC is logged at debug: nothing at the default level, what matters stays", async () => {
    const out = capture();
    const log = createLogger({ service: "t", pretty: true, colorize: false, destination: out.stream });
    expect(requestLogLevel(log)).toBe("debug");
    expect(requestLogLevel(log.child({ module: "m" }))).toBe("debug");
    await oneRpc(log);
    log.info("Wenku is running");
    await new Promise((r) => setTimeout(r, 20));
    expect(out.lines().some((l) => l.includes("UserAPI/GetUser"))).toBe(false);
    const [line] = out.lines();
    expect(line).toContain("INFO");
    expect(line).toContain("Wenku is running");
    expect(line?.startsWith("{")).toBe(false); // a line for people, not JSON
  });

  test("on a terminal with LOG_LEVEL=debug the RPC line shows, human-readable", async () => {
    const out = capture();
    const log = createLogger({ service: "t", level: "debug", pretty: true, colorize: false, destination: out.stream });
    await oneRpc(log.child({ module: "m" }));
    const line = out.lines().find((l) => l.includes("/api.v1.UserAPI/GetUser"));
    expect(line).toContain("DEBUG");
    expect(line?.startsWith("{")).toBe(false);
  });

  test("where logs are collected (no terminal) they stay JSON, one line per RPC at info", async () => {
    const out = capture();
    const log = createLogger({ service: "t", pretty: false, destination: out.stream });
    expect(requestLogLevel(log)).toBe("info");
    await oneRpc(log);
    const lines = out.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: 30, service: "t", rpc: "/api.v1.UserAPI/GetUser" })]);
  });
});
