import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { conversionChannel } from "@wenku/converter/contract";
import { createLogger } from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { spiderChannel } from "@wenku/spider";
import { type Stack, startStack } from "@wenku/standalone";
import { createTestDatabase } from "../../../jest/db.js";
import { TEST_NATS_URL } from "../../../jest/env.js";

export const ADMIN_PASSWORD = "admin-password-for-tests";

/**
 * The whole site on a random port over a fresh test database (in-process event bus). With
 * WENKU_TEST_TRANSPORT=grpc the gateway and services talk real gRPC over loopback and broadcast over
 * real NATS JetStream, as in a cluster.
 */
/** `databaseUrl` lets a test look at a service's own tables directly. */
export async function startTestStack(
  opts: {
    env?: Record<string, string | undefined>;
    clock?: () => Date;
    webDist?: string;
    /** Addresses whose X-Forwarded-For the gateway believes (a test simulating many clients). */
    trustedProxies?: string[];
  } = {},
): Promise<
  Stack & {
    broadcastPrefix?: string;
    databaseUrl: string;
    storageDir: string;
    internalToken: string;
    jwtSecret: string;
    stop(): Promise<void>;
  }
> {
  const db = await createTestDatabase();
  const storageDir = await mkdtemp(join(tmpdir(), "wenku-storage-"));
  const internalToken = randomBytes(32).toString("hex");
  const jwtSecret = randomBytes(32).toString("hex");
  const log = createLogger({ service: "test", level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const grpc = process.env.WENKU_TEST_TRANSPORT === "grpc";
  const queue = grpc ? `t${randomBytes(6).toString("hex")}` : undefined;
  // Over NATS every stack shares one server: its broadcasts (settings, logouts, documents changed) are
  // its own, so another test file's saves never drop this stack's caches.
  const broadcastPrefix = queue;
  const bus = grpc
    ? await createBus({ natsUrl: TEST_NATS_URL, log, name: "wenku-test", broadcastPrefix })
    : await createBus({ log });
  const stack = await startStack({
    databaseUrl: db.url,
    bus,
    log,
    jwtSecret,
    internalToken,
    port: 0,
    host: "127.0.0.1",
    adminPassword: ADMIN_PASSWORD,
    transport: grpc ? "grpc" : "memory",
    clock: opts.clock,
    webDist: opts.webDist,
    trustedProxies: opts.trustedProxies,
    // Over NATS every stack shares one server: each gets a private conversion queue, so one test
    // run's converter never takes another's jobs.
    env: {
      STORAGE_DIR: storageDir,
      ...(queue ? { CONVERSION_QUEUE: queue, SPIDER_QUEUE: queue } : {}),
      ...opts.env,
    },
  });
  return Object.assign(stack, {
    /** The stack's broadcast namespace on the shared NATS server (grpc transport only). */
    broadcastPrefix,
    databaseUrl: db.url,
    storageDir,
    internalToken,
    jwtSecret,
    async stop() {
      await stack.close();
      await bus.close();
      await db.drop();
      await rm(storageDir, { recursive: true, force: true });
      if (queue) await deleteStream(conversionChannel(queue).stream?.name as string);
      if (queue) await deleteStream(spiderChannel(queue).stream.name);
    },
  });
}

export async function rest(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // non-JSON answers are asserted by the caller
  }
  return { status: res.status, json, text };
}

/** Removes a test stack's private conversion stream from the shared NATS server (if it was created). */
async function deleteStream(name: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** A clock the test moves: the wall clock plus the offset it was advanced by. */
export function testClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * Polls `check` until it passes (returns without throwing) or `timeoutMs` runs out, then throws its
 * last failure: for effects that land shortly after the response (counters, broadcasts).
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Signs in as the seeded administrator and returns the token. */
export async function loginAdmin(base: string): Promise<string> {
  const r = await rest(base, "POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.token as string;
}

/** Registers a user (password "secret123" unless given) and returns its token and id. */
export async function registerUser(
  base: string,
  username: string,
  password = "secret123",
): Promise<{ token: string; id: number }> {
  const r = await rest(base, "POST", "/api/v1/user/register", { username, password });
  if (r.status !== 200) throw new Error(`registering ${username} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}
