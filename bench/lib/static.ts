// The baseline of the page-serving rows: what any static file server does for one file — stat for the
// ETag and length, a conditional check, the headers, a read stream piped to the socket. No auth, no
// database.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Cleanup } from "../gateway/stack.js";
import { HOST } from "./site.js";

const contentTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".html": "text/html; charset=utf-8",
};

/** Serves the files directly in `root` (no subfolders, no hidden files); its URL. */
export async function startStatic(root: string, cleanup: Cleanup): Promise<string> {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    if (name.includes("/") || name.startsWith(".")) {
      res.writeHead(404).end();
      return;
    }
    const path = join(root, name);
    stat(path).then(
      (st) => {
        const etag = `"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"`;
        const gz = name.endsWith(".gzip.svg");
        const headers: http.OutgoingHttpHeaders = {
          "content-type": contentTypes[gz ? ".svg" : name.slice(name.lastIndexOf("."))] ?? "application/octet-stream",
          etag,
          "cache-control": "public, max-age=3600",
          ...(gz ? { "content-encoding": "gzip" } : {}),
        };
        if (req.headers["if-none-match"] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(200, { ...headers, "content-length": st.size });
        createReadStream(path).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  cleanup.add(() => new Promise((resolve) => server.close(resolve)));
  return `http://${HOST}:${(server.address() as AddressInfo).port}`;
}
