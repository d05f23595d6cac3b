// The whole one-process site for a bench, as `npm start` wires it, on a throwaway database and storage
// directory, with the admin signed in and one document category: what every site bench starts from.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import * as os from "node:os";
import { join } from "node:path";
import { createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { type Stack, startStack } from "@wenku/standalone";
import { type Cleanup, throwawayDatabase } from "../gateway/stack.js";

export const HOST = "127.0.0.1";

/** One REST call; a non-2xx answer throws with its body. */
export async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export interface BenchSite {
  stack: Stack;
  url: string;
  /** The site's throwaway database (every service's schema in it). */
  databaseUrl: string;
  storageDir: string;
  /** The admin's bearer token. */
  token: string;
  /** A document category to file uploads under. */
  category: number;
}

export async function startBenchSite(
  cleanup: Cleanup,
  opts: {
    databaseUrl: string;
    name: string;
    transport: "memory" | "grpc";
    env?: Record<string, string | undefined>;
    /** The built web app to serve (web/dist); without it the gateway serves no pages. */
    webDist?: string;
  },
): Promise<BenchSite> {
  const log = createLogger({ service: "bench", level: "silent" });
  const databaseUrl = await throwawayDatabase(opts.databaseUrl, cleanup);
  const storageDir = await mkdtemp(join(os.tmpdir(), `wenku-bench-${opts.name}-`));
  cleanup.add(() => rm(storageDir, { recursive: true, force: true }));
  const bus = await createBus({ log });
  cleanup.add(() => bus.close());
  const adminPassword = randomBytes(12).toString("base64url");
  const stack = await startStack({
    databaseUrl,
    bus,
    log,
    jwtSecret: randomBytes(32).toString("hex"),
    internalToken: randomBytes(32).toString("hex"),
    port: 0,
    host: HOST,
    adminPassword,
    transport: opts.transport,
    webDist: opts.webDist,
    env: { ...opts.env, STORAGE_DIR: storageDir },
  });
  cleanup.add(() => stack.close());
  const url = `http://${HOST}:${stack.port}`;
  const token = (await api(url, "POST", "/api/v1/user/login", { username: "admin", password: adminPassword }))
    .token as string;
  await api(url, "POST", "/api/v1/category", { title: "基准测试", type: 0, enable: true }, token);
  const categories = await api(url, "GET", "/api/v1/category/list?type=0", undefined, token);
  const category = (categories.category as Array<{ id: number; title: string }>).find((c) => c.title === "基准测试");
  if (!category) throw new Error("the bench category was not created");
  return { stack, url, databaseUrl, storageDir, token, category: category.id };
}
