// A benchmark inside the kit (it measures the kit's own transports and interceptor, imported by path).
// What one internal call costs the RPC machinery alone: the same trivial GetUser handler behind the
// kit's observe interceptor (one log line, metrics), reached three ways in one run, 16 calls in flight, no database:
//   direct  the one-process transport (`npm start`): the handler called in process, messages cloned
//   wire    Connect's in-memory router transport (every message serialised and parsed back)
//   grpc    real gRPC over loopback h2c (serveService → listenDual), as between pods in a cluster
// CPU µs per call is the process's (caller and service together); the load average is printed.
//
//   node --import tsx services/kit/bench/calls.ts        (CALLS per transport, default 20000; --cpu-prof to profile)
import * as os from "node:os";
import { create } from "@bufbuild/protobuf";
import { createClient, createRouterTransport, type Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { UserAPI, UserSchema } from "@wenku/proto/api/v1/user_pb.js";
import { directTransport } from "../src/direct.js";
import { HealthState } from "../src/health.js";
import { observeInterceptor } from "../src/interceptors.js";
import { createLogger } from "../src/logger.js";
import { createMetrics } from "../src/metrics.js";
import { type ServiceDefinition, serveService } from "../src/server.js";

const calls = Number(process.env.CALLS ?? 20_000);
const log = createLogger({ service: "calls", level: "silent" });
const def: ServiceDefinition = {
  name: "calls",
  routes: (router) =>
    router.service(UserAPI, {
      async getUser(req) {
        return create(UserSchema, { id: req.id, username: "admin", email: "a@example.com" });
      },
    }),
  interceptors: [observeInterceptor(log)],
  health: new HealthState(),
  metrics: createMetrics("calls"),
};

async function measure(name: string, transport: Transport) {
  const client = createClient(UserAPI, transport);
  const run = async (n: number) => {
    let left = n;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (left-- > 0) await client.getUser({ id: 1n }, { timeoutMs: 30_000 });
      }),
    );
  };
  await run(Math.min(2_000, calls)); // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run(calls);
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - t0;
  const us = (cpu.user + cpu.system) / calls;
  console.log(
    `${name.padEnd(7)} ${us.toFixed(0).padStart(6)} CPU µs/call  ${((calls / ms) * 1000).toFixed(0).padStart(6)} calls/s  load ${os.loadavg()[0]?.toFixed(1)}`,
  );
}

const server = await serveService(def, { grpcPort: 0, adminPort: 0, host: "127.0.0.1", log });
try {
  await measure("direct", directTransport(def));
  await measure("wire", createRouterTransport(def.routes, { router: { interceptors: def.interceptors } }));
  await measure("grpc", createGrpcTransport({ baseUrl: `http://127.0.0.1:${server.grpcPort}` }));
} finally {
  await server.close(100);
}
