import { expect, type Page, test } from "@playwright/test";
import { call, createCategory, publishPdf, registerUser } from "./api.js";
import { makePdf } from "./fixtures.js";
import { adminAccount, startEachTestFresh, unique } from "./session.js";

/**
 * The text layer over the page images (issue #27 §2): a 4-page PDF (each page says
 * "<title> - page N" at 28 pt, from x 72 pt); a visitor selects the line on page 1 with the mouse
 * and has its words; the reader's search marks the word on its page; with the admin's copy-protect
 * on, the text is there (find, screen readers) but cannot be selected or copied. Serial (groups.ts):
 * it switches display.copy_protect. Needs WENKU_ADMIN_PASSWORD and a PDF converter.
 */
const ADMIN = adminAccount();
const PAGES = 4;

startEachTestFresh();

async function publish(page: Page, request: Parameters<typeof publishPdf>[0], title: string, category: string) {
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const categoryId = await createCategory(request, admin.token, category);
  const uploader = await registerUser(request, `${title}u`, "e2e-layer-pass");
  const doc = await publishPdf(request, uploader, { title, categoryId, pdf: makePdf(PAGES, title) });
  await page.goto(`/document/${doc.id}`);
  return { doc, admin: admin.token };
}

const layer = (page: Page, n: number) => page.locator(`[data-testid="reader-text-layer"][data-page="${n}"]`);

/** Drags the mouse across the line's box, as a reader selecting it would; returns what is selected. */
async function dragAcross(page: Page, line: ReturnType<Page["locator"]>): Promise<string> {
  await line.scrollIntoViewIfNeeded();
  const box = await line.boundingBox();
  if (!box) throw new Error("the line has no box");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
  return page.evaluate(() => window.getSelection()?.toString() ?? "");
}

test("select and copy the text of page 1; the reader's search marks the word on its page", async ({
  page,
  request,
}, info) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const title = unique("e2elayer", info);
  const { doc } = await publish(page, request, title, unique("e2e文字层", info));

  const first = layer(page, 1);
  await expect(first).toHaveAttribute("data-ready", "true");
  const line = first.locator("span", { hasText: `${title} - page 1` });
  await expect(line).toHaveCount(1);
  // Laid where the PDF draws it: from x 72 of 595 pt, in the top tenth of the page.
  const image = await page.locator('img[data-testid="reader-page"][data-page="1"]').boundingBox();
  const box = await line.boundingBox();
  if (!image || !box) throw new Error("page 1 or its line has no box");
  expect(Math.abs((box.x - image.x) / image.width - 72 / 595)).toBeLessThan(0.02);
  expect((box.y - image.y) / image.height).toBeLessThan(0.12);
  // Stretched to the width MuPDF measured for the line (the browser's font is not the PDF's).
  const stored = await call<{ w: number; lines: { t: string; w: number }[] }>(
    request,
    "GET",
    `/view/page/${doc.id}/1.text.json`,
    null,
  );
  const measured = stored.lines.find((l) => l.t.includes(title));
  expect(Math.abs(box.width / image.width - (measured?.w ?? 0) / stored.w)).toBeLessThan(0.01);

  const selected = await dragAcross(page, line);
  expect(selected).toContain(`page 1`);
  expect(selected).toContain(title.slice(2));
  // A copy goes through (nothing prevents it) and carries the selection.
  const copied = await page.evaluate(() => {
    let data = "";
    const onCopy = (e: ClipboardEvent) => {
      data = window.getSelection()?.toString() ?? "";
      e.clipboardData?.setData("text/plain", data);
    };
    document.addEventListener("copy", onCopy);
    const allowed = document.execCommand("copy");
    document.removeEventListener("copy", onCopy);
    return { allowed, data };
  });
  expect(copied.allowed).toBe(true);
  expect(copied.data).toContain("page 1");
  await page.screenshot({ path: info.outputPath("text-layer-selected.png") });

  // The reader's search: page 3 is listed, a click scrolls there and the words are marked on the page.
  const search = page.getByRole("searchbox", { name: "在文档中搜索" });
  await search.fill("page 3");
  await search.press("Enter");
  await page.getByTestId("reader-search-hit").first().click();
  await expect(page).toHaveURL(new RegExp(`/document/${doc.id}\\?page=3$`));
  const mark = layer(page, 3).locator("mark");
  await expect(mark).toHaveText("page 3");
  await expect(mark).toBeInViewport();
  await expect(layer(page, 1).locator("mark")).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("text-layer-marked.png") });

  // Arriving from the site's search (?wd=) marks its words.
  await page.goto(`/document/${doc.id}?page=2&wd=${title.toUpperCase()}`);
  await expect(layer(page, 2).locator("mark")).toHaveText(title);
  await expect(layer(page, 2).locator("mark")).toBeInViewport();
  expect(errors).toEqual([]);
});

test("with copy protection on, the text is there but cannot be selected or copied", async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const title = unique("e2eprotect", info);
  const admin = await call<{ token: string }>(request, "POST", "/api/v1/user/login", null, ADMIN);
  const setProtect = (value: string) =>
    call(request, "PUT", "/api/v1/config", admin.token, {
      config: [{ category: "display", name: "copy_protect", value }],
    });
  await setProtect("true");
  try {
    await publish(page, request, title, unique("e2e禁止复制", info));
    const first = layer(page, 1);
    await expect(first).toHaveAttribute("data-ready", "true");
    await expect(first).toHaveAttribute("data-copy-protect", "true");
    const line = first.locator("span", { hasText: `${title} - page 1` });
    await expect(line).toHaveCount(1); // the words are on the page for find and screen readers
    expect(await dragAcross(page, line)).toBe("");
    const refused = await line.evaluate(
      (el) => !el.dispatchEvent(new Event("copy", { bubbles: true, cancelable: true })),
    );
    expect(refused).toBe(true);
    await page.screenshot({ path: info.outputPath("text-layer-protected.png") });
  } finally {
    await setProtect("false");
  }
});
