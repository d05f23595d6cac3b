// Two real converter processes (main.ts under tsx) on one private queue over the test NATS server: a
// document is held by one converter at a time, and when the one converting it is killed (SIGKILL,
// mid-document) the other takes it after CONVERSION_ACK_WAIT_MS and converts it completely. The
// content service is a stand-in that records the reports, one port per converter so a report says
// which process sent it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServiceImpl } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { createBus } from "@wenku/kit/bus";
import { createStorage } from "@wenku/kit/storage";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { testLogger, waitFor } from "@wenku/testkit";
import { makePdf } from "@wenku/testkit/documents";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { conversionChannel, encodeJob, outputKeys } from "./job.js";

const PAGES = 150;
const ACK_WAIT_MS = 3_000;
const root = new URL("../../../", import.meta.url).pathname;

type Report = { kind: "started" | "converted" | "failed"; by: string; pages?: number; at: number };

let dir: string;
const reports: Report[] = [];
const servers: http2.Http2Server[] = [];
const children = new Map<string, ChildProcess>();
const queue = `kill${Date.now().toString(36)}${process.pid}`;

/** The content service's side of ConversionReportAPI, recording who reported what. */
function standIn(by: string): ServiceImpl<typeof ConversionReportAPI> {
  return {
    async reportStarted() {
      reports.push({ kind: "started", by, at: Date.now() });
      return { skip: false };
    },
    async reportConverted(req) {
      reports.push({ kind: "converted", by, pages: req.pages, at: Date.now() });
      return {};
    },
    async reportFailed() {
      reports.push({ kind: "failed", by, at: Date.now() });
      return {};
    },
    async reportRecognized() {
      return {};
    },
  };
}

async function listen(by: string): Promise<string> {
  const server = http2.createServer(connectNodeAdapter({ routes: (r) => r.service(ConversionReportAPI, standIn(by)) }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function startConverter(by: string, contentUrl: string, storageDir: string): ChildProcess {
  const nowhere = "http://127.0.0.1:9";
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "services/converter/src/main.ts")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NATS_URL: TEST_NATS_URL,
      INTERNAL_TOKEN: "kill-test-internal-token-0123456789abcdef",
      CONTENT_SERVICE_URL: contentUrl,
      USER_SERVICE_URL: nowhere,
      ORDER_SERVICE_URL: nowhere,
      CONFIG_SERVICE_URL: nowhere,
      SPIDER_SERVICE_URL: nowhere,
      CONVERTER_SERVICE_URL: nowhere,
      GRPC_PORT: "0",
      ADMIN_PORT: "0",
      HOST: "127.0.0.1",
      STORAGE_DIR: storageDir,
      CONVERSION_QUEUE: queue,
      CONVERSION_ACK_WAIT_MS: String(ACK_WAIT_MS),
      CONVERTER_CONCURRENCY: "1",
      CONVERTER_OFFICE_CONCURRENCY: "0",
      LOG_LEVEL: "warn",
      LOG_PRETTY: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.set(by, child);
  return child;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "wenku-kill-test-"));
});

afterAll(async () => {
  for (const c of children.values()) c.kill("SIGKILL");
  for (const s of servers) s.close();
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(conversionChannel(queue).stream?.name as string).catch(() => {});
  await nc.close();
  await rm(dir, { recursive: true, force: true });
});

test("a converter killed mid-document: the other takes the job after the ack wait, never both at once", async () => {
  const storageDir = join(dir, "storage");
  const storage = await createStorage({ STORAGE_DIR: storageDir });
  const data = makePdf({ pages: PAGES });
  const hash = "ab".repeat(16);
  await storage.put(`attachments/${hash}.pdf`, data);
  const [urlA, urlB] = [await listen("A"), await listen("B")];
  const a = startConverter("A", urlA, storageDir);
  const b = startConverter("B", urlB, storageDir);
  const exited = (c: ChildProcess) => new Promise<void>((resolve) => c.once("exit", () => resolve()));

  // The job is published once a converter consumes (their durables are one work queue); whichever
  // takes it is killed, and the other, up by then, must take it over.
  const channel = conversionChannel(queue);
  const { log } = testLogger();
  const bus = await createBus({ natsUrl: TEST_NATS_URL, log, name: `${queue}_pub` });
  try {
    await bus.ensureStream(channel.stream as NonNullable<typeof channel.stream>);
    await waitFor(
      async () => {
        const nc = await connect({ servers: TEST_NATS_URL });
        try {
          const jsm = await jetstreamManager(nc);
          await jsm.consumers.info(channel.stream?.name as string, channel.durable as string);
          return true;
        } catch {
          return false;
        } finally {
          await nc.close();
        }
      },
      45_000,
      "a converter consuming",
    );
    await bus.publish(
      channel.subject as string,
      encodeJob({ documentId: 1n, attachmentHash: hash, storageKey: `attachments/${hash}.pdf`, ext: ".pdf" }),
    );
    await waitFor(async () => reports.some((r) => r.kind === "started"), 30_000, "a converter started");
    const first = reports.find((r) => r.kind === "started")?.by as string;
    const victim = first === "A" ? a : b;
    const survivor = first === "A" ? "B" : "A";
    // Mid-document: pages are being written, the manifest (written last) is not.
    const keys = outputKeys(hash);
    await waitFor(async () => (await storage.stat(keys.page(2, false))) !== null, 30_000, "pages being written");
    victim.kill("SIGKILL");
    expect(await storage.stat(keys.manifest)).toBeNull();
    const killedAt = Date.now();
    await exited(victim);

    await waitFor(async () => reports.some((r) => r.kind === "converted"), 50_000, "the document converted");
    const converted = reports.find((r) => r.kind === "converted");
    expect(converted).toMatchObject({ by: survivor, pages: PAGES });
    // One holder at a time: the killed one started and never reported again; the survivor started
    // only after the kill (after the ack wait), then converted.
    expect(reports.filter((r) => r.by === first).map((r) => r.kind)).toEqual(["started"]);
    const survivorStarts = reports.filter((r) => r.by === survivor && r.kind === "started");
    expect(survivorStarts).toHaveLength(1);
    expect(survivorStarts[0]?.at).toBeGreaterThanOrEqual(killedAt);
    expect(reports.some((r) => r.kind === "failed")).toBe(false);
    // Every page is in storage, the manifest (written last) too.
    expect(await storage.stat(keys.page(PAGES, false))).not.toBeNull();
    expect(await storage.stat(keys.manifest)).not.toBeNull();
  } finally {
    await bus.close();
  }
}, 120_000);
