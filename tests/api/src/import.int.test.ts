// `npm run import` against a running site: a folder with a manifest, nested categories created by path, a
// copy in the folder and content already on the site skipped, a refused extension, an interrupted run
// resumed without duplicates (the site's hash check, not the local state, decides), a dry run, exit codes.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type ImportOptions, parseOptions, runImport, type Summary } from "@wenku/import";
import { makePdf } from "@wenku/testkit/documents";
import { type ContentDb, openContentDb } from "./db.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

const root = new URL("../../..", import.meta.url).pathname;
let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ContentDb;
let admin: string;
let work: string;

beforeAll(async () => {
  stack = await startTestStack();
  db = openContentDb(stack);
  admin = await loginAdmin(stack.url);
  work = await mkdtemp(join(tmpdir(), "wenku-import-"));
});
afterAll(async () => {
  await db.$disconnect();
  await stack.stop();
  await rm(work, { recursive: true, force: true });
});

let pdfs = 0;
/** A PDF no other test file holds. */
const pdf = () => makePdf({ pages: 1, lines: () => [`import test ${++pdfs}`] });
const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

async function folder(name: string, files: Record<string, Uint8Array | string>): Promise<string> {
  const dir = join(work, name);
  for (const [rel, body] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), body);
  }
  return dir;
}

function options(dir: string, args: string[] = []): ImportOptions {
  return parseOptions([dir, "--state-dir", join(work, "state"), ...args], { WENKU_URL: stack.url, WENKU_TOKEN: admin });
}

/** Runs the importer in this process; `lines` is what it printed for the operator. */
async function run(o: ImportOptions, signal?: AbortSignal, onUpdate?: (s: Summary) => void) {
  const lines: string[] = [];
  const summary = await runImport(o, {
    signal,
    backoffMs: 10,
    progress: {
      start: () => {},
      update: (c) => onUpdate?.(c as Summary),
      log: (l) => lines.push(l),
      stop: () => {},
    },
  });
  return { summary, lines };
}

async function categoryPaths(): Promise<string[]> {
  const r = await rest(stack.url, "GET", "/api/v1/category/list?size=1000", undefined, admin);
  const rows = r.json.category as { id: number; parent_id: number; title: string }[];
  const byId = new Map(rows.map((c) => [c.id, c]));
  const path = (c: { parent_id: number; title: string }): string => {
    const p = byId.get(c.parent_id);
    return p ? `${path(p)}/${c.title}` : c.title;
  };
  return rows.map(path).sort();
}

const documentsOf = (hashes: string[]) =>
  db.document.findMany({
    where: { attachmentHash: { in: hashes }, deletedAt: null },
    include: { categories: true },
    orderBy: { id: "asc" },
  });

describe("npm run import", () => {
  const q1 = pdf();
  const novel = pdf();
  const loose = pdf();
  let dir: string;

  beforeAll(async () => {
    dir = await folder("library", {
      "wenku-import.csv": [
        "file,title,category,tags,description,price",
        '报告/q1.pdf,第一季度报告,财经/报告/季度,"财务,季度",一季度的数字,5',
      ].join("\n"),
      "报告/q1.pdf": q1,
      "其他/散页 副本.pdf": loose,
      "小说/长篇/围城.pdf": novel,
      "散页.pdf": loose,
      "setup.exe": "MZ not a document",
      ".DS_Store": "hidden",
    });
  });

  test("a dry run says what it would do and creates nothing", async () => {
    const before = await categoryPaths();
    const { summary, lines } = await run(options(dir, ["--category", "图书", "--dry-run"]));
    expect(summary).toMatchObject({ total: 5, imported: 3, duplicates: 1, refused: 1, failed: 0 });
    expect(lines).toContainEqual(
      expect.stringContaining("将导入 报告/q1.pdf → 「第一季度报告」 分类 财经/报告/季度，价格 5"),
    );
    expect(await categoryPaths()).toEqual(before);
    expect(await documentsOf([md5(q1), md5(novel), md5(loose)])).toEqual([]);
  });

  test("imports with titles, categories by path (created), tags, description and price from the manifest", async () => {
    const { summary, lines } = await run(options(dir, ["--category", "图书", "--price", "2"]));
    expect(summary).toMatchObject({ total: 5, done: 5, imported: 3, linked: 0, duplicates: 1, refused: 1, failed: 0 });
    expect(summary.refusals).toEqual([{ file: "setup.exe", reason: expect.stringContaining("站点不允许 .exe 文件") }]);
    expect(lines.filter((l) => l.startsWith("跳过"))).toEqual([
      expect.stringMatching(/^跳过 (其他\/)?散页( 副本)?\.pdf：与 (其他\/)?散页( 副本)?\.pdf 内容相同$/),
    ]);
    expect(await categoryPaths()).toEqual(
      expect.arrayContaining(["图书", "图书/小说", "图书/小说/长篇", "财经", "财经/报告", "财经/报告/季度"]),
    );

    const docs = await documentsOf([md5(q1), md5(novel), md5(loose)]);
    expect(docs).toHaveLength(3);
    const byHash = new Map(docs.map((d) => [d.attachmentHash, d]));
    expect(byHash.get(md5(q1))).toMatchObject({
      title: "第一季度报告",
      keywords: "财务,季度",
      description: "一季度的数字",
      price: 5,
    });
    expect(byHash.get(md5(novel))).toMatchObject({ title: "围城", price: 2 });
    expect(byHash.get(md5(loose))?.title).toMatch(/^散页( 副本)?$/); // whichever copy came first
    const leaf = async (title: string) => (await db.category.findFirstOrThrow({ where: { title } })).id;
    expect(byHash.get(md5(novel))?.categories.map((c) => c.categoryId)).toContain(await leaf("长篇"));
    expect(byHash.get(md5(q1))?.categories.map((c) => c.categoryId)).toContain(await leaf("季度"));
  });

  test("a re-run uploads and creates nothing: the state skips known files, the hash check the rest", async () => {
    const { summary } = await run(options(dir, ["--category", "图书"]));
    expect(summary).toMatchObject({ imported: 0, duplicates: 4, known: 3, refused: 1, failed: 0 });
    // without the state, the site's hash check alone finds every one
    const fresh = await run(options(dir, ["--category", "图书", "--state-dir", join(work, "state-2")]));
    expect(fresh.summary).toMatchObject({ imported: 0, duplicates: 4, known: 0, failed: 0 });
    expect(await documentsOf([md5(q1), md5(novel), md5(loose)])).toHaveLength(3);
  });
});

describe("an interrupted import", () => {
  test("resumes where it stopped, links content uploaded before the cut, and publishes each file once", async () => {
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`卷${i + 1}.pdf`, pdf()]));
    const hashes = Object.values(files).map(md5);
    const dir = await folder("interrupted", {
      ...files,
      "wenku-import.json": JSON.stringify({ files: [{ file: "卷1.pdf", title: "第一卷", tags: ["长篇"] }] }),
    });
    // one file was uploaded but never published (the cut fell between the two calls)
    const form = new FormData();
    form.set("file", new Blob([files["卷5.pdf"] as Uint8Array]), "卷5.pdf");
    const up = await fetch(`${stack.url}/api/v1/upload/document`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(up.status).toBe(200);

    const cut = new AbortController();
    const first = await run(options(dir, ["--category", "丛书", "--concurrency", "1"]), cut.signal, (c) => {
      if (c.imported >= 2) cut.abort();
    });
    expect(first.summary).toMatchObject({ imported: 2, failed: 0 });
    expect(first.summary.done).toBeLessThan(5);

    const second = await run(options(dir, ["--category", "丛书", "--state-dir", join(work, "state-cut")]));
    expect(second.summary).toMatchObject({ imported: 3, duplicates: 2, failed: 0 });
    expect(first.summary.linked + second.summary.linked).toBe(1); // 卷5's bytes were not sent again
    const docs = await documentsOf(hashes);
    expect(docs.map((d) => d.attachmentHash).sort()).toEqual([...hashes].sort());
    expect(docs.find((d) => d.attachmentHash === md5(files["卷1.pdf"] as Uint8Array))).toMatchObject({
      title: "第一卷",
      keywords: "长篇",
    });
  });
});

describe("the site's daily upload quota", () => {
  async function setQuota(n: string) {
    const r = await rest(
      stack.url,
      "PUT",
      "/api/v1/config",
      { config: [{ category: "security", name: "upload_max_per_day", value: n }] },
      admin,
    );
    expect(r.status).toBe(200);
  }
  afterAll(() => setQuota("0"));

  test("used up: the run stops with the site's reason instead of failing every file left; a later run goes on", async () => {
    const member = await registerUser(stack.url, "librarian");
    const dir = await folder("quota", Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`册${i}.pdf`, pdf()])));
    // a member may import into categories that exist; creating one is an admin's
    const made = await rest(stack.url, "POST", "/api/v1/category", { title: "配额", type: 0, enable: true }, admin);
    expect(made.status).toBe(200);
    const o = parseOptions(
      [dir, "--category", "配额", "--concurrency", "1", "--state-dir", join(work, "state-quota")],
      {
        WENKU_URL: stack.url,
        WENKU_TOKEN: member.token,
      },
    );
    await setQuota("2");
    const first = await run(o);
    expect(first.summary).toMatchObject({ total: 4, done: 3, imported: 2, failed: 1 });
    expect(first.summary.halted).toContain("24 小时内上传的文档数量已达上限（2 个）");
    expect(first.lines.filter((l) => l.startsWith("失败"))).toHaveLength(1); // not one line per file left

    await setQuota("0");
    const second = await run(o);
    expect(second.summary).toMatchObject({ total: 4, imported: 2, known: 2, failed: 0, halted: "" });
  });
});

describe("the command", () => {
  function cli(args: string[], env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "tools/import/src/main.ts"), ...args], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: "", WENKU_URL: stack.url, WENKU_TOKEN: admin, ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (err += String(d)));
    return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, out, err }));
    });
  }

  test("exit 0 when nothing failed, 1 when a file failed (a summary naming it), 2 for a usage error", async () => {
    const ok = pdf();
    const blocked = pdf();
    const dir = await folder("exit-codes", { "好.pdf": ok, "禁.pdf": blocked });
    const state = ["--state-dir", join(work, "state-cli")];

    const usage = await cli([dir, "--price", "-1", ...state]);
    expect([usage.code, usage.err]).toEqual([2, expect.stringContaining("--price")]);
    const noSite = await cli([dir, ...state], { WENKU_URL: "" });
    expect([noSite.code, noSite.err]).toEqual([2, expect.stringContaining("WENKU_URL")]);
    const user = await cli([dir, "--user", "bob", ...state]);
    expect([user.code, user.err]).toEqual([2, expect.stringContaining("--user 暂不支持")]);

    // an administrator disabled this content: the site refuses its upload
    const form = new FormData();
    form.set("file", new Blob([blocked]), "禁.pdf");
    await fetch(`${stack.url}/api/v1/upload/document`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    await db.attachment.update({ where: { hash: md5(blocked) }, data: { enable: false } });

    const failed = await cli([dir, "--category", "退出码", ...state]);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain("已导入 1");
    expect(failed.out).toMatch(/失败 1\n {2}禁\.pdf：该文件已被管理员禁用/);
    expect(failed.err).toContain("共 2 个文件"); // not a terminal: plain lines

    await db.attachment.update({ where: { hash: md5(blocked) }, data: { enable: true } });
    const again = await cli([dir, "--category", "退出码", ...state]);
    expect([again.code, again.out]).toEqual([0, expect.stringContaining("已导入 1")]);
    expect(again.out).toContain("其中 1 个在上次运行中已导入");
  });
});
