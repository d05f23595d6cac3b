// The converter's side of the conversion pipeline: its lanes (main and office) on a real NATS JetStream
// queue (a stream and subjects of this test only), the real converter or a counting / crashing one,
// outputs in local storage, every step reported through the production report sink to a
// ConversionReportAPI stand-in (a router transport) that records the reports and answers as the
// content service does: skip a file converted or failed by now unless the job forces it. The content
// service's side: services/content/src/conversion/pipeline*.int.test.ts; both together: tests/api.
import { join } from "node:path";
import { Code, ConnectError, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { createBus, type EventBus } from "@wenku/kit/bus";
import { createStorage, type Storage } from "@wenku/kit/storage";
import { ConversionReportAPI } from "@wenku/proto/api/v1/converter_internal_pb.js";
import { streamSettled, testLogger, waitFor } from "@wenku/testkit";
import { makePdf, makeSlowDocx } from "@wenku/testkit/documents";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { dir, jsm, nextPrefix, realConverter, useConverterBed } from "../test/worker.fixture.js";
import { type Converter, createConverter } from "./converter.js";
import { encodeJob, type Manifest, outputKeys, parseManifest, readText } from "./job.js";
import { type ConversionLanes, startConversionLanes } from "./lanes.js";
import { createReportSink } from "./reports.client.js";

/** Conversions take seconds (LibreOffice, the real renderer). */
const CONVERSION_MS = 30_000;

type Report =
  | { kind: "started"; doc: bigint; attempt: number; answered: "convert" | "skip" | "down" }
  | { kind: "converted"; doc: bigint; pages: number; rendered: number; textBytes: bigint; reused: boolean }
  | { kind: "failed"; doc: bigint; attempt: number; final: boolean; message: string };

/** The content service's side of ConversionReportAPI: records the reports and answers as content does. */
class ContentStandIn {
  reports: Report[] = [];
  /** Files whose documents are converted or failed by now. */
  done = new Set<string>();
  /** reportStarted calls to refuse first (the content service down). */
  down = 0;
  impl(): ServiceImpl<typeof ConversionReportAPI> {
    return {
      reportStarted: async ({ job, attempt }) => {
        const doc = job?.documentId ?? 0n;
        if (this.down > 0) {
          this.down--;
          this.reports.push({ kind: "started", doc, attempt, answered: "down" });
          throw new ConnectError("the content service stand-in is down", Code.Unavailable);
        }
        const skip = !job?.force && this.done.has(job?.attachmentHash ?? "");
        this.reports.push({ kind: "started", doc, attempt, answered: skip ? "skip" : "convert" });
        return { skip };
      },
      reportConverted: async (r) => {
        this.done.add(r.job?.attachmentHash ?? "");
        this.reports.push({
          kind: "converted",
          doc: r.job?.documentId ?? 0n,
          pages: r.pages,
          rendered: r.rendered,
          textBytes: r.textBytes,
          reused: r.reused,
        });
        return {};
      },
      reportFailed: async (r) => {
        if (r.final) this.done.add(r.job?.attachmentHash ?? "");
        const { attempt, final, message } = r;
        this.reports.push({ kind: "failed", doc: r.job?.documentId ?? 0n, attempt, final, message });
        return {};
      },
      reportRecognized: async () => ({}), // no OCR in these lanes
    };
  }
  of(doc: bigint): Report[] {
    return this.reports.filter((r) => r.doc === doc);
  }
  converted(doc: bigint) {
    return this.reports.find(
      (r): r is Extract<Report, { kind: "converted" }> => r.kind === "converted" && r.doc === doc,
    );
  }
  final(doc: bigint) {
    return this.reports.find(
      (r): r is Extract<Report, { kind: "failed" }> => r.kind === "failed" && r.final && r.doc === doc,
    );
  }
}

interface Setup {
  stream: string;
  storage: Storage;
  content: ContentStandIn;
  errors: unknown[];
  /** The lanes on this test's queue, reporting to the stand-in. */
  start(opts?: { converter?: Converter; concurrency?: number }): Promise<ConversionLanes>;
  /** A stored original (its hash made up, distinct per call). */
  file(data: Uint8Array, ext?: string): Promise<StoredFile>;
  /** A request for document `doc` of `f` on its lane, as the content service's queue publishes it. */
  publish(doc: number, f: StoredFile, opts?: { maxPreview?: number; force?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

interface StoredFile {
  hash: string;
  storageKey: string;
  ext: string;
}

let s: Setup;

useConverterBed();
beforeEach(async () => {
  s = await setup();
});
afterEach(async () => {
  await s.dispose();
});

async function setup(): Promise<Setup> {
  const prefix = nextPrefix();
  const storage = await createStorage({ STORAGE_DIR: join(dir, prefix) });
  const { log, errors } = testLogger();
  const bus: EventBus = await createBus({ natsUrl: TEST_NATS_URL, log, name: prefix });
  const stream = { name: prefix, subjects: [`${prefix}.>`] };
  const subject = `${prefix}.requested`;
  const officeSubject = `${prefix}.office`;
  const content = new ContentStandIn();
  const transport = createRouterTransport((r) => r.service(ConversionReportAPI, content.impl()));
  const running: ConversionLanes[] = [];
  let files = 0;
  return {
    stream: prefix,
    storage,
    content,
    errors,
    async start(opts = {}) {
      const lanes = await startConversionLanes({
        bus,
        storage,
        sink: createReportSink(transport, "internal-token-unchecked-by-a-router-transport"),
        log,
        concurrency: opts.concurrency ?? 2,
        officeConcurrency: 1,
        converter: opts.converter ?? realConverter,
        stream,
        subject,
        officeSubject,
        worker: { backoffMs: [50], maxAttempts: 3, workDir: dir, durable: "conversion" },
      });
      running.push(lanes);
      return lanes;
    },
    async file(data, ext = ".pdf") {
      const hash = `${(++files).toString(16).padStart(24, "0")}${"f".repeat(8)}`;
      const storageKey = `attachments/${hash}${ext}`;
      await storage.put(storageKey, data);
      return { hash, storageKey, ext };
    },
    async publish(doc, f, opts = {}) {
      const job = encodeJob({
        documentId: BigInt(doc),
        attachmentHash: f.hash,
        storageKey: f.storageKey,
        ext: f.ext,
        maxPreview: opts.maxPreview ?? 0,
        force: Boolean(opts.force),
      });
      await bus.publish(f.ext === ".docx" ? officeSubject : subject, job);
    },
    async dispose() {
      for (const lanes of running) await lanes.stop();
      await bus.close();
    },
  };
}

/** The real converter, counting its conversions and the most it ran at once. */
function counting(): { converter: Converter; calls: () => number; most: () => number } {
  let calls = 0;
  let now = 0;
  let most = 0;
  return {
    calls: () => calls,
    most: () => most,
    converter: {
      async convert(...args) {
        calls++;
        most = Math.max(most, ++now);
        try {
          return await realConverter.convert(...args);
        } finally {
          now--;
        }
      },
      close: async () => {},
    },
  };
}

test("the lanes, reporting to a content stand-in: a PDF converted, its outputs stored, reported started then converted", async () => {
  await s.start();
  const f = await s.file(makePdf({ pages: 3, lines: (p) => [`第${p}页 流水线测试`, `pipeline page ${p}`] }));
  await s.publish(1, f, { maxPreview: 1 });
  const hash = f.hash;
  await waitFor(() => s.content.converted(1n) !== undefined, CONVERSION_MS, "the conversion reported");
  const keys = outputKeys(hash);
  const raw = await readText(s.storage, keys.manifest);
  const m = parseManifest(raw ?? "", hash) as Manifest;
  // every page rendered; the report is cut back to the job's preview limit
  expect([m.pages, m.rendered, Math.round(m.width), Math.round(m.height)]).toEqual([3, 3, 595, 842]);
  const text = (await readText(s.storage, keys.text)) ?? "";
  expect(text).toContain("第3页 流水线测试");
  expect(await readText(s.storage, keys.page(1, false))).toMatch(/<svg/);
  expect(await readText(s.storage, keys.page(3, false))).toMatch(/<svg/);
  expect(s.content.of(1n)).toEqual([
    { kind: "started", doc: 1n, attempt: 1, answered: "convert" },
    {
      kind: "converted",
      doc: 1n,
      pages: 3,
      rendered: 1,
      textBytes: BigInt(Buffer.byteLength(text, "utf8")),
      reused: false,
    },
  ]);
  expect(s.errors).toEqual([]);
});

test("the content stand-in down at first: the job goes back to the queue unreported, converted on redelivery", async () => {
  s.content.down = 1;
  await s.start();
  await s.publish(2, await s.file(makePdf({ pages: 1, lines: () => ["重新投递"] })));
  await waitFor(() => s.content.converted(2n) !== undefined, CONVERSION_MS, "the conversion reported");
  expect(s.content.of(2n).map((r) => [r.kind, "attempt" in r ? r.attempt : 0])).toEqual([
    ["started", 1],
    ["started", 2],
    ["converted", 0],
  ]);
  expect(s.content.of(2n)[0]).toMatchObject({ answered: "down" });
  await waitFor(() => streamSettled(jsm, s.stream), 5_000, "the job acked");
});

test("duplicates (content stand-in): a file converted once, never twice at once; skipped once done, unless forced", async () => {
  const c = counting();
  await s.start({ converter: c.converter, concurrency: 2 });
  const f = await s.file(makePdf({ pages: 1, lines: () => ["重复请求"] }));
  // Two documents of one file requested together (an upload and the startup requeue): one run. The
  // one taken first converts; the other joins its run (outputs reused) or, asked once the file is
  // done, is told to skip.
  await s.publish(3, f);
  await s.publish(4, f);
  const outcome = (doc: bigint) =>
    s.content
      .of(doc)
      .map((r) => (r.kind === "started" ? r.answered : r.kind === "converted" && r.reused ? "reused" : r.kind));
  await waitFor(
    () => [3n, 4n].every((d) => ["converted", "reused", "skip"].includes(outcome(d).at(-1) ?? "")),
    CONVERSION_MS,
    "both requests handled",
  );
  const outcomes = [outcome(3n), outcome(4n)].map((o) => o.join(" "));
  expect(outcomes.filter((o) => o === "convert converted")).toHaveLength(1);
  expect(outcomes.filter((o) => o === "convert reused" || o === "skip")).toHaveLength(1);
  expect([c.calls(), c.most()]).toEqual([1, 1]);
  // Requested again once the stand-in knows the file as done: skipped, not converted.
  await s.publish(5, f);
  await waitFor(() => s.content.of(5n).length > 0 && streamSettled(jsm, s.stream), CONVERSION_MS, "the skip");
  expect(s.content.of(5n)).toEqual([{ kind: "started", doc: 5n, attempt: 1, answered: "skip" }]);
  expect(c.calls()).toBe(1);
  // Asked again on purpose (reconvert: force): converted again, not reused.
  await s.publish(6, f, { force: true });
  await waitFor(() => s.content.converted(6n) !== undefined, CONVERSION_MS, "the forced conversion");
  expect(s.content.converted(6n)?.reused).toBe(false);
  expect([c.calls(), c.most()]).toEqual([2, 1]);
  expect(s.errors).toEqual([]);
});

test("a crashing converter (content stand-in): each attempt reported, failed for good after the last", async () => {
  const crashing: Converter = {
    convert: async () => {
      throw new Error("soffice crashed (simulated)");
    },
    close: async () => {},
  };
  await s.start({ converter: crashing });
  await s.publish(7, await s.file(makePdf({ pages: 1, lines: () => ["崩溃测试"] })));
  await waitFor(() => s.content.final(7n) !== undefined, CONVERSION_MS, "the final failure");
  const internal = "文档转换时发生内部错误";
  expect(s.content.of(7n)).toEqual([
    { kind: "started", doc: 7n, attempt: 1, answered: "convert" },
    { kind: "failed", doc: 7n, attempt: 1, final: false, message: internal },
    { kind: "started", doc: 7n, attempt: 2, answered: "convert" },
    { kind: "failed", doc: 7n, attempt: 2, final: false, message: internal },
    { kind: "started", doc: 7n, attempt: 3, answered: "convert" },
    { kind: "failed", doc: 7n, attempt: 3, final: true, message: internal },
  ]);
  expect(s.errors.splice(0)).toEqual([expect.objectContaining({ msg: "conversion: attempts exhausted" })]);
});

test("a DOCX bomb holds up no PDF (content stand-in): the office lane kills it at its timeout, one attempt, while PDFs convert", async () => {
  let officeRuns = 0;
  const slowOffice = createConverter({
    // Long enough that three small PDFs convert meanwhile on a loaded 2-core CI machine.
    office: { profileRoot: join(dir, "bomb-profiles"), timeoutMs: 10_000 },
    workRoot: dir,
  });
  const converter: Converter = {
    convert: (input, out, opts) => {
      if (input.ext === "docx") officeRuns++;
      return slowOffice.convert(input, out, opts);
    },
    close: () => slowOffice.close(),
  };
  try {
    await s.start({ converter, concurrency: 1 });
    await s.publish(10, await s.file(makeSlowDocx(), ".docx"));
    await waitFor(() => s.content.of(10n).length > 0, CONVERSION_MS, "the bomb started");
    for (let i = 1; i <= 3; i++) {
      await s.publish(10 + i, await s.file(makePdf({ pages: 2, lines: (p) => [`车道 ${i} 第${p}页`] })));
    }
    await waitFor(
      () => [11n, 12n, 13n].every((d) => s.content.converted(d) !== undefined),
      CONVERSION_MS,
      "the PDFs converted",
    );
    // The PDFs are through while LibreOffice still chews on the bomb.
    expect(s.content.final(10n)).toBeUndefined();
    await waitFor(() => s.content.final(10n) !== undefined, 30_000, "the bomb failed");
    expect(s.content.final(10n)?.message).toMatch(/^文档转换超时：LibreOffice 在 10 秒内未完成转换/);
    await waitFor(() => streamSettled(jsm, s.stream), 5_000, "the bomb's request acked: no retry follows");
    expect(officeRuns).toBe(1);
  } finally {
    await slowOffice.close();
  }
}, 90_000);
