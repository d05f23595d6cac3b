// Response headers every answer of the public origin carries: no MIME sniffing, no framing by other
// sites (clickjacking of the back office), no full URLs in Referer to other origins, and a Content
// Security Policy: the web app's for the app, nothing at all for API answers and files.

/**
 * What the built web app needs: its own scripts, workers and API; antd's CSS-in-JS <style> elements;
 * page images as blob: URLs (PageImage) and uploaded images. No inline script, no plugins, no frames.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
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
