import type { ConnectRouter } from "@connectrpc/connect";
import { Health, HealthCheckResponse_ServingStatus as S } from "@wenku/proto/grpc/health/v1/health_pb.js";

/** Serving state of a process: readiness checks (database ping …) plus a draining flag. */
export class HealthState {
  private draining = false;
  constructor(private readonly checks: Array<() => Promise<void>> = []) {}

  drain(): void {
    this.draining = true;
  }

  /** Resolves to an empty list when serving, else the reasons it is not. */
  async problems(timeoutMs = 2_000): Promise<string[]> {
    if (this.draining) return ["draining"];
    const results = await Promise.allSettled(
      this.checks.map((check) =>
        Promise.race([
          check(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
        ]),
      ),
    );
    return results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error)?.message ?? r.reason)] : []));
  }
}

/** grpc.health.v1.Health for Kubernetes gRPC probes and grpc_health_probe. */
export function healthRoutes(state: HealthState) {
  return (router: ConnectRouter) =>
    router.service(Health, {
      async check() {
        return { status: (await state.problems()).length ? S.NOT_SERVING : S.SERVING };
      },
      async *watch() {
        yield { status: (await state.problems()).length ? S.NOT_SERVING : S.SERVING };
      },
    });
}
