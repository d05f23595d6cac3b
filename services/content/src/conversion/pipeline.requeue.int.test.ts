// The conversion pipeline on start: documents still waiting are requeued (NATS JetStream, and the
// in-process bus whose queue a restart loses). Testbed: pipeline.fixture.ts.

import { waitFor } from "@wenku/testkit";
import { makePdf } from "@wenku/testkit/documents";
import {
  attachment,
  CONVERSION_MS,
  category,
  db,
  doc,
  docCount,
  request,
  resetup,
  row,
  s,
  usePipelineTestbed,
} from "../../test/pipeline.fixture.js";
import { DocStatus } from "../documents/visibility.js";

usePipelineTestbed();

test("on start, documents still waiting are requeued (a reconvert one converted again); others are left alone", async () => {
  const a = await attachment(makePdf({ pages: 2, lines: (p) => [`重新排队 第${p}页`] }));
  const b = await attachment(makePdf({ pages: 1, lines: () => ["已经转换"] }));
  const cat = await category();
  const pending = await doc(a.hash, DocStatus.pending, cat);
  const converting = await doc(a.hash, DocStatus.converting, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat);
  const reconvert = await doc(b.hash, DocStatus.reconvert, cat);
  const failed = await doc(b.hash, DocStatus.failed, cat);
  const runner = await s.start({ requeue: true });
  expect(await runner.requeued).toBe(4);
  await waitFor(
    async () =>
      (await db.document.count({
        where: { id: { in: [pending, converting, reconvert] }, status: DocStatus.converted },
      })) === 3,
    CONVERSION_MS,
    "the requeued documents converted",
  );
  await waitFor(async () => (await row(review)).pages === 2, CONVERSION_MS, "the review document converted");
  expect((await row(review)).status).toBe(DocStatus.pendingReview);
  // Same file as the reconverted one: converted along with it.
  expect(await row(failed)).toMatchObject({ status: DocStatus.converted, pages: 1 });
  // the categories are recounted after the statuses are written
  await waitFor(async () => (await docCount(cat)) === 4, CONVERSION_MS, "the category recounted");
});

test("with the in-process bus (NATS_URL unset): a restart loses the queue, the requeue on start converts", async () => {
  await s.dispose();
  await resetup("memory");
  const a = await attachment(makePdf({ pages: 2, lines: (p) => [`进程内 第${p}页`] }));
  const cat = await category();
  const id = await doc(a.hash, DocStatus.pending, cat);
  // Requested, but the process "dies" before a worker runs: the message is gone with the bus.
  await s.queue.request([request(id, a)]);
  await s.dispose();
  await resetup("memory", s.storage);
  const runner = await s.start({ requeue: true });
  expect(await runner.requeued).toBe(1);
  await waitFor(
    async () => (await row(id)).status === DocStatus.converted,
    CONVERSION_MS,
    "converted after the restart",
  );
  expect(await row(id)).toMatchObject({ pages: 2, preview: 2 });
  expect((await db.attachmentText.findUniqueOrThrow({ where: { hash: a.hash } })).previewText).toContain(
    "进程内 第2页",
  );
  expect(s.errors).toEqual([]);
});
