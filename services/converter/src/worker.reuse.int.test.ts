// One conversion per file: duplicates share a run (or its failure), later jobs reuse the stored outputs
// when every page was rendered. Testbed: worker.fixture.ts.
import { waitFor } from "@wenku/testkit";
import { makePdf } from "@wenku/testkit/documents";
import { counting, hashOf, job, read, s, total, useWorkerTestbed } from "../test/worker.fixture.js";
import type { Converter } from "./converter.js";
import { ConversionError } from "./errors.js";
import { outputKeys } from "./job.js";

useWorkerTestbed();

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

test("every page is rendered whatever the preview limit; each job's result is cut back to its own limit", async () => {
  const { converter, counts } = counting();
  await s.start("a", {}, converter);
  const hash = hashOf(88);
  await s.upload("originals/p.pdf", makePdf({ pages: 6, lines: (p) => [`预览限制 第${p}页`] }));
  const limited = (doc: number, maxPreview: number, maxPreviewPercent = 0) =>
    s.publish({ ...job(doc, hash, "originals/p.pdf"), maxPreview, maxPreviewPercent });
  await limited(201, 0, 50); // 50 % of 6 → 3
  await waitFor(() => s.sink.converted("201") !== undefined, 30_000, "first");
  await limited(202, 2); // reused, cut back to 2
  await waitFor(() => s.sink.converted("202") !== undefined, 30_000, "second");
  await limited(203, 0); // all 6: reused too, every page is there
  await waitFor(() => s.sink.converted("203") !== undefined, 30_000, "third");
  const r = (d: string) => s.sink.converted(d)?.result;
  expect(r("201")).toMatchObject({ pages: 6, rendered: 3, reused: false });
  expect(r("201")?.previewText).toContain("第3页");
  expect(r("201")?.previewText).not.toContain("第4页");
  expect(r("202")).toMatchObject({ pages: 6, rendered: 2, reused: true });
  expect(r("202")?.previewText).toContain("第2页");
  expect(r("202")?.previewText).not.toContain("第3页");
  expect(r("202")?.text).toContain("第6页");
  expect(r("203")).toMatchObject({ pages: 6, rendered: 6, reused: true });
  expect(r("203")?.previewText).toContain("第6页");
  expect(total(counts)).toBe(1);
  expect(await read(s.storage, outputKeys(hash).page(6, false))).toBeDefined();
  expect(JSON.parse((await read(s.storage, outputKeys(hash).manifest)).toString())).toMatchObject({
    version: 2,
    rendered: 6,
    pageTextEnds: expect.arrayContaining([expect.any(Number)]),
  });
});

test("outputs of a file rendered only to an earlier preview limit are converted again", async () => {
  const { converter, counts } = counting();
  await s.start("a", {}, converter);
  const hash = hashOf(89);
  await s.upload("originals/old.pdf", makePdf({ pages: 4, lines: (p) => [`旧输出 第${p}页`] }));
  await s.publish(job(301, hash, "originals/old.pdf"));
  await waitFor(() => s.sink.converted("301") !== undefined, 30_000, "first");
  // as an earlier version stored it: pages 1..2 only
  const keys = outputKeys(hash);
  const m = JSON.parse((await read(s.storage, keys.manifest)).toString());
  const manifest = Buffer.from(JSON.stringify({ ...m, rendered: 2 }));
  await s.storage.put(keys.manifest, manifest, { contentType: "application/json", size: manifest.length });
  await s.publish({ ...job(302, hash, "originals/old.pdf"), maxPreview: 2 });
  await waitFor(() => s.sink.converted("302") !== undefined, 30_000, "second");
  expect(s.sink.converted("302")?.result).toMatchObject({ pages: 4, rendered: 2, reused: false });
  expect(total(counts)).toBe(2);
});
