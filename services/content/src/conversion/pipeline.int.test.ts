// The conversion pipeline on the content service's side, what becomes of documents: requests on the
// queue (office documents on their own lane), then the converter's reports through ConversionReportAPI
// with its outputs in storage: converted (preview limited, review untouched), failed for good, attempts
// noted, duplicates skipped, reports refused. Testbed: pipeline.fixture.ts; the requeue on start:
// pipeline.requeue.int.test.ts; the converter's side: services/converter/src/lanes.int.test.ts.
import { create } from "@bufbuild/protobuf";
import { SettingsSchema } from "@wenku/proto/api/v1/config_pb.js";
import { ConversionRequestedSchema } from "@wenku/proto/api/v1/events_pb.js";
import { waitFor } from "@wenku/testkit";
import {
  attachment,
  category,
  converted,
  db,
  doc,
  docCount,
  failed,
  file,
  received,
  request,
  row,
  s,
  started,
  usePipelineTestbed,
} from "../../test/pipeline.fixture.js";
import { DocStatus } from "../documents/visibility.js";

usePipelineTestbed();

const threePages = [1, 2, 3].map((p) => `第${p}页 流水线测试\npipeline page ${p}`);

test("a normal and a pending-review document of one file: both converted, the preview limited, review untouched", async () => {
  s.settings.converter = create(SettingsSchema, {
    converter: { maxPreview: 1, maxPreviewPercent: 0, timeout: 5 },
  }).converter;
  const a = await attachment(file("preview"));
  const cat = await category();
  const normal = await doc(a.hash, DocStatus.pending, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat, { description: "上传者写的简介" });
  const disabled = await doc(a.hash, DocStatus.disabled, cat);
  await s.queue.request([request(normal, a), request(review, a)]);
  const [first, second] = await received(normal, review);
  if (!first || !second) throw new Error("two requests expected");
  expect([first.maxPreview, first.timeoutMinutes, first.force]).toEqual([1, 5, false]);
  expect(s.received.every((r) => r.lane === "main")).toBe(true);

  expect(await started(first)).toBe(true);
  expect((await row(normal)).status).toBe(DocStatus.converting);
  await converted(first, threePages);
  // The second request still finds the pending-review document waiting: converted again from the outputs.
  expect(await started(second)).toBe(true);
  await converted(second, threePages, { reused: true });

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
  await waitFor(async () => (await docCount(cat)) === 1, 5_000, "the category recounted");
  expect(s.errors).toEqual([]);
  // The conversion is logged for the dashboard's trend: ok, with the two documents it served.
  const log = await db.conversionLog.findMany({ where: { hash: a.hash }, orderBy: { id: "asc" } });
  expect(log[0]).toMatchObject({ ok: true, documents: 2 });
  expect(log.every((entry) => entry.ok)).toBe(true);
});

test("a document uploaded without a language gets the one its text is in; a chosen one is kept", async () => {
  const language = (code: string, name: string, enable = true) =>
    db.language.upsert({ where: { code }, create: { code, name, enable }, update: { enable } });
  const zh = await language("zh-CN", "简体中文");
  const en = await language("en", "English");
  await language("ja", "日本語", false);
  const cat = await category();
  const chinese = await attachment(file("中文手册"));
  const guessed = await doc(chinese.hash, DocStatus.pending, cat);
  const chosen = await doc(chinese.hash, DocStatus.pending, cat, { languageId: en.id });
  const japanese = await attachment(file("日本語の説明書"));
  const disabled = await doc(japanese.hash, DocStatus.pending, cat);
  await s.queue.request([request(guessed, chinese), request(disabled, japanese)]);
  const [zhJob, jaJob] = await received(guessed, disabled);
  if (!zhJob || !jaJob) throw new Error("two requests expected");
  expect(await started(zhJob)).toBe(true);
  await converted(zhJob, ["这是一本关于文档转换和全文检索的中文使用手册，介绍如何上传、预览和下载文档。"]);
  expect((await row(guessed)).languageId).toBe(zh.id);
  expect((await row(chosen)).languageId).toBe(en.id);
  // Detected, but the site does not offer it: left empty rather than guessed wrong.
  expect(await started(jaJob)).toBe(true);
  await converted(jaJob, ["これは文書の変換と全文検索についての説明書です。十分な長さの文章が必要です。"]);
  expect((await row(disabled)).languageId).toBeNull();
});

test("a corrupt file: failed for good with a Chinese message, no longer counted in its category", async () => {
  const a = await attachment(file("corrupt"));
  const cat = await category();
  const normal = await doc(a.hash, DocStatus.pending, cat);
  const review = await doc(a.hash, DocStatus.pendingReview, cat);
  await db.category.update({ where: { id: cat }, data: { docCount: 1 } });
  await s.queue.request([request(normal, a)]);
  const [job] = await received(normal);
  if (!job) throw new Error("a request expected");
  expect(await started(job)).toBe(true);
  await failed(job, "文档已损坏或格式无法识别，无法转换", true);
  expect(await row(normal)).toMatchObject({
    status: DocStatus.failed,
    convertError: "文档已损坏或格式无法识别，无法转换",
  });
  expect(await row(review)).toMatchObject({
    status: DocStatus.pendingReview,
    pages: 0,
    convertError: "文档已损坏或格式无法识别，无法转换",
  });
  await waitFor(async () => (await docCount(cat)) === 0, 5_000, "the category recounted");
  const log = await db.conversionLog.findMany({ where: { hash: a.hash }, orderBy: { id: "asc" } });
  expect(log[0]).toMatchObject({ ok: false, documents: 2 });
  expect(log.some((entry) => entry.ok)).toBe(false);
});

test("a duplicate request for a file whose documents already failed or converted is skipped, unless forced", async () => {
  const failedFile = await attachment(file("已失败"));
  const done = await attachment(file("已转换"));
  const cat = await category();
  const f = await doc(failedFile.hash, DocStatus.failed, cat);
  const c = await doc(done.hash, DocStatus.converted, cat);
  await db.document.update({ where: { id: f }, data: { convertError: "文档页面过于复杂" } });
  // what the startup requeue does when an upload's own request is still queued: two of each
  await s.queue.request([request(f, failedFile), request(c, done)]);
  await s.queue.request([request(f, failedFile), request(c, done)]);
  await waitFor(() => s.received.length === 4, 5_000, "four requests");
  for (const { job } of s.received) expect(await started(job)).toBe(false);
  expect(await row(f)).toMatchObject({ status: DocStatus.failed, convertError: "文档页面过于复杂" });
  expect((await row(c)).status).toBe(DocStatus.converted);
  // asked again on purpose (reconvert: force), a failed file is converted
  await s.queue.request([request(f, failedFile)], { force: true });
  await waitFor(() => s.received.length === 5, 5_000, "the forced request");
  const forced = s.received[4]?.job;
  if (!forced) throw new Error("the forced request expected");
  expect(forced.force).toBe(true);
  expect(await started(forced)).toBe(true);
  expect((await row(f)).status).toBe(DocStatus.converting);
  await converted(forced, ["重新转换"]);
  expect(await row(f)).toMatchObject({ status: DocStatus.converted, pages: 1, convertError: "" });
});

test("a converter that keeps crashing: each attempt noted, failed after the last", async () => {
  const a = await attachment(file("崩溃测试"));
  const cat = await category();
  const id = await doc(a.hash, DocStatus.pending, cat);
  await s.queue.request([request(id, a)]);
  const [job] = await received(id);
  if (!job) throw new Error("a request expected");
  const seen: string[] = [];
  for (const attempt of [1, 2, 3]) {
    expect(await started(job, attempt)).toBe(true);
    const d = await row(id);
    seen.push(`${d.status}:${d.convertError}`);
    await failed(job, "文档转换时发生内部错误", attempt === 3, attempt);
  }
  expect(seen).toEqual([
    "1:",
    "1:第1次转换失败，稍后重试：文档转换时发生内部错误",
    "1:第2次转换失败，稍后重试：文档转换时发生内部错误",
  ]);
  expect(await row(id)).toMatchObject({ status: DocStatus.failed, convertError: "文档转换时发生内部错误" });
});

test("an office document goes to the office lane, PDFs to the main one; its timeout is stored as reported", async () => {
  const cat = await category();
  const docx = await attachment(file("docx"), ".docx");
  const docxDoc = await doc(docx.hash, DocStatus.pending, cat, { ext: ".docx" });
  const pdf = await attachment(file("pdf"));
  const pdfDoc = await doc(pdf.hash, DocStatus.pending, cat);
  await s.queue.request([request(docxDoc, docx), request(pdfDoc, pdf)]);
  await received(docxDoc, pdfDoc);
  expect(s.received.map((r) => [r.job.documentId, r.lane]).sort()).toEqual(
    [
      [docxDoc, "office"],
      [pdfDoc, "main"],
    ].sort(),
  );
  const job = s.received.find((r) => r.lane === "office")?.job;
  if (!job) throw new Error("the office request expected");
  expect(await started(job)).toBe(true);
  const message = "文档转换超时：LibreOffice 在 10 秒内未完成转换";
  await failed(job, message, true);
  expect(await row(docxDoc)).toMatchObject({ status: DocStatus.failed, convertError: message });
  expect((await row(pdfDoc)).status).toBe(DocStatus.pending);
});

test("reports the content service refuses: a malformed job, a conversion whose outputs are not in storage", async () => {
  const a = await attachment(file("refused"));
  const cat = await category();
  const id = await doc(a.hash, DocStatus.pending, cat);
  const bad = create(ConversionRequestedSchema, {
    documentId: id,
    attachmentHash: "../x",
    storageKey: "k",
    ext: ".pdf",
  });
  // Refused (a bare router says "internal error"; the kit's interceptor maps these to invalid_argument
  // and unavailable in the service), nothing written.
  const refused = (p: Promise<unknown>) =>
    p.then(
      () => false,
      () => true,
    );
  expect(await refused(s.reports.reportStarted({ job: bad, attempt: 1 }))).toBe(true);
  expect(await refused(s.reports.reportStarted({ attempt: 1 }))).toBe(true);
  expect(await refused(s.reports.reportFailed({ job: bad, message: "x", final: true, attempt: 1 }))).toBe(true);
  expect((await row(id)).status).toBe(DocStatus.pending);
  // Reported converted before its outputs are readable: refused, so the converter hands the job back.
  const job = create(ConversionRequestedSchema, request(id, a));
  expect(await started(job)).toBe(true);
  const report = { job, pages: 1, rendered: 1, width: 595, height: 842, textBytes: 1n };
  expect(await refused(s.reports.reportConverted(report))).toBe(true);
  expect(await row(id)).toMatchObject({ status: DocStatus.converting, pages: 0 });
});
