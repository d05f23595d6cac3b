// A benchmark inside the converter: what choosing a cover costs (cover.ts). In one run, each case a
// median of BENCH_RUNS conversions, as ratios against (p):
//   (p) a 6-page text PDF: page 1 is the cover (its one extra step: the 64 px blankness probe);
//   (b) the same PDF with pages 1-3 blank: pages 2-4 are rendered again as covers, page 4 is used;
//   (z) a 6-page PDF with every page blank: pages 2-4 tried, then the placeholder drawn;
//   (e) an EPUB of 6 chapters without a declared cover, against (i) the same with a cover image
//       (the zip read with yauzl, the image drawn by MuPDF).
// Every case must pick the cover it is meant to, or the bench fails.
//
//   node --import tsx services/converter/bench/covers.ts       (npm run bench:covers -w @wenku/bench)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { makeCoverImage, makeEpub, makePdf } from "@wenku/testkit/documents";
import { createConverter } from "../src/converter.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const root = mkdtempSync(join(tmpdir(), "wenku-bench-covers-"));
const converter = createConverter({ workRoot: root, pool: { size: 1 } });
try {
  const text = (n: number) =>
    Array.from({ length: 24 }, (_, i) => `第${n}页第${i + 1}行：文库把文档转换成网页。Page ${n} line ${i + 1}.`);
  const chapters = Array.from({ length: 6 }, (_, i) => `第${i + 1}章 ${"数字图书馆的封面与描述。".repeat(40)}`);
  const cases = [
    { key: "p", what: "text PDF, page 1", ext: "pdf", data: makePdf({ pages: 6, lines: text }), from: "page:1" },
    {
      key: "b",
      what: "PDF, pages 1-3 blank",
      ext: "pdf",
      data: makePdf({ pages: 6, lines: (n) => (n <= 3 ? [] : text(n)) }),
      from: "page:4",
    },
    { key: "z", what: "PDF, all blank", ext: "pdf", data: makePdf({ pages: 6, lines: () => [] }), from: "placeholder" },
    { key: "e", what: "EPUB, no cover", ext: "epub", data: makeEpub("封面", chapters), from: "page:1" },
    {
      key: "i",
      what: "EPUB, cover image",
      ext: "epub",
      data: makeEpub("封面", chapters, { cover: { data: makeCoverImage([0, 128, 128], 600, 800) } }),
      from: "image",
    },
  ];
  const times = new Map<string, number[]>(cases.map((c) => [c.key, []]));
  let seq = 0;
  for (let run = 0; run <= RUNS; run++) {
    for (const c of cases) {
      const path = join(root, `in-${++seq}.${c.ext}`);
      writeFileSync(path, c.data);
      const t = performance.now();
      const r = await converter.convert({ path, ext: c.ext }, { dir: join(root, `out-${seq}`) });
      const ms = performance.now() - t;
      const from = r.coverFrom.page ? `${r.coverFrom.source}:${r.coverFrom.page}` : r.coverFrom.source;
      if (from !== c.from) throw new Error(`${c.what}: the cover came from ${from}, not ${c.from}`);
      if (run > 0) times.get(c.key)?.push(ms); // run 0 warms the pool up
      rmSync(path);
    }
  }
  const base = median(times.get("p") ?? []);
  console.log(`covers bench: ${RUNS} runs, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}`);
  for (const c of cases) {
    const m = median(times.get(c.key) ?? []);
    const vs =
      c.key === "i" ? `${(m / median(times.get("e") ?? [])).toFixed(2)}× (e)` : `${(m / base).toFixed(2)}× (p)`;
    console.log(`(${c.key}) ${c.what.padEnd(22)} ${m.toFixed(0).padStart(6)} ms  ${vs}`);
  }
} finally {
  await converter.close();
  rmSync(root, { recursive: true, force: true });
}
