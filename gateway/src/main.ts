// The gateway in its own process (cluster mode, Kubernetes): the public origin, forwarding to the
// services over gRPC.
import { createLogger, grpcTransports, listenDual } from "@wenku/kit";
import { loadGatewayConfig } from "./config.js";
import { createGateway } from "./server.js";

const cfg = loadGatewayConfig();
const urls = {
  user: cfg.USER_SERVICE_URL,
  content: cfg.CONTENT_SERVICE_URL,
  order: cfg.ORDER_SERVICE_URL,
  config: cfg.CONFIG_SERVICE_URL,
  spider: cfg.SPIDER_SERVICE_URL,
};
const missing = Object.entries(urls)
  .filter(([, u]) => !u)
  .map(([n]) => `${n.toUpperCase()}_SERVICE_URL`);
if (!cfg.INTERNAL_TOKEN) missing.push("INTERNAL_TOKEN");
if (missing.length) {
  throw new Error(`Invalid configuration:\n${missing.map((k) => `  - ${k}: required`).join("\n")}`);
}
const log = createLogger({ service: "gateway", level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
const gateway = createGateway({
  transports: grpcTransports(urls as Record<keyof typeof urls, string>),
  log,
  internalToken: cfg.INTERNAL_TOKEN as string,
  trustedProxies: cfg.TRUSTED_PROXIES,
  maxBodyBytes: cfg.MAX_BODY_BYTES,
  webDist: cfg.WEB_DIST,
});
const listening = await listenDual(gateway.handler, { port: cfg.PORT, host: cfg.HOST });
log.info({ port: listening.port }, "gateway listening");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void listening.close(10_000).then(() => process.exit(0));
  });
}
