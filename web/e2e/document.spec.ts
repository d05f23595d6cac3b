import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { makeDocx, makeEpub, makePdf } from "./fixtures.js";
import { DESKTOP_ONLY } from "./groups.js";
import { adminAccount, startEachTestFresh } from "./session.js";

/**
 * Upload → conversion → reading, end to end: a fresh user uploads a PDF (5 pages), a DOCX and an
 * EPUB, plus a file over the (temporarily lowered) size limit that is refused in the browser; then
 * each document is opened until its first page image has loaded, and the PDF reads on.
 * Needs WENKU_ADMIN_PASSWORD (to lower the limit and create a category) and a working converter
 * (LibreOffice for the DOCX).
 */
const ADMIN = adminAccount();

startEachTestFresh();

async function adminToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post("/api/v1/user/login", { data: ADMIN });
  expect(reply.ok(), await reply.text()).toBe(true);
  const body = (await reply.json()) as { token?: string };
  expect(body.token).toBeTruthy();
  return body.token as string;
}

async function setMaxDocumentSize(request: APIRequestContext, token: string, mb: string): Promise<void> {
  const reply = await request.put("/api/v1/config", {
    headers: { Authorization: `Bearer ${token}` },
    data: { config: [{ category: "security", name: "max_document_size", value: mb }] },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** Waits (reloading while the document converts) until page `n` of the reader is a loaded image. */
async function waitForPage(page: Page, n: number, timeout: number): Promise<void> {
  const image = page.locator(`img[data-testid="reader-page"][data-page="${n}"]`);
  await expect(async () => {
    if (!(await image.isVisible())) {
      await page.reload();
      await expect(page.getByTestId("document-title")).toBeVisible();
    }
    await image.scrollIntoViewIfNeeded({ timeout: 5_000 });
    await expect(image).toHaveAttribute("src", /\/view\/page\/\d+\/\d+\./);
    const loaded = await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
  }).toPass({ timeout, intervals: [2_000, 3_000, 5_000] });
}

// Each type converts the same at any width, and the DOCX (LibreOffice) and EPUB are costly: desktop
// only (groups.ts). At 375 px the upload page is upload-batch.spec's (its rows fit the screen), the
// way to the register form from a page that needs login account.spec's, the reader search.spec's,
// text-layer.spec's and read-past-preview.spec's.
test(
  "upload a PDF, a DOCX and an EPUB, refuse a too-big file, then read them",
  { tag: DESKTOP_ONLY },
  async ({ page, request }, info) => {
    test.setTimeout(420_000);
    const suffix = `${info.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const token = await adminToken(request);
    const settings = (await (await request.get("/api/v1/settings")).json()) as {
      security?: { max_document_size?: number };
    };
    const originalLimit = String(settings.security?.max_document_size ?? 0);

    // A document category to file the uploads under.
    const category = `e2e文档分类${suffix}`;
    const created = await request.post("/api/v1/category", {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: category, type: 0, enable: true },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await setMaxDocumentSize(request, token, "1");
    try {
      // A fresh user, registered on the way to /upload (which needs login).
      await page.goto("/upload");
      await expect(page).toHaveURL(/\/login\?redirect=%2Fupload$/);
      await page.getByRole("link", { name: "立即注册" }).click();
      const register = page.getByTestId("register-form");
      await register.getByLabel("用户名").fill(`e2e_up${suffix}`);
      await register.getByLabel("密码", { exact: true }).fill("upload-pass-123");
      await register.getByLabel("确认密码").fill("upload-pass-123");
      await register.getByRole("button", { name: /注\s?册/ }).click();
      await expect(page).toHaveURL(/\/upload$/);
      const form = page.getByTestId("upload-page");
      await expect(form).toBeVisible();
      // The page reads the limit from the public settings (cached ones may lag by one load).
      await expect(async () => {
        if (!(await form.getByText(/单个文件最大 1 MB/).isVisible())) await page.reload();
        await expect(form.getByText(/单个文件最大 1 MB/)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });

      const big = new Uint8Array(1.5 * 1024 * 1024).map((_, i) => (i * 7919) & 255);
      await form.locator('input[type="file"]').setInputFiles([
        { name: `e2e-pdf-${suffix}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(makePdf(5)) },
        {
          name: `e2e-docx-${suffix}.docx`,
          mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          buffer: Buffer.from(makeDocx([`第一页 ${suffix}`, "第二页", "第三页"])),
        },
        {
          name: `e2e-epub-${suffix}.epub`,
          mimeType: "application/epub+zip",
          buffer: Buffer.from(makeEpub(`电子书 ${suffix}`, ["第一章 内容", "第二章 内容"])),
        },
        { name: `e2e-big-${suffix}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(big) },
      ]);

      const items = form.getByTestId("upload-item");
      await expect(items).toHaveCount(4);
      const bigItem = items.filter({ hasText: `e2e-big-${suffix}.pdf` });
      await expect(bigItem.getByTestId("upload-error")).toHaveText("文件过大：最大 1 MB");
      await expect(form.locator('[data-testid="upload-item"][data-phase="done"]')).toHaveCount(3, { timeout: 60_000 });
      await bigItem.getByRole("button", { name: /移除/ }).click();
      await expect(items).toHaveCount(3);

      // The shared category (a top-level one: pick it and close the menu).
      await form.getByTestId("upload-category").click();
      await page.locator(".ant-cascader-menu-item").filter({ hasText: category }).click();
      await page.keyboard.press("Escape");
      await form.getByTestId("upload-submit").click();
      const success = page.getByTestId("upload-success");
      await expect(success).toBeVisible({ timeout: 30_000 });
      const links = success.getByTestId("upload-created").getByRole("link");
      await expect(links).toHaveCount(3);
      const hrefs = new Map<string, string>();
      for (const link of await links.all())
        hrefs.set((await link.textContent()) ?? "", (await link.getAttribute("href")) ?? "");
      await page.screenshot({ path: info.outputPath("upload-success.png"), fullPage: true });

      // Each document converts and its first page shows; the PDF reads on past page 2.
      for (const kind of ["pdf", "epub", "docx"]) {
        const href = hrefs.get(`e2e-${kind}-${suffix}`);
        expect(href, `link to the ${kind} document`).toMatch(/^\/document\/\d+$/);
        await page.goto(href as string);
        await expect(page.getByTestId("document-title")).toHaveText(`e2e-${kind}-${suffix}`);
        await waitForPage(page, 1, kind === "docx" ? 240_000 : 120_000);
        if (kind === "pdf") {
          await expect(page.locator('img[data-testid="reader-page"]')).toHaveCount(2);
          await page.getByTestId("reader-continue").click();
          await expect(page.locator('img[data-testid="reader-page"]')).toHaveCount(5);
          await waitForPage(page, 5, 30_000);
          await expect(page.getByTestId("reader-end")).toBeVisible();
        }
        await page.screenshot({ path: info.outputPath(`reader-${kind}.png`) });
      }
    } finally {
      await setMaxDocumentSize(request, token, originalLimit);
    }
  },
);
