// The testbed the conversion worker suites share (worker.*.int.test.ts): the real NATS JetStream server,
// kit local-disk storage in a temp dir and an in-memory sink. Each test has its own stream and subject,
// deleted afterwards. ES module bindings are live: a suite imports `s` and sees this test's setup.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type JetStreamManager, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { EventBus } from "@wenku/kit/bus";
import { createBus } from "@wenku/kit/bus";
import type { Storage } from "@wenku/kit/storage";
import { createStorage } from "@wenku/kit/storage";
import { readAll, testLogger } from "@wenku/testkit";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { type Converter, createConverter } from "../src/converter.js";
import { encodeJob } from "../src/job.js";
import {
  type ConversionFailure,
  type ConversionSink,
  type ConversionWorker,
  type ConvertedDocument,
  startConversionWorker,
} from "../src/worker.js";

const run = `conv_${Date.now().toString(36)}_${process.pid}`;
let n = 0;
let admin: NatsConnection;
export let jsm: JetStreamManager;
export let dir: string;
export let realConverter: Converter;

/** A name for this test's stream, subjects and storage, unique per process and run. */
export const nextPrefix = () => `${run}_${++n}`;

/**
 * Registers the file's hooks: the NATS admin connection, a temp dir and the real converter for the file;
 * afterwards the streams named by nextPrefix() are deleted. The per-test setup is the suite's own.
 */
export function useConverterBed(): void {
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
}

/** Registers the worker suites' hooks: useConverterBed, and a worker setup per test. */
export function useWorkerTestbed(): void {
  useConverterBed();
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(async () => {
    await s.dispose();
    expect(s.errors).toEqual([]);
  });
}

type Event =
  | { kind: "started"; doc: string; attempt: number; worker: string }
  | { kind: "converted"; doc: string; result: ConvertedDocument; worker: string }
  | { kind: "failed"; doc: string; failure: ConversionFailure; final: boolean; worker: string };

export class MemorySink {
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
export function counting(): { converter: Converter; counts: Map<string, number> } {
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
export const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

export interface Setup {
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
  const prefix = nextPrefix();
  const storage = await createStorage({ STORAGE_DIR: join(dir, prefix) });
  const sink = new MemorySink();
  const { log, errors } = testLogger();
  const buses: EventBus[] = [];
  const workers: ConversionWorker[] = [];
  const stream = { name: prefix, subjects: [`${prefix}.>`] };
  const subject = `${prefix}.requested`;
  const publisher = await createBus({ natsUrl: TEST_NATS_URL, log, name: `${prefix}_pub` });
  buses.push(publisher);
  return {
    prefix,
    storage,
    sink,
    buses,
    workers,
    errors,
    async start(name, extra = {}, converter = realConverter) {
      const bus = await createBus({ natsUrl: TEST_NATS_URL, log, name: `${prefix}_${name}` });
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

export const hashOf = (i: number) => i.toString(16).padStart(32, "0");
export type JobInit = Parameters<typeof encodeJob>[0];
export const job = (doc: number, hash: string, key: string, ext = ".pdf"): JobInit => ({
  documentId: BigInt(doc),
  attachmentHash: hash,
  storageKey: key,
  ext,
});

/** The current test's setup (assigned before each test). */
export let s: Setup;

/** A stored object's bytes. */
export const read = async (storage: Storage, key: string): Promise<Buffer> => readAll(await storage.get(key));
