import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { type ConnectRouter, createRouterTransport, type Interceptor, type Transport } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { type HealthState, healthRoutes } from "./health.js";
import type { Logger } from "./logger.js";
import type { Metrics } from "./metrics.js";

/** What a service's buildServer(deps) returns: its routes and interceptors, no sockets yet. */
export interface ServiceDefinition {
  name: string;
  routes: (router: ConnectRouter) => void;
  interceptors: Interceptor[];
  health: HealthState;
  metrics: Metrics;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** An in-memory transport to a service (one-process mode and tests): same interceptors, no network. */
export function inProcessTransport(def: ServiceDefinition): Transport {
  return createRouterTransport(def.routes, {
    router: { interceptors: def.interceptors, readMaxBytes: MAX_MESSAGE_BYTES },
  });
}

export interface RunningService {
  grpcPort: number;
  adminPort: number;
  close(graceMs?: number): Promise<void>;
}

/**
 * Listens for gRPC (cleartext HTTP/2: gRPC, Connect and gRPC-web) on `grpcPort` and serves
 * /healthz and /metrics over HTTP/1.1 on `adminPort`.
 */
export async function serveService(
  def: ServiceDefinition,
  opts: { grpcPort: number; adminPort: number; host?: string; log: Logger },
): Promise<RunningService> {
  const rpc = connectNodeAdapter({
    routes: (router) => {
      def.routes(router);
      healthRoutes(def.health)(router);
    },
    interceptors: def.interceptors,
    readMaxBytes: MAX_MESSAGE_BYTES,
  });
  const grpc = http2.createServer({}, rpc);
  const sessions = new Set<http2.ServerHttp2Session>();
  grpc.on("session", (s) => {
    sessions.add(s);
    s.on("close", () => sessions.delete(s));
  });
  const admin = http.createServer(adminHandler(def));
  const host = opts.host ?? "0.0.0.0";
  await Promise.all([listen(grpc, opts.grpcPort, host), listen(admin, opts.adminPort, host)]);
  const grpcPort = (grpc.address() as AddressInfo).port;
  const adminPort = (admin.address() as AddressInfo).port;
  opts.log.info({ grpcPort, adminPort }, `${def.name} service listening`);
  return {
    grpcPort,
    adminPort,
    async close(graceMs = 10_000) {
      def.health.drain();
      const timer = setTimeout(() => {
        for (const s of sessions) s.destroy();
        admin.closeAllConnections();
      }, graceMs);
      timer.unref();
      for (const s of sessions) s.close();
      admin.closeIdleConnections();
      await Promise.all([
        new Promise((r) => grpc.close(() => r(undefined))),
        new Promise((r) => admin.close(() => r(undefined))),
      ]);
      clearTimeout(timer);
    },
  };
}

function listen(server: http.Server | http2.Http2Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** GET /healthz (200 serving / 503 with reasons) and GET /metrics (Prometheus text). */
export function adminHandler(def: Pick<ServiceDefinition, "health" | "metrics">) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    void handleAdmin(def, req.url ?? "/", res);
  };
}

export async function handleAdmin(
  def: Pick<ServiceDefinition, "health" | "metrics">,
  url: string,
  res: http.ServerResponse | http2.Http2ServerResponse,
): Promise<boolean> {
  const path = url.split("?")[0];
  if (path === "/healthz") {
    const problems = await def.health.problems();
    res.writeHead(problems.length ? 503 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(problems.length ? { status: "NOT_SERVING", problems } : { status: "SERVING" }));
    return true;
  }
  if (path === "/metrics") {
    const body = await def.metrics.registry.metrics();
    res.writeHead(200, { "content-type": def.metrics.registry.contentType });
    res.end(body);
    return true;
  }
  res.writeHead(404, { "content-type": "application/json" });
  res.end(JSON.stringify({ code: 5, message: "not found" }));
  return false;
}
