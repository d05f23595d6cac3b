// The testbed the conversion pipeline suites share (pipeline.*int.test.ts), end to end: documents rows
// in a real PostgreSQL database (cloned from the migrated template), requests through the real queue on
// NATS JetStream (a stream and subject of this run only), the converter's lanes with the real converter
// reporting through ConversionReportAPI (a router transport) to this service's handlers and documents
// sink, files in local storage. ES module bindings are live: a suite imports `s` and `db`
// and sees this file's values.
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { createRouterTransport } from "@connectrpc/connect";
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { type Converter, createConverter, createReportSink, startConversionLanes } from "@wenku/converter";
import type { EventBus } from "@wenku/kit/bus";
import { createJetStreamBus, createMemoryBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { createLocalStorage } from "@wenku/kit/storage";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { testLogger } from "@wenku/testkit";
import { createTestDatabase } from "../../../jest/db.js";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { createConversionReportHandlers } from "../src/conversion/conversion.handlers.js";
import { type ConversionQueueImpl, createConversionQueue } from "../src/conversion/queue.js";
import { startConversionRequeue } from "../src/conversion/requeue.js";
import { createDocumentSink } from "../src/conversion/sink.js";
import { createDb, type Db } from "../src/db.js";
import { localDocumentEvents } from "../src/documents/document.events.js";
import type { ConversionRequest } from "../src/ports.js";

const run = `pipe_${Date.now().toString(36)}_${process.pid}`;
let n = 0;
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
export let db: Db;
let admin: NatsConnection;
export let jsm: JetStreamManager;
export let dir: string;
export let converter: Converter;

/** Registers the suite's hooks: database, NATS admin connection and converter per file, a setup per test. */
export function usePipelineTestbed(): void {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDb(testDb.url);
    admin = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(admin);
    dir = await mkdtemp(join(tmpdir(), "wenku-pipeline-test-"));
    converter = createConverter({ office: { profileRoot: join(dir, "profiles") }, workRoot: dir });
  });
  afterAll(async () => {
    for await (const name of jsm.streams.names()) if (name.startsWith(run)) await jsm.streams.delete(name);
    await admin.close();
    await converter.close();
    await db.$disconnect();
    await testDb.drop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(async () => {
    await s.dispose();
  });
}

/** Lanes and requeue, stopped together. */
export interface Started {
  /** Documents requeued (0 without `requeue`). */
  readonly requeued: Promise<number>;
  stop(): Promise<void>;
}

export interface Setup {
  /** This setup's stream (JetStream: see streamSettled). */
  stream: string;
  storage: Storage;
  bus: EventBus;
  queue: ConversionQueueImpl;
  settings: Settings;
  errors: unknown[];
  /** The converter's lanes on this setup's queue and, with `requeue`, the content service's requeue at once. */
  start(opts?: { converter?: Converter; requeue?: boolean; concurrency?: number }): Promise<Started>;
  dispose(): Promise<void>;
}

async function setup(kind: "jetstream" | "memory" = "jetstream", keep?: Storage): Promise<Setup> {
  const prefix = `${run}_${++n}`;
  const storage = keep ?? (await createLocalStorage({ root: join(dir, prefix) }));
  const { log, errors } = testLogger();
  const bus =
    kind === "memory"
      ? createMemoryBus({ log })
      : await createJetStreamBus({ natsUrl: TEST_NATS_URL, log, name: prefix });
  const stream = { name: prefix, subjects: [`${prefix}.>`] };
  const subject = `${prefix}.requested`;
  const officeSubject = `${prefix}.office`;
  const settings = create(SettingsSchema, {
    converter: { maxPreview: 0, maxPreviewPercent: 0, timeout: 5, enableConvertRepeatedDocument: false },
  });
  const queue = createConversionQueue({
    bus,
    settings: { current: async () => settings },
    log,
    stream,
    subject,
    officeSubject,
  });
  const runners: Started[] = [];
  // What the content service serves the converter, without a network.
  const sink = createDocumentSink({ db, storage, log, events: localDocumentEvents() });
  const content = createRouterTransport((r) => r.service(ConversionReportAPI, createConversionReportHandlers(sink)));
  return {
    stream: stream.name,
    storage,
    bus,
    queue,
    settings,
    errors,
    async start(opts = {}) {
      const lanes = await startConversionLanes({
        bus,
        storage,
        sink: createReportSink(content, "internal-token-unchecked-by-a-router-transport"),
        log,
        concurrency: opts.concurrency ?? 2,
        officeConcurrency: 1,
        converter: opts.converter ?? converter,
        stream,
        subject,
        officeSubject,
        worker: { backoffMs: [50], maxAttempts: 3, workDir: dir, durable: "conversion" },
      });
      const requeue = startConversionRequeue({ db, queue, log, delaysMs: opts.requeue ? [0] : [] });
      const r: Started = {
        requeued: requeue.requeued,
        async stop() {
          await requeue.stop();
          await lanes.stop();
        },
      };
      runners.push(r);
      return r;
    },
    async dispose() {
      for (const r of runners) await r.stop();
      await bus.close();
    },
  };
}

/** The current test's setup (assigned before each test). */
export let s: Setup;

/** Replaces the current setup (after disposing of it): another bus, optionally the same storage. */
export async function resetup(kind: "jetstream" | "memory", keep?: Storage): Promise<void> {
  s = await setup(kind, keep);
}

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

/** A stored file with its attachment row; returns its hash and storage key. */
export async function attachment(
  data: Uint8Array,
  ext = ".pdf",
): Promise<{ hash: string; storageKey: string; ext: string }> {
  const hash = md5(data);
  const storageKey = `attachments/${hash}${ext}`;
  await s.storage.put(storageKey, data);
  await db.attachment.create({ data: { hash, storageKey, ext, name: `a${ext}`, size: BigInt(data.length) } });
  return { hash, storageKey, ext };
}

export async function category(): Promise<bigint> {
  return (await db.category.create({ data: { title: `分类${++n}` } })).id;
}

export async function doc(
  hash: string,
  status: number,
  categoryId: bigint,
  extra: { description?: string; ext?: string } = {},
): Promise<bigint> {
  const d = await db.document.create({
    data: { title: `文档${++n}`, userId: 1n, attachmentHash: hash, ext: ".pdf", status, ...extra },
  });
  await db.documentCategory.create({ data: { documentId: d.id, categoryId } });
  return d.id;
}

export const request = (id: bigint, a: { hash: string; storageKey: string; ext?: string }): ConversionRequest => ({
  documentId: id,
  attachmentHash: a.hash,
  storageKey: a.storageKey,
  ext: a.ext ?? ".pdf",
});

export const row = (id: bigint) => db.document.findUniqueOrThrow({ where: { id } });

/** Conversions take seconds (LibreOffice, the real renderer). */
export const CONVERSION_MS = 30_000;

export const docCount = async (id: bigint) => (await db.category.findUniqueOrThrow({ where: { id } })).docCount;
