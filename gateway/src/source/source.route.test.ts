// GET /source and the source archive through the gateway's handler, over a real socket: from a git
// checkout and from a manifest, what ships and what never does (dependencies, data, secrets).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { createRouterTransport } from "@connectrpc/connect";
import { createLogger, type Deployable } from "@wenku/kit";
import { extract } from "tar-stream";
import { createGateway } from "../server.js";
import { MANIFEST, mayShip } from "./source.files.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "wenku", version: "1.2.3" }),
  "gateway/src/a.ts": "export const a = 1;\n",
  "README.md": "# readme\n",
  "deploy/secret.example.env": "JWT_SECRET=change-me\n",
  // never shipped, whatever lists them
  "node_modules/left-pad/index.js": "module.exports = 1;\n",
  ".env": "JWT_SECRET=real-secret\n",
  "services/user/.env.local": "X=1\n",
  "data/pg/PG_VERSION": "17\n",
  "dist/gateway.js": "bundle\n",
  "services/user/gen/prisma/client.js": "generated\n",
  "deploy/tls.key": "-----BEGIN PRIVATE KEY-----\n",
};
const SHIPPED = ["README.md", "deploy/secret.example.env", "gateway/src/a.ts", "package.json"];

function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), "wenku-source-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The archive's entries (name → text). */
async function entries(gz: Buffer): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ex = extract();
  const done = new Promise<void>((resolve, reject) => {
    ex.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => chunks.push(c as Buffer));
      stream.on("end", () => {
        out.set(header.name, Buffer.concat(chunks).toString("utf8"));
        next();
      });
      stream.resume();
    });
    ex.on("finish", resolve);
    ex.on("error", reject);
  });
  ex.end(gunzipSync(gz));
  await done;
  return out;
}

async function serve(root: string, sourceUrl?: string) {
  const t = createRouterTransport(() => {});
  const transports = Object.fromEntries(
    ["user", "content", "order", "config", "spider", "converter"].map((d) => [d, t]),
  ) as Record<Deployable, typeof t>;
  const gateway = createGateway({
    transports,
    log: createLogger({ service: "test", level: "silent" }),
    internalToken: "t".repeat(32),
    trustedProxies: [],
    maxBodyBytes: 1024 * 1024,
    installRoot: root,
    sourceUrl,
  });
  const server = http.createServer(gateway.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe("the source archive (AGPL-3.0 §13)", () => {
  test("from a git checkout: /source leads to the archive, which streams the tracked files, never the excluded", async () => {
    const root = fixture();
    roots.push(root);
    const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { stdio: "ignore" });
    git("init", "-q");
    git("add", "-f", "."); // even force-added dependencies, data and secrets stay out
    const site = await serve(root);
    try {
      const to = await fetch(`${site.base}/source`, { redirect: "manual" });
      expect(to.status).toBe(302);
      expect(to.headers.get("location")).toBe("/source/wenku-1.2.3.tar.gz");
      const res = await fetch(`${site.base}/source/wenku-1.2.3.tar.gz`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/gzip");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="wenku-1.2.3.tar.gz"');
      const files = await entries(Buffer.from(await res.arrayBuffer()));
      expect([...files.keys()].sort()).toEqual([...SHIPPED, MANIFEST].map((p) => `wenku-1.2.3/${p}`).sort());
      expect(files.get("wenku-1.2.3/package.json")).toBe(FILES["package.json"]);
      // the archive lists its own files: an install unpacked from it can offer its source too
      expect(files.get(`wenku-1.2.3/${MANIFEST}`)).toBe(`${SHIPPED.join("\n")}\n`);
      for (const name of files.keys()) expect(name).not.toMatch(/node_modules|\/\.env(\.|$)|\/data\/|\/dist\/|\.key$/);
      // another version's name, or anything else under /source, is not there
      expect((await fetch(`${site.base}/source/wenku-9.9.9.tar.gz`)).status).toBe(404);
      expect((await fetch(`${site.base}/source/wenku-1.2.3.tar.gz`, { method: "POST" })).status).toBe(405);
    } finally {
      await site.close();
    }
  });

  test("without git: the manifest's files, filtered the same; without either a clear 404", async () => {
    const root = fixture();
    roots.push(root);
    writeFileSync(join(root, MANIFEST), `${Object.keys(FILES).join("\n")}\n../outside\n/etc/passwd\nmissing.txt\n`);
    const site = await serve(root);
    try {
      const res = await fetch(`${site.base}/source/wenku-1.2.3.tar.gz`);
      expect(res.status).toBe(200);
      const files = await entries(Buffer.from(await res.arrayBuffer()));
      expect([...files.keys()].sort()).toEqual([...SHIPPED, MANIFEST].map((p) => `wenku-1.2.3/${p}`).sort());
    } finally {
      await site.close();
    }
    rmSync(join(root, MANIFEST));
    const bare = await serve(root);
    try {
      const res = await fetch(`${bare.base}/source/wenku-1.2.3.tar.gz`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/源代码/);
    } finally {
      await bare.close();
    }
  });

  test("WENKU_SOURCE_URL: /source leads to the operator's repository instead", async () => {
    const root = fixture();
    roots.push(root);
    const site = await serve(root, "https://git.example.org/our/wenku");
    try {
      const to = await fetch(`${site.base}/source`, { redirect: "manual" });
      expect(to.status).toBe(302);
      expect(to.headers.get("location")).toBe("https://git.example.org/our/wenku");
    } finally {
      await site.close();
    }
  });

  test("what may ship", () => {
    expect(mayShip("services/user/src/a.ts")).toBe(true);
    expect(mayShip("deploy/secret.example.env")).toBe(true);
    for (const p of ["", "/etc/passwd", "../x", "a/../../x", "web/node_modules/x.js", ".env", "a/.env.production"])
      expect(mayShip(p)).toBe(false);
  });
});
