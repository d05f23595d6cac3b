import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { APP_CSP } from "./security.js";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webp": "image/webp",
};

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html (client-side routes) with no-cache so new releases show up at once.
 */
export function createStaticHandler(root: string) {
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = "/";
    }
    const candidate = normalize(join(root, decoded));
    let file = candidate.startsWith(rootWithSep) ? candidate : join(root, "index.html");
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (extname(decoded) && decoded.startsWith("/assets/")) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
        res.end("not found");
        return;
      }
      file = join(root, "index.html");
      info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
        res.end("The web app is not built yet: run `npm run build -w web`.");
        return;
      }
    }
    const immutable = file.startsWith(join(root, "assets") + sep);
    const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
    const headers = {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      etag,
      "x-content-type-options": "nosniff",
      "content-security-policy": APP_CSP,
    };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, "content-length": info.size });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // A file that vanishes or fails mid-read ends the response (the caller cuts it), never the process.
    await pipeline(createReadStream(file), res);
  };
}
