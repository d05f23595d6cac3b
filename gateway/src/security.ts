// Response headers every answer of the public origin carries: no MIME sniffing, no framing by other
// sites (clickjacking of the back office), no full URLs in Referer to other origins, and a Content
// Security Policy: the web app's for the app, nothing at all for API answers and files.
import { createHash } from "node:crypto";

/**
 * What the built web app needs: its own scripts, workers and API; antd's CSS-in-JS <style> elements;
 * images from this site only: uploaded images (/uploads/: articles' pasted images are fetched and stored
 * there when saved, banners, ads, logos and avatars are uploads), page images as blob: URLs (PageImage) and
 * data: URLs (SVG pages' rasters, antd's inline icons). No image from another site, so no page hands a
 * reader's address to a third party. No inline script, no plugins, no frames. WebAssembly may be compiled
 * ('wasm-unsafe-eval', never JavaScript eval): the upload page hashes files with a WebAssembly MD5.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** What the site's analytics snippet (system.analytics) needs on top of APP_CSP. */
export interface AnalyticsSources {
  /** The https origins the snippet names (script src attributes and URLs in its code). */
  origins: string[];
  /** 'sha256-…' of each inline script, as the web app inserts it (its text between the tags). */
  hashes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*["']?([^"'\s>]+)/i;
const URL_IN_CODE = /(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?/gi;
/** A snippet longer than this is not a statistics snippet: nothing of it is allowed. */
const MAX_SNIPPET = 20_000;

/**
 * The scripts of an analytics snippet (Baidu Tongji's, say): its inline scripts are allowed by hash
 * and the hosts it names by origin (https only), so an administrator's snippet runs while the app
 * keeps a policy without 'unsafe-inline'. The web app (settings/analytics.ts) inserts exactly the
 * scripts this reads: the text between <script> and </script>, or a script with its src.
 */
export function analyticsSources(snippet: string): AnalyticsSources {
  const origins = new Set<string>();
  const hashes = new Set<string>();
  if (!snippet || snippet.length > MAX_SNIPPET) return { origins: [], hashes: [] };
  for (const [, attrs = "", body = ""] of snippet.matchAll(SCRIPT)) {
    const src = SRC.exec(attrs)?.[1];
    if (src) {
      const host = hostOf(src);
      if (host) origins.add(`https://${host}`);
      continue;
    }
    if (!body.trim()) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    for (const [, host] of body.matchAll(URL_IN_CODE)) if (host) origins.add(`https://${host.toLowerCase()}`);
  }
  return { origins: [...origins].sort(), hashes: [...hashes].sort() };
}

function hostOf(src: string): string | null {
  try {
    const url = new URL(src.startsWith("//") ? `https:${src}` : src);
    return url.protocol === "https:" || url.protocol === "http:" ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * APP_CSP with what the analytics snippet an administrator configured needs: its scripts, and its hosts for
 * beacons (XHR, and the 1×1 images Baidu Tongji and others send). Only those hosts: an administrator who
 * adds a statistics service chose to tell it about visitors; nothing else on the page may.
 */
export function appCsp(snippet: string): string {
  const { origins, hashes } = analyticsSources(snippet);
  if (!origins.length && !hashes.length) return APP_CSP;
  const extra = (directive: string, add: string[]) => (add.length ? `${directive} ${add.join(" ")}` : directive);
  return APP_CSP.split("; ")
    .map((directive) => {
      const name = directive.split(" ")[0];
      if (name === "script-src") return extra(directive, [...origins, ...hashes]);
      if (name === "connect-src" || name === "img-src") return extra(directive, origins);
      return directive;
    })
    .join("; ");
}

/** API answers and files are data, never documents: nothing may load from them and nobody may frame them. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

type HeaderSink = { setHeader(name: string, value: string): unknown };

/** Sets the headers every non-gRPC answer carries; routes may override the CSP (the web app, SVG pages). */
export function setSecurityHeaders(res: HeaderSink, csp: string = DATA_CSP): void {
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  res.setHeader("content-security-policy", csp);
}
