// A converter stopped in the middle of a scan's OCR (a shutdown, or killed: JetStream redelivers after
// the ack wait) hands the job back; the next worker goes on from the pages already recognised (the
// manifest records them), so no page is read twice and every page is read once.
import { createBus } from "@wenku/kit/bus";
import { testLogger, waitFor } from "@wenku/testkit";
import { makeScanPdf } from "@wenku/testkit/documents";
import { TEST_NATS_URL } from "../../../../jest/env.js";
import { dir, hashOf, job, read, s, useWorkerTestbed } from "../../test/worker.fixture.js";
import { createConverter } from "../converter.js";
import { decodeJob, encodeJob, type Manifest, outputKeys } from "../job.js";
import { pageTextsOf } from "../text.js";
import { createOcrRequests, ocrChannel } from "./queue.js";
import { defaultOcrLimits } from "./recognize.js";
import type { PageScanner } from "./scan.js";
import { probeTesseract } from "./tesseract.js";
import { startOcrWorker } from "./worker.js";

const tesseract = await probeTesseract();
if (!tesseract.available) {
  throw new Error(
    `needs Tesseract (${tesseract.problem}): apt install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim`,
  );
}

useWorkerTestbed();
const converter = createConverter({ workRoot: dir, pool: { size: 1 } });
afterAll(() => converter.close());

test("a job handed back mid-way is finished by the next worker without reading a page twice", async () => {
  const hash = hashOf(301);
  const pdf = makeScanPdf({ pages: 4, dpi: 150, lines: (n) => [`Restart ledger page ${n}`] });
  await s.upload("originals/301.pdf", pdf);
  await s.start("conv", {}, converter);
  await s.publish(job(301, hash, "originals/301.pdf"));
  await waitFor(() => s.sink.converted("301") !== undefined, 60_000, "the conversion");

  const channel = ocrChannel(s.prefix);
  const { log } = testLogger();
  /** Pages each worker drew for OCR. */
  const drawn: Record<string, number[]> = { a: [], b: [] };
  const start = async (name: "a" | "b") => {
    const bus = await createBus({ natsUrl: TEST_NATS_URL, log, name: `${s.prefix}_${name}` });
    s.buses.push(bus);
    const scanner: PageScanner = {
      scanPages: (input, pages, each, opts) =>
        converter.scanPages(
          input,
          pages,
          async (n, page) => {
            drawn[name]?.push(n);
            await each(n, page);
          },
          opts,
        ),
    };
    const worker = await startOcrWorker({
      bus,
      storage: s.storage,
      sink: { onRecognized: async () => {} },
      scanner,
      tesseract,
      limits: defaultOcrLimits,
      log,
      ...channel,
      backoffMs: [50],
      workDir: dir,
    });
    return { bus, worker };
  };
  const manifest = async () =>
    JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString("utf8")) as Manifest;

  const a = await start("a");
  const j = decodeJob(encodeJob(job(301, hash, "originals/301.pdf")));
  if (typeof j === "string") throw new Error(j);
  await createOcrRequests(a.bus, channel, s.storage).request(j);
  await waitFor(async () => ((await manifest()).ocr?.pages.length ?? 0) >= 1, 60_000, "worker a's first page");
  await a.worker.stop(); // the job in flight is handed back, not acknowledged
  const b = await start("b");
  s.workers.push(b.worker);
  await waitFor(async () => (await manifest()).ocr?.pages.length === 4, 120_000, "worker b finishing");

  const m = await manifest();
  expect(m.ocr).toEqual({ pages: [1, 2, 3, 4], failed: [] });
  expect(drawn.a?.length).toBeGreaterThanOrEqual(1);
  expect(drawn.a?.length).toBeLessThan(4);
  // b drew only what a had not finished: at most the page a was reading when it stopped.
  const finishedByA = (drawn.a ?? []).slice(0, -1);
  expect((drawn.b ?? []).filter((n) => finishedByA.includes(n))).toEqual([]);
  expect(new Set([...(drawn.a ?? []), ...(drawn.b ?? [])])).toEqual(new Set([1, 2, 3, 4]));
  const text = (await read(s.storage, outputKeys(hash).text)).toString("utf8");
  const pages = pageTextsOf(text, m.pageTextEnds);
  pages.forEach((p, i) => {
    expect(p).toContain(`page ${i + 1}`);
  });
});

test("in one process (the in-process bus forgets its messages), a job a restart cut short is asked again at start", async () => {
  const hash = hashOf(302);
  await s.upload("originals/302.pdf", makeScanPdf({ pages: 3, dpi: 150, lines: (n) => [`Memory ledger page ${n}`] }));
  await s.start("conv", {}, converter);
  await s.publish(job(302, hash, "originals/302.pdf"));
  await waitFor(() => s.sink.converted("302") !== undefined, 60_000, "the conversion");
  const channel = ocrChannel(`${s.prefix}m`);
  const { log } = testLogger();
  const run = async () => {
    const bus = await createBus({ log }); // in-process
    const requests = createOcrRequests(bus, channel, s.storage);
    const worker = await startOcrWorker({
      bus,
      storage: s.storage,
      sink: { onRecognized: async () => {} },
      requests,
      scanner: converter,
      tesseract,
      limits: defaultOcrLimits,
      log,
      ...channel,
      workDir: dir,
    });
    return { bus, requests, worker };
  };
  const manifest = async () =>
    JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString("utf8")) as Manifest;
  const first = await run();
  const j = decodeJob(encodeJob(job(302, hash, "originals/302.pdf")));
  if (typeof j === "string") throw new Error(j);
  await first.requests.request(j);
  await waitFor(async () => ((await manifest()).ocr?.pages.length ?? 0) >= 1, 60_000, "the first page");
  await first.worker.stop();
  await first.bus.close(); // the process ends: its queue is gone
  expect((await manifest()).ocr?.pages.length).toBeLessThan(3);

  const second = await run();
  s.workers.push(second.worker);
  s.buses.push(second.bus);
  expect(await second.requests.resume(log)).toBe(1);
  await waitFor(async () => (await manifest()).ocr?.pages.length === 3, 120_000, "the job finished after the restart");
  await waitFor(async () => (await s.storage.stat(`ocr-pending/${hash}-302`)) === null, 10_000, "nothing left pending");
  expect(await second.requests.resume(log)).toBe(0);
});
