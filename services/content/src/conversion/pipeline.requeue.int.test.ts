// The conversion pipeline on start: documents still waiting are requeued (NATS JetStream, and the
// in-process bus whose queue a restart loses), and converted when the converter reports them.
// Testbed: pipeline.fixture.ts.

import type { ConversionJob } from "@wenku/converter/contract";
import { waitFor } from "@wenku/testkit";
import {
  attachment,
  category,
  converted,
  db,
  doc,
  docCount,
  file,
  received,
  request,
  resetup,
  row,
  s,
  started,
  usePipelineTestbed,
} from "../../test/pipeline.fixture.js";
import { DocStatus } from "../documents/visibility.js";

usePipelineTestbed();

/** What a converter does with each request: converts it unless told to skip. */
async function convertAll(jobs: ConversionJob[], pagesOf: (hash: string) => string[]): Promise<void> {
  for (const job of jobs) if (await started(job)) await converted(job, pagesOf(job.attachmentHash));
}

test("on start, documents still waiting are requeued (a reconvert one forced); others are left alone", async () => {
  const a = await attachment(file("重新排队"));
  const b = await attachment(file("已经转换"));
  const cat = await category();
  const pending = await doc(a.hash, DocStatus.pending, cat);
  const converting = await doc(a.hash, DocStatus.converting, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat);
  const reconvert = await doc(b.hash, DocStatus.reconvert, cat);
  const failed = await doc(b.hash, DocStatus.failed, cat);
  const runner = s.requeue();
  expect(await runner.requeued).toBe(4);
  const jobs = await received(pending, converting, review, reconvert);
  expect(jobs.map((j) => [j.documentId, j.force]).sort()).toEqual(
    [
      [pending, false],
      [converting, false],
      [review, false],
      [reconvert, true],
    ].sort(),
  );
  expect(s.received.some((r) => r.job.documentId === failed)).toBe(false);
  await convertAll(jobs, (hash) => (hash === a.hash ? ["重新排队 第1页", "重新排队 第2页"] : ["已经转换"]));
  expect(
    await db.document.count({
      where: { id: { in: [pending, converting, reconvert] }, status: DocStatus.converted },
    }),
  ).toBe(3);
  expect(await row(review)).toMatchObject({ status: DocStatus.pendingReview, pages: 2 });
  // Same file as the reconverted one: converted along with it.
  expect(await row(failed)).toMatchObject({ status: DocStatus.converted, pages: 1 });
  // the categories are recounted after the statuses are written
  await waitFor(async () => (await docCount(cat)) === 4, 5_000, "the category recounted");
});

test("with the in-process bus (NATS_URL unset): a restart loses the queue, the requeue on start asks again", async () => {
  await s.dispose();
  await resetup("memory");
  const a = await attachment(file("进程内"));
  const cat = await category();
  const id = await doc(a.hash, DocStatus.pending, cat);
  // Requested, but the process "dies" before a converter takes it: the message is gone with the bus.
  await s.queue.request([request(id, a)]);
  await s.dispose();
  await resetup("memory", s.storage);
  expect(s.received).toEqual([]);
  const runner = s.requeue();
  expect(await runner.requeued).toBe(1);
  await convertAll(await received(id), () => ["进程内 第1页", "进程内 第2页"]);
  expect(await row(id)).toMatchObject({ status: DocStatus.converted, pages: 2, preview: 2 });
  expect((await db.attachmentText.findUniqueOrThrow({ where: { hash: a.hash } })).previewText).toContain(
    "进程内 第2页",
  );
  expect(s.errors).toEqual([]);
});

test("a request the bus did not take (NATS down) is asked for again until it gets through", async () => {
  const a = await attachment(file("停机"));
  const cat = await category();
  const id = await doc(a.hash, DocStatus.pending, cat);
  s.requeueAfterLost();
  s.busDown(true);
  await expect(s.queue.request([request(id, a)])).rejects.toThrow("NATS is down");
  // The requeue's next attempt fails too while the bus stays down; nothing is received meanwhile.
  await waitFor(() => s.refused() >= 2, 5_000, "a requeue attempt while the bus is down");
  expect(s.received).toEqual([]);
  s.busDown(false);
  const [job] = await received(id);
  await convertAll([job as ConversionJob], () => ["停机 第1页"]);
  expect(await row(id)).toMatchObject({ status: DocStatus.converted, pages: 1 });
});
