import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** One registry per process (Prometheus scrapes /metrics). */
export interface Metrics {
  registry: Registry;
  rpcDuration: Histogram<"rpc" | "code">;
  rpcTotal: Counter<"rpc" | "code">;
}

export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const rpcDuration = new Histogram({
    name: "wenku_rpc_duration_seconds",
    help: "RPC handling time by method and result code",
    labelNames: ["rpc", "code"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rpcTotal = new Counter({
    name: "wenku_rpc_total",
    help: "RPCs handled by method and result code",
    labelNames: ["rpc", "code"] as const,
    registers: [registry],
  });
  return { registry, rpcDuration, rpcTotal };
}
