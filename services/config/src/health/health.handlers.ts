import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import { DomainError } from "@wenku/kit";
import type { HealthAPI } from "@wenku/proto/api/v1/health_pb.js";

/** Ping's `name` is echoed back: at most this many characters. */
export const PING_NAME_MAX = 64;

/**
 * Thin RPC edge of HealthAPI (moredoc declared it and never served it; its clients may ask /api/v1/ping
 * to see the server answer). Both answer while this process serves requests and read nothing else: a
 * liveness check must not fail because a peer is slow (readiness is /healthz and grpc.health.v1).
 */
export function createHealthHandlers(clock: () => Date = () => new Date()): ServiceImpl<typeof HealthAPI> {
  return {
    health() {
      return {};
    },
    ping(req) {
      if ([...req.name].length > PING_NAME_MAX)
        throw new DomainError("invalid_argument", `name 不能超过${PING_NAME_MAX}个字符`, undefined, "name");
      return { name: req.name, createdAt: timestampFromDate(clock()) };
    },
  };
}
