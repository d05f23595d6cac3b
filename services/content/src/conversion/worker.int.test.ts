// The conversion worker on the real NATS JetStream server, kit local-disk storage in a temp dir and
// an in-memory sink. Each test has its own stream and subject, deleted afterwards.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { EventBus } from "@wenku/kit/bus";
import { createJetStreamBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { createLocalStorage } from "@wenku/kit/storage";
import { streamSettled, testLogger, waitFor } from "@wenku/kit/testing";
import { TEST_NATS_URL } from "../../../../jest/env.js";
import { type Converter, createConverter } from "./converter.js";
import { ConversionError } from "./errors.js";
import { makePdf } from "./fixtures.js";
import { encodeJob, outputKeys } from "./job.js";
import {
  type ConversionFailure,
  type ConversionSink,
  type ConversionWorker,
  type ConvertedDocument,
  startConversionWorker,
} from "./worker.js";

const run = `conv_${Date.now().toString(36)}_${process.pid}`;
let n = 0;
let admin: NatsConnection;
let jsm: JetStreamManager;
let dir: string;
let realConverter: Converter;

beforeAll(async () => {
  admin = await connect({ servers: TEST_NATS_URL });
  jsm = await jetstreamManager(admin);
  dir = await mkdtemp(join(tmpdir(), "wenku-worker-test-"));
  realConverter = createConverter({ office: { profileRoot: join(dir, "profiles") }, workRoot: dir });
});
afterAll(async () => {
  for await (const name of jsm.streams.names()) if (name.startsWith(run)) await jsm.streams.delete(name);
  await admin.close();
  await realConverter.close();
  await rm(dir, { recursive: true, force: true });
});

type Event =
  | { kind: "started"; doc: string; attempt: number; worker: string }
  | { kind: "converted"; doc: string; result: ConvertedDocument; worker: string }
  | { kind: "failed"; doc: string; failure: ConversionFailure; final: boolean; worker: string };

class MemorySink {
  events: Event[] = [];
  for(worker: string): ConversionSink {
    return {
      onStarted: async (job, attempt) =>
        void this.events.push({ kind: "started", doc: String(job.documentId), attempt, worker }),
      onConverted: async (job, result) =>
        void this.events.push({ kind: "converted", doc: String(job.documentId), result, worker }),
      onFailed: async (job, failure, final) =>
        void this.events.push({ kind: "failed", doc: String(job.documentId), failure, final, worker }),
    };
  }
  of(doc: string): Event[] {
    return this.events.filter((e) => e.doc === doc);
  }
  converted(doc: string): Extract<Event, { kind: "converted" }> | undefined {
    return this.events.find((e): e is Extract<Event, { kind: "converted" }> => e.kind === "converted" && e.doc === doc);
  }
  final(doc: string): Extract<Event, { kind: "failed" }> | undefined {
    return this.events.find(
      (e): e is Extract<Event, { kind: "failed" }> => e.kind === "failed" && e.final && e.doc === doc,
    );
  }
}

/** The real converter, counting the conversions it actually runs per file path's hash. */
function counting(): { converter: Converter; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    converter: {
      convert: (input, out, opts) => {
        counts.set(input.path, (counts.get(input.path) ?? 0) + 1);
        return realConverter.convert(input, out, opts);
      },
      close: async () => {},
    },
  };
}
const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

interface Setup {
  prefix: string;
  storage: Storage;
  sink: MemorySink;
  buses: EventBus[];
  workers: ConversionWorker[];
  errors: unknown[];
  start(
    name: string,
    extra?: Partial<Parameters<typeof startConversionWorker>[0]>,
    converter?: Converter,
  ): Promise<ConversionWorker>;
  publish(job: JobInit): Promise<void>;
  upload(key: string, data: Uint8Array): Promise<void>;
  dispose(): Promise<void>;
}

async function setup(): Promise<Setup> {
  const prefix = `${run}_${++n}`;
  const storage = await createLocalStorage({ root: join(dir, prefix) });
  const sink = new MemorySink();
  const { log, errors } = testLogger();
  const buses: EventBus[] = [];
  const workers: ConversionWorker[] = [];
  const stream = { name: prefix, subjects: [`${prefix}.>`] };
  const subject = `${prefix}.requested`;
  const publisher = await createJetStreamBus({ natsUrl: TEST_NATS_URL, log, name: `${prefix}_pub` });
  buses.push(publisher);
  return {
    prefix,
    storage,
    sink,
    buses,
    workers,
    errors,
    async start(name, extra = {}, converter = realConverter) {
      const bus = await createJetStreamBus({ natsUrl: TEST_NATS_URL, log, name: `${prefix}_${name}` });
      buses.push(bus);
      const w = await startConversionWorker({
        bus,
        storage,
        sink: sink.for(name),
        converter,
        log,
        stream,
        subject,
        workDir: dir,
        backoffMs: [50],
        ...extra,
      });
      workers.push(w);
      return w;
    },
    publish: (job) => publisher.publish(subject, encodeJob(job)),
    upload: async (key, data) => void (await storage.put(key, data)),
    async dispose() {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(buses.map((b) => b.close()));
    },
  };
}

const hashOf = (i: number) => i.toString(16).padStart(32, "0");
type JobInit = Parameters<typeof encodeJob>[0];
const job = (doc: number, hash: string, key: string, ext = ".pdf"): JobInit => ({
  documentId: BigInt(doc),
  attachmentHash: hash,
  storageKey: key,
  ext,
});

let s: Setup;
beforeEach(async () => {
  s = await setup();
});
afterEach(async () => {
  await s.dispose();
  expect(s.errors).toEqual([]);
});

test("two workers share the queue: every document converted exactly once, outputs in storage", async () => {
  const { converter, counts } = counting();
  await s.start("a", {}, converter);
  await s.start("b", {}, converter);
  const docs = [1, 2, 3, 4, 5, 6];
  for (const d of docs) {
    await s.upload(`originals/${d}.pdf`, makePdf({ pages: 2, lines: (p) => [`文档${d} 第${p}页`] }));
    await s.publish(job(d, hashOf(d), `originals/${d}.pdf`));
  }
  await waitFor(() => docs.every((d) => s.sink.converted(String(d))), 60_000, "all converted");
  expect(total(counts)).toBe(docs.length);
  const workersUsed = new Set(s.sink.events.filter((e) => e.kind === "converted").map((e) => e.worker));
  expect(workersUsed).toEqual(new Set(["a", "b"]));
  for (const d of docs) {
    const r = s.sink.converted(String(d))?.result;
    expect(r).toMatchObject({ pages: 2, rendered: 2, reused: false, hash: hashOf(d) });
    expect(r?.text).toContain(`文档${d} 第2页`);
    expect(s.sink.of(String(d)).map((e) => e.kind)).toEqual(["started", "converted"]);
    const keys = outputKeys(hashOf(d));
    const svg = await read(s.storage, keys.page(2, false));
    expect(svg.subarray(0, 4).toString()).toBe("<svg");
    expect(gunzipSync(await read(s.storage, keys.page(2, true)))).toEqual(svg);
    expect((await read(s.storage, keys.cover)).subarray(1, 4).toString()).toBe("PNG");
    expect(JSON.parse((await read(s.storage, keys.manifest)).toString())).toMatchObject({ pages: 2, rendered: 2 });
  }
});

test("a worker that stops answering mid-job: the other worker converts it after redelivery", async () => {
  const { converter, counts } = counting();
  let blocked = 0;
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  // Worker "dying" never converts: it blocks after fetching the original, sending no in-progress acks.
  const dying = await s.start(
    "dying",
    {
      ackWaitMs: 1_000,
      hooks: {
        beforeConvert: async () => {
          blocked++;
          await released;
        },
      },
    },
    converter,
  );
  await s.upload("originals/k.pdf", makePdf({ pages: 1 }));
  await s.publish(job(42, hashOf(42), "originals/k.pdf"));
  await waitFor(() => blocked === 1, 10_000, "the job reached the dying worker");
  await s.start("rescuer", { ackWaitMs: 1_000 }, converter);
  await waitFor(() => s.sink.converted("42") !== undefined, 20_000, "redelivery to the rescuer");
  expect(s.sink.converted("42")?.worker).toBe("rescuer");
  expect(s.sink.of("42").filter((e) => e.kind === "started")).toEqual([
    { kind: "started", doc: "42", attempt: 1, worker: "dying" },
    { kind: "started", doc: "42", attempt: 2, worker: "rescuer" },
  ]);
  // The dying worker is stopped: its job is aborted, reported to nobody, and converted by no one else.
  const stopping = dying.stop();
  release();
  await stopping;
  expect(total(counts)).toBe(1);
  expect(s.sink.of("42").map((e) => e.kind)).toEqual(["started", "started", "converted"]);
});

test("a corrupt file: failed for good at once with a reason (no retries)", async () => {
  await s.start("a", { maxAttempts: 3 });
  await s.upload("originals/bad.pdf", Buffer.from("%PDF-1.7\nnot really\n"));
  await s.publish(job(7, hashOf(7), "originals/bad.pdf"));
  await waitFor(() => s.sink.final("7") !== undefined, 10_000, "final failure");
  expect(s.sink.of("7").map((e) => e.kind)).toEqual(["started", "failed"]);
  expect(s.sink.final("7")?.failure).toMatchObject({ reason: "corrupt", retryable: false });
  expect(s.sink.final("7")?.failure.message).toContain("损坏");
});

test("a retryable failure is retried with backoff, then reported final after maxAttempts", async () => {
  let attempts = 0;
  const crashing: Converter = {
    convert: async () => {
      attempts++;
      throw new Error("soffice crashed (simulated tool crash)");
    },
    close: async () => {},
  };
  await s.start("a", { maxAttempts: 3, backoffMs: [50, 100] }, crashing);
  await s.upload("originals/c.pdf", makePdf({ pages: 1 }));
  await s.publish(job(8, hashOf(8), "originals/c.pdf"));
  await waitFor(() => s.sink.final("8") !== undefined, 10_000, "final failure");
  expect(attempts).toBe(3);
  const failed = s.sink.of("8").filter((e) => e.kind === "failed");
  expect(failed.map((e) => (e.kind === "failed" ? [e.final, e.failure.reason] : []))).toEqual([
    [false, "internal"],
    [false, "internal"],
    [true, "internal"],
  ]);
  expect(
    s.sink
      .of("8")
      .filter((e) => e.kind === "started")
      .map((e) => (e.kind === "started" ? e.attempt : 0)),
  ).toEqual([1, 2, 3]);
  // The one error-level line this test expects.
  expect(s.errors.splice(0)).toEqual([
    expect.objectContaining({ msg: "conversion: attempts exhausted", document_id: "8" }),
  ]);
});

test.each([
  [
    "a timeout (LibreOffice or the job's)",
    new ConversionError("timeout", "LibreOffice did not finish within 120000 ms"),
    1,
  ],
  ["a page too complex for its budgets", new ConversionError("too_complex", "page 1: timeout"), 1],
  ["a missing soffice", new ConversionError("tool_missing", "spawn soffice ENOENT"), 1],
  ["a LibreOffice crash (SIGSEGV)", new ConversionError("tool_failed", "crashed (SIGSEGV)", { maxAttempts: 2 }), 2],
])("%s: final after its allowed attempts, not five", async (_, error, attempts) => {
  let runs = 0;
  const failing: Converter = {
    convert: async () => {
      runs++;
      throw error;
    },
    close: async () => {},
  };
  await s.start("a", { maxAttempts: 5, backoffMs: [50] }, failing);
  await s.upload("originals/f.pdf", makePdf({ pages: 1 }));
  await s.publish(job(11, hashOf(11), "originals/f.pdf"));
  await waitFor(() => s.sink.final("11") !== undefined, 10_000, "final failure");
  await waitFor(() => streamSettled(jsm, s.prefix), 5_000, "the job acked: no further delivery");
  expect(runs).toBe(attempts);
  expect(s.sink.final("11")?.failure).toMatchObject({ reason: error.reason, message: error.message });
  expect(s.sink.of("11").filter((e) => e.kind === "started")).toHaveLength(attempts);
});

test("a missing original: failed for good (source_missing)", async () => {
  await s.start("a");
  await s.publish(job(9, hashOf(9), "originals/nowhere.pdf"));
  await waitFor(() => s.sink.final("9") !== undefined, 10_000, "final failure");
  expect(s.sink.final("9")?.failure).toMatchObject({ reason: "source_missing", retryable: false });
});

test("the same file (hash) is converted once: concurrent duplicates share the run, later ones reuse the manifest", async () => {
  const { converter, counts } = counting();
  await s.start("a", { concurrency: 3 }, converter);
  const hash = hashOf(77);
  await s.upload("originals/same.pdf", makePdf({ pages: 3, lines: (p) => [`重复文件 第${p}页`] }));
  for (const d of [101, 102, 103]) await s.publish(job(d, hash, "originals/same.pdf"));
  await waitFor(() => ["101", "102", "103"].every((d) => s.sink.converted(d)), 30_000, "three documents");
  // Later: another upload of the same file, picked up by a second worker.
  await s.start("b", {}, converter);
  await s.publish(job(104, hash, "originals/same.pdf"));
  await waitFor(() => s.sink.converted("104") !== undefined, 30_000, "the later duplicate");
  expect(total(counts)).toBe(1);
  const results = ["101", "102", "103", "104"].map((d) => s.sink.converted(d)?.result);
  expect(results.filter((r) => r?.reused === false)).toHaveLength(1);
  for (const r of results) {
    expect(r).toMatchObject({ pages: 3, rendered: 3, hash });
    expect(r?.text).toContain("重复文件 第3页");
  }
  // force (reconvert) converts again.
  await s.publish({ ...job(105, hash, "originals/same.pdf"), force: true });
  await waitFor(() => s.sink.converted("105") !== undefined, 30_000, "the forced reconversion");
  expect(total(counts)).toBe(2);
  expect(s.sink.converted("105")?.result.reused).toBe(false);
});

test("duplicates of a file that fails for good share its failure: converted once", async () => {
  let runs = 0;
  const slowFailing: Converter = {
    convert: async () => {
      runs++;
      // Fails only once the duplicate has started (and so joined this run).
      await waitFor(() => s.sink.of("62").some((e) => e.kind === "started"), 10_000, "the duplicate started");
      await new Promise((r) => setImmediate(r));
      throw new ConversionError("too_complex", "page 1: timeout");
    },
    close: async () => {},
  };
  await s.start("a", { concurrency: 2 }, slowFailing);
  await s.upload("originals/h.pdf", makePdf({ pages: 1 }));
  const hash = hashOf(66);
  await s.publish(job(61, hash, "originals/h.pdf"));
  await s.publish(job(62, hash, "originals/h.pdf"));
  await waitFor(() => s.sink.final("61") !== undefined && s.sink.final("62") !== undefined, 10_000, "both failed");
  expect(runs).toBe(1);
  expect(s.sink.final("62")?.failure.reason).toBe("too_complex");
});

test("a poison message is dropped with a log, never retried", async () => {
  await s.start("a");
  await s.buses[0]?.publish(`${s.prefix}.requested`, Uint8Array.from([0xff, 0xff, 0xff]));
  await s.publish(job(0, hashOf(1), "originals/none.pdf"));
  await waitFor(() => s.errors.length === 2, 10_000, "both dropped");
  expect(s.errors.splice(0)).toEqual([
    expect.objectContaining({
      msg: "conversion: malformed request dropped",
      problem: expect.stringContaining("not an"),
    }),
    expect.objectContaining({
      msg: "conversion: malformed request dropped",
      problem: expect.stringContaining("document_id"),
    }),
  ]);
  expect(s.sink.events).toEqual([]);
});

test("the preview limit is the job's: outputs reused when they cover it (cut back), converted again when raised", async () => {
  const { converter, counts } = counting();
  await s.start("a", {}, converter);
  const hash = hashOf(88);
  await s.upload("originals/p.pdf", makePdf({ pages: 6, lines: (p) => [`预览限制 第${p}页`] }));
  const limited = (doc: number, maxPreview: number, maxPreviewPercent = 0) =>
    s.publish({ ...job(doc, hash, "originals/p.pdf"), maxPreview, maxPreviewPercent });
  await limited(201, 0, 50); // 50 % of 6 → 3
  await waitFor(() => s.sink.converted("201") !== undefined, 30_000, "first");
  await limited(202, 2); // 2 ≤ 3 rendered: reused, cut back
  await waitFor(() => s.sink.converted("202") !== undefined, 30_000, "second");
  await limited(203, 0); // all 6: more than rendered, converted again
  await waitFor(() => s.sink.converted("203") !== undefined, 30_000, "third");
  const r = (d: string) => s.sink.converted(d)?.result;
  expect(r("201")).toMatchObject({ pages: 6, rendered: 3, reused: false });
  expect(r("201")?.previewText).toContain("第3页");
  expect(r("201")?.previewText).not.toContain("第4页");
  expect(r("202")).toMatchObject({ pages: 6, rendered: 2, reused: true });
  expect(r("202")?.previewText).toContain("第2页");
  expect(r("202")?.previewText).not.toContain("第3页");
  expect(r("202")?.text).toContain("第6页");
  expect(r("203")).toMatchObject({ pages: 6, rendered: 6, reused: false });
  expect(r("203")?.previewText).toContain("第6页");
  expect(total(counts)).toBe(2);
  expect(JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString())).toMatchObject({
    version: 2,
    rendered: 6,
    pageTextEnds: expect.arrayContaining([expect.any(Number)]),
  });
});

async function read(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await storage.get(key)) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
