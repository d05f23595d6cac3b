// The testbed the conversion pipeline suites share (pipeline.*int.test.ts), the content service's side
// of the conversion: documents rows in a real PostgreSQL database (cloned from the migrated template),
// requests through the real queue on NATS JetStream (a stream and subject of this run only) or the
// in-process bus, read back off the queue as a converter receives them, and the converter's steps
// played through a ConversionReportAPI client on a router transport to this service's handlers and
// documents sink, its outputs written to local storage where and as the converter writes them
// (@wenku/converter/contract). The converter's own side (its lanes with a ConversionReportAPI
// stand-in) is tested in services/converter; both together by the system tests in tests/api.
// ES module bindings are live: a suite imports `s` and `db` and sees this file's values.
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { type Client, createClient, createRouterTransport } from "@connectrpc/connect";
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import {
  type ConversionJob,
  decodeJob,
  type Manifest,
  outputKeys,
  previewPages,
  TextCollector,
} from "@wenku/converter/contract";
import type { EventBus } from "@wenku/kit/bus";
import { createBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { createStorage } from "@wenku/kit/storage";
import { type Settings, SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { testLogger, waitFor } from "@wenku/testkit";
import { createTestDatabase } from "../../../jest/db.js";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { createConversionReportHandlers } from "../src/conversion/conversion.handlers.js";
import { type ConversionQueueImpl, createConversionQueue } from "../src/conversion/queue.js";
import { type ConversionRequeue, startConversionRequeue } from "../src/conversion/requeue.js";
import { createDocumentSink } from "../src/conversion/sink.js";
import { createDb, type Db } from "../src/db.js";
import { localDocumentEvents } from "../src/documents/document.events.js";
import type { ConversionRequest } from "../src/ports.js";

const run = `pipe_${Date.now().toString(36)}_${process.pid}`;
let n = 0;
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
export let db: Db;
let admin: NatsConnection;
let jsm: JetStreamManager;
let dir: string;

/** Registers the suite's hooks: database, NATS admin connection and temp dir per file, a setup per test. */
export function usePipelineTestbed(): void {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDb(testDb.url);
    admin = await connect({ servers: TEST_NATS_URL });
    jsm = await jetstreamManager(admin);
    dir = await mkdtemp(join(tmpdir(), "wenku-pipeline-test-"));
  });
  afterAll(async () => {
    for await (const name of jsm.streams.names()) if (name.startsWith(run)) await jsm.streams.delete(name);
    await admin.close();
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

export interface Setup {
  storage: Storage;
  bus: EventBus;
  queue: ConversionQueueImpl;
  settings: Settings;
  errors: unknown[];
  /** The content service's ConversionReportAPI as the converter calls it (no network, no token check). */
  reports: Client<typeof ConversionReportAPI>;
  /** Requests taken off the queue so far, as a converter receives them, with the lane that carried each. */
  received: { lane: "main" | "office"; job: ConversionJob }[];
  /** The content service's requeue of waiting documents, at once. */
  requeue(): ConversionRequeue;
  /** The content service's requeue as it runs beside the documents: only after lost requests. */
  requeueAfterLost(): ConversionRequeue;
  /** While down, the queue's publishes fail as they do while NATS is unreachable. */
  busDown(down: boolean): void;
  /** Publishes refused so far while the bus was down. */
  refused(): number;
  dispose(): Promise<void>;
}

async function setup(kind: "jetstream" | "memory" = "jetstream", keep?: Storage): Promise<Setup> {
  const prefix = `${run}_${++n}`;
  const storage = keep ?? (await createStorage({ STORAGE_DIR: join(dir, prefix) }));
  const { log, errors } = testLogger();
  const bus =
    kind === "memory" ? await createBus({ log }) : await createBus({ natsUrl: TEST_NATS_URL, log, name: prefix });
  const stream = { name: prefix, subjects: [`${prefix}.>`] };
  const subject = `${prefix}.requested`;
  const officeSubject = `${prefix}.office`;
  const settings = create(SettingsSchema, {
    converter: { maxPreview: 0, maxPreviewPercent: 0, timeout: 5, enableConvertRepeatedDocument: false },
  });
  let down = false;
  let refused = 0;
  // The queue's view of the bus: publishing refused while `down` (the rest is the bus itself).
  const gated: EventBus = Object.create(bus, {
    ensureStream: { value: bus.ensureStream.bind(bus) },
    publish: {
      value: (...a: Parameters<EventBus["publish"]>) =>
        down ? Promise.reject(new Error(`test: NATS is down (${++refused})`)) : bus.publish(...a),
    },
  });
  const queue = createConversionQueue({
    bus: gated,
    settings: { current: async () => settings },
    log,
    stream,
    subject,
    officeSubject,
  });
  // What the content service serves the converter, without a network.
  const sink = createDocumentSink({ db, storage, log, events: localDocumentEvents() });
  const transport = createRouterTransport((r) => r.service(ConversionReportAPI, createConversionReportHandlers(sink)));
  const received: Setup["received"] = [];
  await bus.ensureStream(stream);
  for (const [lane, filterSubject] of [
    ["main", subject],
    ["office", officeSubject],
  ] as const) {
    await bus.consume({ stream: stream.name, durable: `received_${lane}`, filterSubject }, async (m) => {
      const job = decodeJob(m.data);
      if (typeof job !== "string") received.push({ lane, job });
    });
  }
  const requeues: ConversionRequeue[] = [];
  return {
    storage,
    bus,
    queue,
    settings,
    errors,
    reports: createClient(ConversionReportAPI, transport),
    received,
    requeue() {
      const r = startConversionRequeue({ db, queue, log, delaysMs: [0] });
      requeues.push(r);
      return r;
    },
    requeueAfterLost() {
      const r = startConversionRequeue({ db, queue, log, delaysMs: [] });
      const off = queue.onLost(() => r.again());
      const stop = () => {
        off();
        return r.stop();
      };
      requeues.push({ requeued: r.requeued, again: r.again, stop });
      return r;
    },
    busDown(d) {
      down = d;
    },
    refused: () => refused,
    async dispose() {
      for (const r of requeues) await r.stop();
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

/** A distinct original file (its bytes only make its hash; nothing converts it here). */
export const file = (label: string) => Buffer.from(`%PDF-1.7\n% ${label} ${++n}\n`);

export async function category(): Promise<bigint> {
  return (await db.category.create({ data: { title: `分类${++n}` } })).id;
}

export async function doc(
  hash: string,
  status: number,
  categoryId: bigint,
  extra: { description?: string; ext?: string; languageId?: bigint } = {},
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

/** The requests for `ids` taken off the queue, in the order received (waits for one per id at least). */
export async function received(...ids: bigint[]): Promise<ConversionJob[]> {
  const of = () => s.received.map((r) => r.job).filter((j) => ids.includes(j.documentId));
  await waitFor(
    () => ids.every((id) => of().some((j) => j.documentId === id)),
    5_000,
    `requests for ${ids.join(", ")}`,
  );
  return of();
}

/** The converter's first step: true when it is to convert, false when told to skip. */
export const started = async (job: ConversionJob, attempt = 1) =>
  !(await s.reports.reportStarted({ job, attempt })).skip;

/**
 * A conversion as the converter ends it: an A4 document of `pages` (each page's text), its outputs stored
 * under outputKeys (the job's preview pages, cover, text.txt with one end offset per page, the
 * manifest last), then reported converted.
 */
export async function converted(job: ConversionJob, pages: string[], opts: { reused?: boolean } = {}): Promise<void> {
  const keys = outputKeys(job.attachmentHash);
  const rendered = previewPages(pages.length, job.maxPreview, job.maxPreviewPercent);
  const collector = new TextCollector(1 << 20);
  for (const p of pages) collector.addPage(`${p.trimEnd()}\n`);
  for (let i = 1; i <= rendered; i++) {
    await s.storage.put(keys.page(i, false), Buffer.from(`<svg><!-- ${i} --></svg>`));
    await s.storage.put(keys.page(i, true), Buffer.from(`gzip ${i}`));
  }
  await s.storage.put(keys.cover, Buffer.from("png"));
  const text = Buffer.from(collector.text(), "utf8");
  await s.storage.put(keys.text, text);
  const m: Manifest = {
    version: 2,
    hash: job.attachmentHash,
    ext: job.ext.replace(/^\./, ""),
    format: "pdf",
    pages: pages.length,
    rendered,
    width: 595,
    height: 842,
    textBytes: text.length,
    textTruncated: collector.truncated,
    pageTextEnds: collector.ends(pages.length),
    svgBytes: 0,
    gzipBytes: 0,
    convertedAt: new Date().toISOString(),
  };
  await s.storage.put(keys.manifest, Buffer.from(JSON.stringify(m)));
  await s.reports.reportConverted({
    job,
    pages: pages.length,
    rendered,
    width: 595,
    height: 842,
    textBytes: BigInt(text.length),
    textTruncated: collector.truncated,
    reused: Boolean(opts.reused),
  });
}

/** A failed attempt as the converter reports it (`final`: no more attempts). */
export const failed = (job: ConversionJob, message: string, final: boolean, attempt = 1) =>
  s.reports.reportFailed({ job, reason: final ? "corrupt" : "tool_failed", message, final, attempt });

export const row = (id: bigint) => db.document.findUniqueOrThrow({ where: { id } });

export const docCount = async (id: bigint) => (await db.category.findUniqueOrThrow({ where: { id } })).docCount;
