import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { Code, createContextValues, type Transport } from "@connectrpc/connect";
import {
  AccessLevel,
  accessRuleOf,
  allApiServices,
  type Deployable,
  headers,
  type Logger,
  peerAddress,
} from "@wenku/kit";
import { handleCallback, isCallbackPath } from "./callback.js";
import { createClientIpResolver, createProxyTrust } from "./clientip.js";
import { createConnectEndpoint } from "./connect.js";
import { createPageCache } from "./files/pages.cache.js";
import { isFilePath } from "./files/paths.js";
import { serveFileRoute } from "./files/routes.js";
import { forwardingRoutes, forwardKey } from "./forward.js";
import { type ForwardHeaders, HttpError, handleRest, writeError } from "./rest/handler.js";
import { buildRestRoutes } from "./rest/routes.js";
import { appCsp, setSecurityHeaders } from "./security.js";
import { changesPages, createMethodFinder } from "./seo/changes.js";
import { createSeoData } from "./seo/data.js";
import { createSeoRenderer } from "./seo/render.js";
import { createSitemapRoutes, isSitemapPath } from "./seo/sitemap.js";
import { installOf } from "./source/install.js";
import { createSourceRoute, isSourcePath } from "./source/source.route.js";
import { createStaticHandler } from "./static/handler.js";
import { createProbe } from "./static/probe.js";
import { handleUpload, isUploadPath } from "./upload.js";

export interface GatewayOptions {
  transports: Record<Deployable, Transport>;
  log: Logger;
  /** Shared secret vouching for the client IP the gateway computed. */
  internalToken: string;
  trustedProxies: readonly string[];
  maxBodyBytes: number;
  webDist?: string;
  timeoutMs?: number;
  /**
   * Subscribes a listener to the config service's change signal (CONFIG_CHANGED_SUBJECT over the bus, or
   * the one-process settings reader's onChange): a setting saved anywhere — through another gateway
   * replica, or by a service — drops this gateway's copy before its next page. Unset: only changes
   * through this gateway apply at once, others when the copy expires.
   */
  onConfigChanged?: (listener: () => void) => unknown;
  /**
   * Subscribes a listener to the content service's "documents changed" signal (DOCUMENTS_CHANGED_SUBJECT:
   * a document's status, deletion, pages, preview or file). With it and onConfigChanged the gateway keeps
   * visitors' answers for public page images and covers (files/pages.cache.ts), dropped by either signal;
   * without them every page image asks the content service.
   */
  onDocumentsChanged?: (listener: () => void) => unknown;
  /** WENKU_SOURCE_URL: where GET /source leads instead of this install's source archive. */
  sourceUrl?: string;
  /** The install whose source GET /source serves; default: the one this gateway runs from. */
  installRoot?: string;
}

type AnyReq = IncomingMessage | Http2ServerRequest;
type AnyRes = ServerResponse | Http2ServerResponse;

/** The one public HTTP origin: /api/v1 REST, Connect/gRPC-web/gRPC, health, and the web app. */
export function createGateway(opts: GatewayOptions) {
  const services = allApiServices().filter((s) =>
    s.methods.some((m) => accessRuleOf(m).level !== AccessLevel.INTERNAL),
  );
  const table = buildRestRoutes(services);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const clientIp = createClientIpResolver(opts.trustedProxies);
  const probe = createProbe({ content: opts.transports.content, timeoutMs: Math.min(timeoutMs, 3_000) });
  const isTrustedProxy = createProxyTrust(opts.trustedProxies);
  // Crawler pages run on every page view: their data waits at most this long, then the plain page answers.
  const seoData = createSeoData({
    content: opts.transports.content,
    config: opts.transports.config,
    internalToken: opts.internalToken,
    log: opts.log,
    budgetMs: Math.min(timeoutMs, 1_000),
  });
  const seo = opts.webDist
    ? createSeoRenderer({ root: opts.webDist, data: seoData, isTrustedProxy, log: opts.log })
    : undefined;
  // The settings copy is asked again; rendered pages stay unless the settings they were rendered from
  // differ (the renderer compares them), so a save that changed nothing drops no page.
  opts.onConfigChanged?.(() => seoData.forget());
  // The site's analytics snippet (system.analytics) widens the app's CSP by exactly what it names.
  let lastCsp = { snippet: "", csp: appCsp("") };
  const csp = async () => {
    const snippet = (await seoData.settings())?.system?.analytics ?? "";
    if (snippet !== lastCsp.snippet) lastCsp = { snippet, csp: appCsp(snippet) };
    return lastCsp.csp;
  };
  const statics = opts.webDist ? createStaticHandler(opts.webDist, { probe, seo, csp, log: opts.log }) : null;
  const pages = opts.onDocumentsChanged && opts.onConfigChanged ? createPageCache() : undefined;
  if (pages) {
    opts.onDocumentsChanged?.(() => pages.forget());
    opts.onConfigChanged?.(() => pages.forget());
  }
  const fileDeps = { content: opts.transports.content, log: opts.log, timeoutMs, pages };
  const sitemap = createSitemapRoutes({
    content: opts.transports.content,
    internalToken: opts.internalToken,
    data: seoData,
    isTrustedProxy,
    webDist: opts.webDist,
    log: opts.log,
    timeoutMs: 10 * 60_000,
  });

  const forwardHeaders = (req: AnyReq, requestId: string): ForwardHeaders => {
    const h: ForwardHeaders = {
      [headers.clientIp]: clientIp(peerAddress(req), req.headers["x-forwarded-for"]),
      [headers.userAgent]: (req.headers["user-agent"] ?? "").slice(0, MAX_USER_AGENT),
      [headers.clientNonce]: clientNonceOf(req),
      [headers.requestId]: requestId,
      [headers.edge]: opts.internalToken,
    };
    const auth = req.headers.authorization;
    if (typeof auth === "string") h.authorization = auth;
    return h;
  };

  const connect = createConnectEndpoint({
    routes: forwardingRoutes(services, opts.transports, timeoutMs),
    readMaxBytes: opts.maxBodyBytes,
    log: opts.log,
    contextValues: (req) => {
      const id = requestIdOf(req as AnyReq);
      const h = forwardHeaders(req as AnyReq, id);
      delete h.authorization; // taken per call from the Connect request headers
      return createContextValues().set(forwardKey, h);
    },
  });

  const install = installOf(opts.installRoot);
  const source = createSourceRoute({ ...install, sourceUrl: opts.sourceUrl ?? "", log: opts.log });

  const rest = { table, transports: opts.transports, maxBodyBytes: opts.maxBodyBytes, log: opts.log, timeoutMs };
  const methodOf = createMethodFinder(services, table);
  /** A call that may change a crawler page drops the rendered pages once it succeeded. */
  const watchChanges = (req: AnyReq, res: AnyRes, path: string) => {
    if (!seo || req.method === "GET" || req.method === "HEAD") return;
    const method = methodOf(req.method ?? "", path);
    if (method && changesPages(method)) res.once("finish", () => res.statusCode < 400 && seo.invalidate());
  };

  return {
    routes: table.routes,
    handler(req: AnyReq, res: AnyRes): void {
      const requestId = requestIdOf(req);
      setSecurityHeaders(res);
      let url: URL;
      try {
        url = new URL(req.url ?? "/", "http://gateway.local");
      } catch {
        writeError(
          res as ServerResponse,
          new HttpError(400, Code.InvalidArgument, "请求路径无效"),
          requestId,
          opts.log,
        );
        return;
      }
      const path = url.pathname;
      if (path === "/healthz") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"status":"SERVING"}');
        return;
      }
      if (path.startsWith("/api.v1.") || path.startsWith("/grpc.health.v1.")) {
        watchChanges(req, res, path);
        connect(req, res);
        return;
      }
      res.setHeader("x-request-id", requestId);
      // Streamed file routes: multipart upload (not bound by maxBodyBytes), page images, downloads.
      if (isUploadPath(path)) {
        const deps = { content: opts.transports.content, log: opts.log };
        handleUpload(
          deps,
          path,
          req as IncomingMessage,
          res as ServerResponse,
          forwardHeaders(req, requestId),
          requestId,
        ).catch((err) => writeError(res as ServerResponse, err, requestId, opts.log));
        return;
      }
      if (isFilePath(path)) {
        const h = forwardHeaders(req, requestId);
        serveFileRoute(fileDeps, path, req as IncomingMessage, res as ServerResponse, h, requestId).catch((err) =>
          writeError(res as ServerResponse, err, requestId, opts.log),
        );
        return;
      }
      if (isCallbackPath(path)) {
        const deps = {
          order: opts.transports.order,
          user: opts.transports.user,
          internalToken: opts.internalToken,
          log: opts.log,
          timeoutMs,
        };
        handleCallback(deps, path, url.search.slice(1), req as IncomingMessage, res as ServerResponse, requestId).catch(
          (err) => writeError(res as ServerResponse, err, requestId, opts.log),
        );
        return;
      }
      if (isSourcePath(path)) {
        source(req as IncomingMessage, res as ServerResponse, path).catch((err) =>
          writeError(res as ServerResponse, err, requestId, opts.log),
        );
        return;
      }
      if (isSitemapPath(path)) {
        void sitemap(path, req as IncomingMessage, res as ServerResponse, requestId);
        return;
      }
      if (path === "/api" || path.startsWith("/api/")) {
        watchChanges(req, res, path);
        handleRest(rest, req as IncomingMessage, res as ServerResponse, url, forwardHeaders(req, requestId)).catch(
          (err) => writeError(res as ServerResponse, err, requestId, opts.log),
        );
        return;
      }
      if (statics && (req.method === "GET" || req.method === "HEAD")) {
        statics(req as IncomingMessage, res as ServerResponse, path, forwardHeaders(req, requestId)).catch((err) =>
          writeError(res as ServerResponse, err, requestId, opts.log),
        );
        return;
      }
      writeError(res as ServerResponse, new HttpError(404, Code.NotFound, "页面不存在"), requestId, opts.log);
    },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** What services are told of the client's User-Agent (search records keep 255 characters). */
const MAX_USER_AGENT = 255;
/** The client's own random id (captchas are bound to it): 16–64 URL-safe characters, else none. */
const CLIENT_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

function clientNonceOf(req: AnyReq): string {
  const given = req.headers[headers.clientNonce];
  return typeof given === "string" && CLIENT_NONCE.test(given) ? given : "";
}

function requestIdOf(req: AnyReq): string {
  const given = req.headers[headers.requestId];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}
