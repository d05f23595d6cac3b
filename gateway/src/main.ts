// The gateway in its own process (cluster mode, Kubernetes): the public origin, forwarding to the
// services over gRPC.
import { createLogger, grpcTransports, listenDual, requireClusterSettings } from "@wenku/kit";
import { loadGatewayConfig } from "./config.js";
import { gatewayListenOptions } from "./listen.js";
import { createGateway } from "./server.js";

const cfg = loadGatewayConfig();
const { internalToken, urls } = requireClusterSettings(cfg, ["INTERNAL_TOKEN"]);
const log = createLogger({ service: "gateway", level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
const gateway = createGateway({
  transports: grpcTransports(urls),
  log,
  internalToken,
  trustedProxies: cfg.TRUSTED_PROXIES,
  maxBodyBytes: cfg.MAX_BODY_BYTES,
  webDist: cfg.WEB_DIST,
});
const listening = await listenDual(gateway.handler, {
  ...gatewayListenOptions(cfg, cfg.TRUSTED_PROXIES),
  port: cfg.PORT,
  host: cfg.HOST,
});
log.info({ port: listening.port }, "gateway listening");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void listening.close(10_000).then(() => process.exit(0));
  });
}
