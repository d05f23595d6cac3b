import { expect, test } from "@playwright/test";
import { call, createCategory, publishFile, registerUser } from "./api.js";
import { makeDocx, makePdf } from "./fixtures.js";
import { DESKTOP_ONLY } from "./groups.js";
import { viaTestkit } from "./scan.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * No blank thumbnails: a user publishes the corpus (a PDF, a DOCX whose pages hold one short
 * line each — white at card size, so it gets the typed placeholder —, an EPUB that declares a teal
 * cover image, a TXT), and the category page shows a card for each whose cover image, read back
 * through a canvas in the page at card size, is not blank; the EPUB's is its declared image (teal). Needs WENKU_ADMIN_PASSWORD and a converter with LibreOffice.
 */
const ADMIN = adminAccount();

startEachTestFresh();

/** An EPUB 3 whose cover image (properties="cover-image") is teal with a white square. */
const epubWithCover = (title: string): Buffer =>
  viaTestkit(
    `import { makeCoverImage, makeEpub } from "@wenku/testkit/documents";
    const epub = makeEpub(spec.title, ["第一章 封面测试", "第二章"], { cover: { data: makeCoverImage([0, 128, 128]) } });
    process.stdout.write(Buffer.from(epub).toString("base64"));`,
    { title },
  );

// A cover is the converter's picture, the same at any width, and these four conversions (LibreOffice
// for the DOCX) are the costliest set-up of the suite: desktop only (groups.ts). A category's cards
// at 375 px are search.spec's, which opens its document's category first.
test(
  "every uploaded type gets a cover that is not blank, the EPUB its declared image",
  { tag: DESKTOP_ONLY },
  async ({ page, request }, info) => {
    test.setTimeout(420_000);
    const tag = unique("e2ecover", info);
    const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
    const categoryId = await createCategory(request, admin.token, unique("e2e封面分类", info));
    const user = await registerUser(request, `${tag}u`, "e2e-cover-pass");
    const files = [
      { ext: ".pdf", mimeType: "application/pdf", buffer: makePdf(2, "Cover test") },
      {
        ext: ".docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: makeDocx([`第一页 ${tag}`, "第二页", "第三页"]),
      },
      { ext: ".epub", mimeType: "application/epub+zip", buffer: epubWithCover(`电子书 ${tag}`) },
      {
        ext: ".txt",
        mimeType: "text/plain",
        buffer: Buffer.from(
          Array.from({ length: 30 }, (_, i) => `第${i + 1}行 纯文本文档的封面 line ${i + 1}`).join("\n"),
        ),
      },
    ];
    for (const f of files) {
      await publishFile(request, user, { title: `${tag} ${f.ext.slice(1)} 封面`, categoryId, file: f });
    }

    await page.goto(`/category/${categoryId}`);
    const cards = page.getByTestId("document-card");
    await expect(cards).toHaveCount(files.length, { timeout: 30_000 });
    await page.screenshot({ path: info.outputPath("cover-cards.png"), fullPage: true });
    for (const f of files) {
      const card = cards.filter({ hasText: `${tag} ${f.ext.slice(1)} 封面` });
      const img = card.locator("img").first();
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 })
        .toBe(true);
      // The picture as a card shows it (64 px wide, as the converter measures it): the variance of its
      // luminance and its most common colour. A page with a line or two of text is under 12 (blank).
      const seen = await img.evaluate((el: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = 64;
        canvas.height = Math.round((64 * el.naturalHeight) / el.naturalWidth);
        const ctx = canvas.getContext("2d");
        if (!ctx) throw new Error("no 2d context");
        ctx.imageSmoothingQuality = "high";
        ctx.drawImage(el, 0, 0, canvas.width, canvas.height);
        const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        let squares = 0;
        const counts = new Map<number, number>();
        for (let i = 0; i < px.length; i += 4) {
          const [r, g, b] = [px[i] ?? 0, px[i + 1] ?? 0, px[i + 2] ?? 0];
          const y = 0.299 * r + 0.587 * g + 0.114 * b;
          sum += y;
          squares += y * y;
          const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const n = px.length / 4;
        const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
        return {
          variance: squares / n - (sum / n) ** 2,
          dominant: [((top >> 8) & 15) * 16, ((top >> 4) & 15) * 16, (top & 15) * 16],
        };
      });
      expect(seen.variance, `${f.ext} cover is not blank`).toBeGreaterThan(12);
      if (f.ext === ".epub") {
        expect(seen.dominant[0], "the EPUB's teal cover").toBeLessThanOrEqual(16);
        expect(Math.abs((seen.dominant[1] ?? 0) - 128)).toBeLessThanOrEqual(16);
        expect(Math.abs((seen.dominant[2] ?? 0) - 128)).toBeLessThanOrEqual(16);
      }
    }
  },
);
