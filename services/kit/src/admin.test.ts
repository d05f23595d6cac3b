// The admin port the Kubernetes probes hit: readiness (/healthz) follows the dependencies and the
// drain, liveness (/livez) only whether the process answers, so an outage never restarts pods.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { HealthState } from "./health.js";
import { createMetrics } from "./metrics.js";
import { adminHandler } from "./server.js";

describe("admin port", () => {
  let server: http.Server;
  let base = "";
  let databaseUp = true;
  const health = new HealthState([
    async () => {
      if (!databaseUp) throw new Error("database unreachable");
    },
  ]);

  beforeAll(async () => {
    server = http.createServer(adminHandler({ health, metrics: createMetrics("admin-test") }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string) => {
    const r = await fetch(base + path);
    return { status: r.status, body: (await r.json()) as unknown };
  };

  test("serving: both answer 200", async () => {
    expect(await get("/healthz")).toEqual({ status: 200, body: { status: "SERVING" } });
    expect(await get("/livez")).toEqual({ status: 200, body: { status: "ALIVE" } });
  });

  test("a dependency down: not ready (with the reason), still alive", async () => {
    databaseUp = false;
    try {
      expect(await get("/healthz")).toEqual({
        status: 503,
        body: { status: "NOT_SERVING", problems: ["database unreachable"] },
      });
      expect((await get("/livez")).status).toBe(200);
    } finally {
      databaseUp = true;
    }
  });

  test("draining: not ready, still alive until it exits", async () => {
    health.drain();
    expect(await get("/healthz")).toEqual({ status: 503, body: { status: "NOT_SERVING", problems: ["draining"] } });
    expect((await get("/livez")).status).toBe(200);
  });
});
