// Hostile documents against the whole site (issue 9, items 2–4), built by the test itself: a 3 KB PDF
// of a million fills converts in a render thread while the API keeps answering, and fails for good
// with a reason; a DOCX bomb is killed at its timeout after one attempt while a PDF converts beside
// it; without LibreOffice, office uploads are refused up front and `npm start` says what to install.
// The precise latency figures belong to bench/conversion/hostile.ts; the bounds here are generous.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { makeHostilePdf, makePdf, makeSlowDocx } from "@wenku/testkit/documents";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

type TestStack = Awaited<ReturnType<typeof startTestStack>>;

async function login(stack: TestStack): Promise<string> {
  const r = await rest(stack.url, "POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(r.status).toBe(200);
  return r.json.token as string;
}

async function upload(stack: TestStack, token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const res = await fetch(`${stack.url}/api/v1/upload/document`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, json: (await res.json()) as { data?: { id: number }; message?: string } };
}

async function category(stack: TestStack, token: string): Promise<number> {
  const title = `转换健壮性 ${Math.random().toString(36).slice(2, 8)}`;
  expect((await rest(stack.url, "POST", "/api/v1/category", { title, type: 0, enable: true }, token)).status).toBe(200);
  const list = await rest(stack.url, "GET", "/api/v1/category/list?type=0&page=1&size=1000", undefined, token);
  const found = (list.json.category as Array<{ id: number; title: string }>).find((c) => c.title === title);
  if (!found) throw new Error("category not created");
  return found.id;
}

/** Uploads a file and creates a document of it; returns the document id. */
async function document(stack: TestStack, token: string, cat: number, bytes: Uint8Array, name: string) {
  const up = await upload(stack, token, bytes, name);
  expect([up.status, up.json.message]).toEqual([200, "ok"]);
  const title = `${name} ${Math.random().toString(36).slice(2, 8)}`;
  const body = { category_id: [cat], document: [{ title, attachment_id: up.json.data?.id }] };
  expect((await rest(stack.url, "POST", "/api/v1/document", body, token)).status).toBe(200);
  const list = await rest(stack.url, "GET", "/api/v1/document/list?page=1&size=20&order=id%20desc", undefined, token);
  const doc = (list.json.document as Array<{ id: number; title: string }>).find((d) => d.title === title);
  if (!doc) throw new Error(`document ${title} not found`);
  return doc.id;
}

async function docState(stack: TestStack, token: string, id: number) {
  const r = await rest(stack.url, "GET", `/api/v1/document?id=${id}`, undefined, token);
  return { status: r.json.status as number, error: r.json.convert_error as string, pages: r.json.pages as number };
}

async function until(what: string, cond: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

describe("with LibreOffice, short budgets", () => {
  let stack: TestStack;
  let token: string;
  let cat: number;
  beforeAll(async () => {
    stack = await startTestStack({
      env: { CONVERTER_PAGE_TIMEOUT_SEC: "4", CONVERTER_OFFICE_TIMEOUT_SEC: "8" },
    });
    token = await login(stack);
    cat = await category(stack, token);
  }, 60_000);
  afterAll(async () => {
    await stack.stop();
  });

  test("while a million-fill PDF converts, GET /api/v1/settings keeps answering; the PDF fails for good as too complex", async () => {
    const pdf = makeHostilePdf(6);
    expect(pdf.length).toBeLessThan(4096);
    const id = await document(stack, token, cat, pdf, "恶意.pdf");
    const latencies: number[] = [];
    const statuses = new Set<number>();
    let done = false;
    const load = (async () => {
      while (!done) {
        const t0 = performance.now();
        const r = await fetch(`${stack.url}/api/v1/settings`);
        await r.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.add(r.status);
        await sleep(20);
      }
    })();
    const t0 = Date.now();
    try {
      await until("the conversion to start", async () => (await docState(stack, token, id)).status === 1, 10_000);
      await until("the hostile PDF to fail", async () => (await docState(stack, token, id)).status === 3, 60_000);
    } finally {
      done = true;
      await load;
    }
    const state = await docState(stack, token, id);
    // One attempt, no "第1次转换失败，稍后重试" note: final at once, with a reason for the administrator.
    expect(state.error).toBe("文档页面过于复杂（超出每页转换的时间或内存限制），无法转换");
    expect(Date.now() - t0).toBeLessThan(45_000);
    expect([...statuses]).toEqual([200]);
    expect(latencies.length).toBeGreaterThan(20);
    const p99 = percentile(latencies, 99);
    // The old converter blocked the event loop for 24 s: a block of that kind fails this, a loaded
    // 2-core CI machine does not (latency itself is measured in bench/, not asserted here).
    expect(Math.max(...latencies)).toBeLessThan(8_000);
    process.stdout.write(
      `settings during the hostile PDF: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms\n`,
    );
  }, 90_000);

  test("a DOCX bomb is killed at its 8 s timeout after one attempt, and a PDF uploaded after it starts converting meanwhile", async () => {
    const bomb = await document(stack, token, cat, makeSlowDocx(), "炸弹.docx");
    await until("LibreOffice to start", async () => (await docState(stack, token, bomb)).status === 1, 10_000);
    const pdf = await document(stack, token, cat, makePdf({ pages: 2 }), "正常.pdf");
    // The PDF does not queue behind the bomb: its conversion starts while LibreOffice still runs.
    // (Whether it also finishes first depends on how loaded the machine is; starting is the lane's promise.)
    let bombWhenPdfStarted = -1;
    await until(
      "the PDF conversion to start",
      async () => {
        const [p, b] = await Promise.all([docState(stack, token, pdf), docState(stack, token, bomb)]);
        bombWhenPdfStarted = b.status;
        return p.status === 1 || p.status === 2;
      },
      30_000,
    );
    expect(bombWhenPdfStarted).toBe(1); // still in LibreOffice
    await until("the PDF to convert", async () => (await docState(stack, token, pdf)).status === 2, 30_000);
    await until("the bomb to fail", async () => (await docState(stack, token, bomb)).status === 3, 30_000);
    expect((await docState(stack, token, bomb)).error).toMatch(/^文档转换超时：LibreOffice 在 8 秒内未完成转换/);
    expect((await docState(stack, token, pdf)).pages).toBe(2);
  }, 90_000);
});

describe("without LibreOffice (a newcomer's machine)", () => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    stack = await startTestStack({ env: { CONVERTER_SOFFICE: "/nonexistent/bin/soffice" } });
    token = await login(stack);
  }, 60_000);
  afterAll(async () => {
    await stack.stop();
  });

  test("npm start's lines say LibreOffice is missing, what that costs and what to install", () => {
    const text = stack.announce.join("\n");
    expect(text).toContain("LibreOffice NOT FOUND");
    expect(text).toContain("uploads of these formats are refused");
    expect(text).toContain("apt install libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress");
    expect(text).toContain("brew install --cask libreoffice");
  });

  test("GET /api/v1/document/converters names the office formats as unavailable", async () => {
    expect((await rest(stack.url, "GET", "/api/v1/document/converters")).status).toBe(401);
    const r = await rest(stack.url, "GET", "/api/v1/document/converters", undefined, token);
    expect(r.status).toBe(200);
    expect(r.json.office).toBe(false);
    expect(r.json.unavailable_ext).toEqual(expect.arrayContaining([".docx", ".doc", ".xlsx", ".pptx", ".txt"]));
    expect(r.json.unavailable_ext).not.toContain(".pdf");
  });

  test("an office upload is refused with a 400 and a reason, nothing stored; a PDF is still accepted", async () => {
    const r = await upload(stack, token, Buffer.from("PK\u0003\u0004 not really a docx"), "报告.docx");
    expect(r.status).toBe(400);
    expect(r.json.message).toBe("服务器暂未安装 Office 文档转换程序（LibreOffice），不能上传 .docx 文件");
    const stored = await readdir(join(stack.storageDir, "originals"), { recursive: true }).catch(() => []);
    expect(stored.filter((f) => String(f).endsWith(".docx"))).toEqual([]);
    expect((await upload(stack, token, makePdf({ pages: 1 }), "仍可上传.pdf")).status).toBe(200);
  });
});
