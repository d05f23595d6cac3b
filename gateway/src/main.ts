// The gateway in its own process (cluster mode, Kubernetes): the public origin, forwarding to the
// services over gRPC.
import {
  CONFIG_CHANGED_SUBJECT,
  createChangeSignal,
  createLogger,
  DOCUMENTS_CHANGED_SUBJECT,
  grpcTransports,
  listenDual,
  requireClusterSettings,
} from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { loadGatewayConfig } from "./config.js";
import { gatewayListenOptions } from "./listen.js";
import { createGateway } from "./server.js";

const cfg = loadGatewayConfig();
const { internalToken, urls } = requireClusterSettings(cfg, ["INTERNAL_TOKEN"]);
const log = createLogger({ service: "gateway", level: cfg.LOG_LEVEL, pretty: cfg.LOG_PRETTY });
// With NATS_URL the gateway hears the config service's change broadcasts: a setting saved through
// another replica applies to this one's next page too (without it, once its short-lived copy expires).
const bus = cfg.NATS_URL ? await createBus({ natsUrl: cfg.NATS_URL, log, name: "gateway" }) : undefined;
// With it the gateway also hears which documents changed, and keeps visitors' public page images meanwhile.
const documentsChanged = bus ? await createChangeSignal(bus, DOCUMENTS_CHANGED_SUBJECT, log) : undefined;
const gateway = createGateway({
  transports: grpcTransports(urls),
  log,
  internalToken,
  trustedProxies: cfg.TRUSTED_PROXIES,
  maxBodyBytes: cfg.MAX_BODY_BYTES,
  webDist: cfg.WEB_DIST,
  sourceUrl: cfg.WENKU_SOURCE_URL,
  onConfigChanged: bus
    ? (listener) =>
        bus.onBroadcast(CONFIG_CHANGED_SUBJECT, listener).catch((err: unknown) => {
          log.error({ err }, "gateway: cannot hear settings changes; copies expire instead");
        })
    : undefined,
  onDocumentsChanged: documentsChanged ? (listener) => documentsChanged.onChange(listener) : undefined,
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
    void listening
      .close(10_000)
      .then(() => bus?.close())
      .then(() => process.exit(0));
  });
}
