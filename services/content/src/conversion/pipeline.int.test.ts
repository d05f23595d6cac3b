// The conversion pipeline end to end, what becomes of documents: converted (preview limited, review
// untouched), failed for good, skipped as duplicates, retried after crashes, and office documents in their
// own lane. Testbed: pipeline.fixture.ts; the requeue on start: pipeline.requeue.int.test.ts.
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { type Converter, createConverter } from "@wenku/converter";
import { SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { streamSettled, waitFor } from "@wenku/testkit";
import { makePdf, makeSlowDocx } from "@wenku/testkit/documents";
import {
  attachment,
  CONVERSION_MS,
  category,
  converter,
  db,
  dir,
  doc,
  docCount,
  jsm,
  request,
  row,
  s,
  usePipelineTestbed,
} from "../../test/pipeline.fixture.js";
import { DocStatus } from "../documents/visibility.js";

usePipelineTestbed();

test("a normal and a pending-review document of one file: both converted, the preview limited, review untouched", async () => {
  s.settings.converter = create(SettingsSchema, {
    converter: { maxPreview: 1, maxPreviewPercent: 0, timeout: 5 },
  }).converter;
  const a = await attachment(makePdf({ pages: 3, lines: (p) => [`第${p}页 流水线测试`, `pipeline page ${p}`] }));
  const cat = await category();
  const normal = await doc(a.hash, DocStatus.pending, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat, { description: "上传者写的简介" });
  const disabled = await doc(a.hash, DocStatus.disabled, cat);
  await s.start();
  await s.queue.request([request(normal, a), request(review, a)]);
  await waitFor(
    async () => (await row(normal)).status === DocStatus.converted,
    CONVERSION_MS,
    "the normal document converted",
  );
  await waitFor(async () => (await row(review)).pages > 0, CONVERSION_MS, "the pending-review document converted");

  const n1 = await row(normal);
  expect(n1).toMatchObject({ status: 2, pages: 3, preview: 1, width: 595, height: 842, previewExt: ".svg" });
  expect(n1.enableGzip).toBe(true);
  expect(n1.convertError).toBe("");
  expect(n1.description).toMatch(/^第1页 流水线测试 pipeline page 1/);
  expect(n1.description).not.toContain("第3页");
  const r1 = await row(review);
  expect(r1).toMatchObject({ status: DocStatus.pendingReview, pages: 3, preview: 1, convertError: "" });
  expect(r1.description).toBe("上传者写的简介");
  expect(await row(disabled)).toMatchObject({ status: DocStatus.disabled, pages: 0, preview: 0 });

  const text = await db.attachmentText.findUniqueOrThrow({ where: { hash: a.hash } });
  expect(text.previewText).toContain("第1页 流水线测试");
  expect(text.previewText).not.toContain("第2页");
  expect(text.previewText).not.toContain("第3页");
  expect(text.content).toContain("第3页 流水线测试");
  expect(text.truncated).toBe(false);
  // The converted document counts, pending review and disabled do not (recounted after the statuses).
  await waitFor(async () => (await docCount(cat)) === 1, CONVERSION_MS, "the category recounted");
  expect(s.errors).toEqual([]);
  // The conversion is logged for the dashboard's trend: ok, with the two documents it served. (The
  // second request may convert the file again: its pending-review document still reads as waiting.)
  const log = await db.conversionLog.findMany({ where: { hash: a.hash }, orderBy: { id: "asc" } });
  expect(log[0]).toMatchObject({ ok: true, documents: 2 });
  expect(log.every((entry) => entry.ok)).toBe(true);
});

test("a corrupt file: failed for good with a Chinese message, no longer counted in its category", async () => {
  const a = await attachment(Buffer.from("%PDF-1.7\nthis is not a pdf\n"));
  const cat = await category();
  const normal = await doc(a.hash, DocStatus.pending, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat);
  await db.category.update({ where: { id: cat }, data: { docCount: 1 } });
  await s.start();
  await s.queue.request([request(normal, a), request(review, a)]);
  await waitFor(async () => (await row(normal)).status === DocStatus.failed, CONVERSION_MS, "the failure");
  expect((await row(normal)).convertError).toBe("文档已损坏或格式无法识别，无法转换");
  await waitFor(async () => (await row(review)).convertError !== "", CONVERSION_MS, "the review document's error");
  expect(await row(review)).toMatchObject({ status: DocStatus.pendingReview, pages: 0 });
  await waitFor(async () => (await docCount(cat)) === 0, CONVERSION_MS, "the category recounted");
  const log = await db.conversionLog.findMany({ where: { hash: a.hash }, orderBy: { id: "asc" } });
  expect(log[0]).toMatchObject({ ok: false, documents: 2 });
  expect(log.some((entry) => entry.ok)).toBe(false);
});

test("a duplicate request for a file whose documents already failed or converted is skipped, not converted again", async () => {
  let calls = 0;
  const counting: Converter = {
    convert: async (...args) => {
      calls++;
      return converter.convert(...args);
    },
    close: async () => {},
  };
  const failed = await attachment(makePdf({ pages: 1, lines: () => ["已失败"] }));
  const done = await attachment(makePdf({ pages: 1, lines: () => ["已转换"] }));
  const cat = await category();
  const f = await doc(failed.hash, DocStatus.failed, cat);
  const c = await doc(done.hash, DocStatus.converted, cat);
  await db.document.update({ where: { id: f }, data: { convertError: "文档页面过于复杂" } });
  await s.start({ converter: counting });
  // what the startup requeue does when an upload's own request is still queued: two of each
  await s.queue.request([request(f, failed), request(c, done)]);
  await s.queue.request([request(f, failed), request(c, done)]);
  // a third file that does wait: converted once, after the skipped ones
  const waiting = await attachment(makePdf({ pages: 1, lines: () => ["等待中"] }));
  const w = await doc(waiting.hash, DocStatus.pending, cat);
  await s.queue.request([request(w, waiting)]);
  await waitFor(async () => (await row(w)).status === DocStatus.converted, CONVERSION_MS, "the waiting document");
  expect(calls).toBe(1);
  expect(await row(f)).toMatchObject({ status: DocStatus.failed, convertError: "文档页面过于复杂" });
  expect((await row(c)).status).toBe(DocStatus.converted);
  // asked again on purpose (reconvert: force), a failed file is converted
  await s.queue.request([request(f, failed)], { force: true });
  await waitFor(async () => (await row(f)).status === DocStatus.converted, CONVERSION_MS, "the forced reconversion");
  expect(calls).toBe(2);
});

test("a converter that keeps crashing: each attempt noted, failed after the retries", async () => {
  const seen: string[] = [];
  let id = 0n;
  const crashing: Converter = {
    convert: async () => {
      const d = await row(id);
      seen.push(`${d.status}:${d.convertError}`);
      throw new Error("soffice crashed (simulated)");
    },
    close: async () => {},
  };
  const a = await attachment(makePdf({ pages: 1, lines: () => ["崩溃测试"] }));
  const cat = await category();
  id = await doc(a.hash, DocStatus.pending, cat);
  await s.start({ converter: crashing });
  await s.queue.request([request(id, a)]);
  await waitFor(async () => (await row(id)).status === DocStatus.failed, CONVERSION_MS, "the final failure");
  expect(seen).toEqual([
    "1:",
    "1:第1次转换失败，稍后重试：文档转换时发生内部错误",
    "1:第2次转换失败，稍后重试：文档转换时发生内部错误",
  ]);
  expect((await row(id)).convertError).toBe("文档转换时发生内部错误");
  expect(s.errors.splice(0)).toEqual([expect.objectContaining({ msg: "conversion: attempts exhausted" })]);
});

test("a DOCX bomb holds up no PDF: the office lane kills it at its timeout, one attempt, while PDFs convert", async () => {
  let officeRuns = 0;
  const slowOffice = createConverter({
    // Long enough that three small PDFs convert meanwhile on a loaded 2-core CI machine.
    office: { profileRoot: join(dir, "bomb-profiles"), timeoutMs: 10_000 },
    workRoot: dir,
  });
  const counting: Converter = {
    convert: (input, out, opts) => {
      if (input.ext === "docx") officeRuns++;
      return slowOffice.convert(input, out, opts);
    },
    close: () => slowOffice.close(),
  };
  const cat = await category();
  const bomb = await attachment(makeSlowDocx(), ".docx");
  const bombDoc = await doc(bomb.hash, DocStatus.pending, cat, { ext: ".docx" });
  const pdfs: { id: bigint; a: Awaited<ReturnType<typeof attachment>> }[] = [];
  for (let i = 1; i <= 3; i++) {
    const a = await attachment(makePdf({ pages: 2, lines: (p) => [`车道 ${i} 第${p}页`] }));
    pdfs.push({ id: await doc(a.hash, DocStatus.pending, cat), a });
  }
  await s.start({ converter: counting, concurrency: 1 });
  try {
    await s.queue.request([request(bombDoc, bomb)]);
    await waitFor(async () => (await row(bombDoc)).status === DocStatus.converting, CONVERSION_MS, "the bomb started");
    await s.queue.request(pdfs.map((p) => request(p.id, p.a)));
    await waitFor(
      async () => (await db.document.count({ where: { id: { in: pdfs.map((p) => p.id) }, status: 2 } })) === 3,
      CONVERSION_MS,
      "the PDFs converted",
    );
    // The PDFs are through while LibreOffice still chews on the bomb.
    expect((await row(bombDoc)).status).toBe(DocStatus.converting);
    await waitFor(async () => (await row(bombDoc)).status === DocStatus.failed, 30_000, "the bomb failed");
    expect((await row(bombDoc)).convertError).toMatch(/^文档转换超时：LibreOffice 在 10 秒内未完成转换/);
    await waitFor(() => streamSettled(jsm, s.stream), 5_000, "the bomb's request acked: no retry follows");
    expect(officeRuns).toBe(1);
  } finally {
    await slowOffice.close();
  }
}, 90_000);
