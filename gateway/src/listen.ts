// The public listener's limits (issue #22 item 2): the gateway's settings as listenDual options.
import { isStreamingRpc, type ListenOptions } from "@wenku/kit";
import { createProxyTrust } from "./clientip.js";
import type { ListenConfig } from "./config.js";
import { isUploadPath } from "./upload.js";

/**
 * listenDual's options for the gateway: the multipart upload routes and streaming RPCs get the minimum
 * rate instead of the request deadline; the per-address cap counts TCP peers and spares trusted proxies
 * (their connections carry many clients, told apart by X-Forwarded-For further in).
 */
export function gatewayListenOptions(
  cfg: ListenConfig,
  trustedProxies: readonly string[],
): Omit<ListenOptions, "port" | "host"> {
  return {
    requestTimeoutMs: cfg.REQUEST_TIMEOUT_MS,
    isUpload: (req) => isUploadPath((req.url ?? "").split("?")[0] ?? "") || isStreamingRpc(req),
    uploadRate: {
      minBytes: cfg.UPLOAD_MIN_BYTES,
      windowMs: cfg.UPLOAD_RATE_WINDOW_MS,
      graceMs: cfg.UPLOAD_RATE_GRACE_MS,
    },
    maxConnectionsPerAddress: cfg.MAX_CONNECTIONS_PER_ADDRESS,
    uncapped: createProxyTrust(trustedProxies),
  };
}
