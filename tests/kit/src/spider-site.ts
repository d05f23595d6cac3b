// A small web site on loopback for the spider's tests: pages with links (in scope, out of scope, behind
// robots.txt), documents of several types, the same file twice, a slow endpoint, a 429 with Retry-After,
// a redirect to a refused address, an oversize file, a web page and a fake under a .pdf name. It logs
// every request's arrival (time from its own clock, path, conditional headers) for order and pace checks.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Arrival {
  at: number;
  path: string;
  ua: string;
  ifNoneMatch: string;
}

/** %PDF- and a little body: enough for the signature check. */
export const PDF_A = Buffer.from("%PDF-1.4\n% spider test A\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
export const PDF_BUSY = Buffer.from("%PDF-1.4\n% busy, then fine\n%%EOF\n");
/** A zip's local header: what a .docx starts with. */
export const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 7)]);
export const TXT = Buffer.from("纯文本文档\nplain text\n");
export const OVERSIZE_BYTES = 1.5 * 1024 * 1024;

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${links
    .map((l) => `<a href="${l}">${l.split("/").pop()}</a>`)
    .join("\n")}</body></html>`;

export interface TestSite {
  url: string;
  port: number;
  arrivals: Arrival[];
  /** Arrivals at `path` (in order). */
  at(path: string): Arrival[];
  close(): Promise<void>;
}

export async function startTestSite(opts: { busyRetryAfter?: string } = {}): Promise<TestSite> {
  const arrivals: Arrival[] = [];
  let busyServed = 0;
  let base = "";
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    arrivals.push({
      at: performance.now(),
      path,
      ua: String(req.headers["user-agent"] ?? ""),
      ifNoneMatch: String(req.headers["if-none-match"] ?? ""),
    });
    res.on("error", () => undefined);
    const html = (body: string, etag: string) => {
      if (req.headers["if-none-match"] === etag) return void res.writeHead(304, { etag }).end();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", etag }).end(body);
    };
    const file = (type: string, body: Buffer) =>
      void res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
    switch (path) {
      case "/robots.txt":
        return void res
          .writeHead(200, { "content-type": "text/plain" })
          .end("User-agent: *\nDisallow: /lib/private/\n");
      case "/lib/index.html":
        return html(
          page("library", [
            "sub/page2.html",
            "private/secret.html",
            "/other/outside.html",
            "files/a.pdf",
            "files/b.docx",
            "files/notes.txt",
            "files/wrong.pdf",
            "files/fake.pdf",
            "files/big.pdf",
            "files/slow.pdf",
            "files/busy.pdf",
            "files/away.pdf",
            "files/image.png",
            "mailto:someone@example.com",
          ]),
          '"index-v1"',
        );
      case "/lib/sub/page2.html":
        return html(page("two", ["../files/a.pdf", "../files/copy.pdf", "../index.html", "deeper.html"]), '"p2-v1"');
      case "/lib/sub/deeper.html":
        return html(page("deeper", ["../files/deep.pdf"]), '"deep-v1"');
      case "/lib/private/secret.html":
      case "/other/outside.html":
        return html(page("not for the spider", ["/lib/files/forbidden.pdf"]), '"x"');
      case "/lib/files/a.pdf":
      case "/lib/files/copy.pdf":
      case "/lib/files/deep.pdf":
        return file("application/pdf", PDF_A);
      case "/lib/files/b.docx":
        return file("application/vnd.openxmlformats-officedocument.wordprocessingml.document", DOCX);
      case "/lib/files/notes.txt":
        return file("text/plain; charset=utf-8", TXT);
      case "/lib/files/wrong.pdf":
        return void res.writeHead(200, { "content-type": "text/html" }).end("<html>please log in</html>");
      case "/lib/files/fake.pdf":
        return file("application/pdf", Buffer.from("this is not a pdf at all, just text"));
      case "/lib/files/big.pdf":
        return file("application/pdf", Buffer.concat([PDF_A, Buffer.alloc(OVERSIZE_BYTES, 1)]));
      case "/lib/files/slow.pdf": {
        // headers at once, then a byte every 300 ms: the request's deadline ends it
        res.writeHead(200, { "content-type": "application/pdf" });
        res.write(PDF_A.subarray(0, 8));
        const timer = setInterval(() => res.write(Buffer.from(" ")), 300);
        res.on("close", () => clearInterval(timer));
        return;
      }
      case "/lib/files/busy.pdf":
        if (busyServed++ === 0) {
          return void res.writeHead(429, { "retry-after": opts.busyRetryAfter ?? "2" }).end("slow down");
        }
        return file("application/pdf", PDF_BUSY);
      case "/lib/files/away.pdf":
        return void res.writeHead(302, { location: "http://10.1.2.3/files/away.pdf" }).end();
      default:
        return void res.writeHead(404, { "content-type": "text/plain" }).end("not here");
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    arrivals,
    at: (path) => arrivals.filter((a) => a.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
