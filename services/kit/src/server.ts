import * as http from "node:http";
import type * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { ConnectRouter, Interceptor, Transport } from "@connectrpc/connect";
import { compressionBrotli, compressionGzip, connectNodeAdapter } from "@connectrpc/connect-node";
import { directTransport } from "./direct.js";
import { type HealthState, healthRoutes } from "./health.js";
import { listenDual } from "./listen.js";
import type { Logger } from "./logger.js";
import type { Metrics } from "./metrics.js";
import { refuseUndecodable } from "./undecodable.js";

export { decodeMessages, refuseUndecodable } from "./undecodable.js";

/** What a service's buildServer(deps) returns: its routes and interceptors, no sockets yet. */
export interface ServiceDefinition {
  name: string;
  routes: (router: ConnectRouter) => void;
  interceptors: Interceptor[];
  health: HealthState;
  metrics: Metrics;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * The transport to a service in this process (one-process mode): its handlers called directly, through
 * the same interceptors, with copies of the messages (direct.ts), no serialising.
 */
export function inProcessTransport(def: ServiceDefinition): Transport {
  return directTransport(def);
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
  const compressions = [compressionGzip, compressionBrotli];
  const rpc = connectNodeAdapter({
    routes: (router) => {
      def.routes(router);
      healthRoutes(def.health)(router);
      // a body that is not the request message: invalid_argument in every protocol, not connect-es's internal
      refuseUndecodable(router, { readMaxBytes: MAX_MESSAGE_BYTES, compressions });
    },
    interceptors: def.interceptors,
    readMaxBytes: MAX_MESSAGE_BYTES,
    acceptCompression: compressions,
  });
  // One port, both protocols: gRPC/Connect over h2c, and Connect over HTTP/1.1 (curl, benchmarks).
  const grpc = await listenDual(rpc, { port: opts.grpcPort, host: opts.host ?? "0.0.0.0" });
  const admin = http.createServer(adminHandler(def));
  await listen(admin, opts.adminPort, opts.host ?? "0.0.0.0");
  const adminPort = (admin.address() as AddressInfo).port;
  opts.log.info({ grpcPort: grpc.port, adminPort }, `${def.name} service listening`);
  return {
    grpcPort: grpc.port,
    adminPort,
    async close(graceMs = 10_000) {
      def.health.drain();
      const timer = setTimeout(() => admin.closeAllConnections(), graceMs);
      timer.unref();
      admin.closeIdleConnections();
      await Promise.all([grpc.close(graceMs), new Promise((r) => admin.close(() => r(undefined)))]);
      clearTimeout(timer);
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * GET /healthz (readiness: 200 serving / 503 with reasons, e.g. the database or draining), GET /livez
 * (liveness: 200 while the process answers at all, whatever its dependencies: a database outage
 * takes pods out of their Services, it does not restart them) and GET /metrics (Prometheus text).
 */
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
  if (path === "/livez") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"status":"ALIVE"}');
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
