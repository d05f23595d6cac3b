// moredoc client compatibility against the real stack: what existing moredoc clients (moredoc-web
// and its back office) read from this API — config categories, the allowed upload types, document
// uuids, attachment hashes in every list, page and cover URLs by hash, and true user counters — and
// the config tabs of the Pro back office (短信配置 with its provider categories, 虎皮椒, 微信公众号).
import { gzipSync } from "node:zlib";
import { createLocalStorage } from "@wenku/kit/storage";
import { type ConfigDb, type ContentDb, openConfigDb, openContentDb } from "./db.js";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let content: ContentDb;
let config: ConfigDb;
let admin: string;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  content = openContentDb(stack);
  config = openConfigDb(stack);
  const r = await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(r.status).toBe(200);
  admin = r.json.token as string;
});
afterAll(async () => {
  await content.$disconnect();
  await config.$disconnect();
  await stack.stop();
});

type ConfigRow = { category: string; name: string; value: string; is_secret: boolean };

describe("config categories moredoc's back office asks for", () => {
  const listConfig = (category: string) =>
    call("GET", `/api/v1/config/list?category=${encodeURIComponent(category)}`, undefined, admin);

  test.each([
    ["wechatpay", ["enable", "app_id", "mch_id", "serial_no", "api_v3_key", "private_key"]],
    ["alipay", ["enable", "app_id", "private_key", "public_key", "sandbox"]],
    ["fulltext_search", ["driver", "elasticsearch_url", "elasticsearch_password"]],
    ["xunhupay", ["enable", "name", "app_id", "app_secret", "gateway_url"]],
    ["oauthWechat", ["enable", "client_id", "client_secret"]],
    ["oauthOfficialAccount", ["enable", "client_id", "client_secret", "token"]],
    ["oauthQQ", ["enable", "client_id", "client_secret"]],
    ["oauthGithub", ["enable", "client_id", "client_secret"]],
    ["oauthGitee", ["enable", "client_id", "client_secret"]],
    ["oauthCustom", ["enable", "client_id", "client_secret", "authorize_url"]],
    ["mp", ["enable", "app_id", "app_secret"]],
    ["sms", ["enable", "sms_provider", "code_duration", "interval"]],
    ["smsAliyun", ["access_key_id", "access_key_secret", "sign_name", "template_register", "endpoint"]],
    ["smsTencent", ["secret_id", "secret_key", "sdk_app_id", "region", "sign_name", "template_login"]],
    ["smsBaidu", ["access_key_id", "secret_access_key", "sign_name", "template_find_password"]],
    ["smsHuawei", ["app_key", "app_secret", "sender", "sign_name", "endpoint"]],
    ["smsHaomas", ["account", "api_key", "sign_name", "endpoint"]],
  ])("%s exists with its keys and defaults", async (category, names) => {
    const r = await listConfig(category);
    expect([r.status, r.json.message]).toEqual([200, undefined]);
    const rows = r.json.config as ConfigRow[];
    expect(rows.every((c) => c.category === category)).toBe(true);
    for (const n of names) expect(rows.map((c) => c.name)).toContain(n);
    expect(rows.find((c) => c.name === "enable")?.value ?? "false").toBe("false");
  });

  test("their secrets are stored, masked when listed and kept when the mask comes back", async () => {
    const put = (config: Array<{ category: string; name: string; value: string }>) =>
      call("PUT", "/api/v1/config", { config }, admin);
    expect(
      (
        await put([
          { category: "wechatpay", name: "enable", value: "true" },
          { category: "wechatpay", name: "api_v3_key", value: "v3-key-of-the-merchant" },
          { category: "mp", name: "app_secret", value: "mini-program-secret" },
        ])
      ).status,
    ).toBe(200);
    const pay = (await listConfig("wechatpay")).json.config as ConfigRow[];
    expect(pay.find((c) => c.name === "api_v3_key")).toMatchObject({ value: "******", is_secret: true });
    expect(pay.find((c) => c.name === "enable")?.value).toBe("true");
    expect((await put([{ category: "wechatpay", name: "api_v3_key", value: "******" }])).status).toBe(200);
    const settings = await call("GET", "/api/v1/settings");
    expect(settings.text).not.toContain("v3-key-of-the-merchant");
    expect(settings.text).not.toContain("mini-program-secret");
    // The public pay-method list follows the moved switch.
    expect((settings.json.payment as { pay_method: number[] }).pay_method).toEqual([1]);
    await put([{ category: "wechatpay", name: "enable", value: "false" }]);
  });

  test("短信配置 as the Pro page saves it: the provider's keys, then sms_provider switching to it", async () => {
    // The page lists category sms, loads the category sms_provider names, and on save sends that
    // category's rows back as listed ({...row, value}) before sending the sms rows.
    const sms = (await listConfig("sms")).json.config as Array<ConfigRow & Record<string, unknown>>;
    const chooser = sms.find((c) => c.name === "sms_provider");
    expect(chooser).toMatchObject({ value: "smsAliyun", input_type: "select" });
    expect(String(chooser?.options).split("\n")).toEqual([
      "smsAliyun:阿里云",
      "smsTencent:腾讯云",
      "smsBaidu:百度云",
      "smsHuawei:华为云",
      "smsHaomas:浩信",
    ]);
    const tencent = (await listConfig("smsTencent")).json.config as Array<ConfigRow & Record<string, unknown>>;
    const typed: Record<string, string> = {
      secret_id: "AKIDpro",
      secret_key: "tencent-sms-secret",
      sdk_app_id: "1400123456",
      sign_name: "文库",
      template_register: "2001",
    };
    const sub = await call(
      "PUT",
      "/api/v1/config",
      { config: tencent.map((row) => ({ ...row, value: typed[row.name] ?? row.value })) },
      admin,
    );
    expect([sub.status, sub.json.message]).toEqual([200, undefined]);
    const main = await call(
      "PUT",
      "/api/v1/config",
      { config: sms.map((row) => ({ ...row, value: row.name === "sms_provider" ? "smsTencent" : row.value })) },
      admin,
    );
    expect([main.status, main.json.message]).toEqual([200, undefined]);

    const after = (await listConfig("sms")).json.config as ConfigRow[];
    expect(after.find((c) => c.name === "sms_provider")?.value).toBe("smsTencent");
    const saved = (await listConfig("smsTencent")).json.config as ConfigRow[];
    const byName = Object.fromEntries(saved.map((c) => [c.name, c]));
    expect(byName.secret_id?.value).toBe("AKIDpro");
    expect(byName.sign_name?.value).toBe("文库");
    expect(byName.region?.value).toBe("ap-guangzhou");
    expect(byName.secret_key).toMatchObject({ value: "******", is_secret: true });
    // Saving the page again sends the mask back: the secret stays (never becomes the mask).
    const again = await call("PUT", "/api/v1/config", { config: saved }, admin);
    expect(again.status).toBe(200);
    expect(
      (
        await config.config.findUniqueOrThrow({
          where: { category_name: { category: "smsTencent", name: "secret_key" } },
        })
      ).value,
    ).toBe("tencent-sms-secret");
    const settings = await call("GET", "/api/v1/settings");
    expect(settings.text).not.toContain("tencent-sms-secret");
  });

  test("sms_provider naming no provider category is a 400 naming the field; nothing is saved", async () => {
    for (const value of ["smsTwilio", "", "oauthWechat"]) {
      const r = await call(
        "PUT",
        "/api/v1/config",
        {
          config: [
            { category: "sms", name: "enable", value: "true" },
            { category: "sms", name: "sms_provider", value },
          ],
        },
        admin,
      );
      expect([r.status, r.json.message]).toEqual([400, `「短信服务商」不是可选的值：${value || "（空）"}`]);
    }
    const sms = (await listConfig("sms")).json.config as ConfigRow[];
    expect(sms.find((c) => c.name === "enable")?.value).toBe("false");
  });

  test("xunhupay and oauthOfficialAccount are saved (stored only: checkout does not offer xunhupay)", async () => {
    const put = await call(
      "PUT",
      "/api/v1/config",
      {
        config: [
          { category: "xunhupay", name: "enable", value: "true" },
          { category: "xunhupay", name: "app_id", value: "201906120000" },
          { category: "xunhupay", name: "app_secret", value: "xunhupay-app-secret" },
          { category: "oauthOfficialAccount", name: "client_id", value: "wx0123456789abcdef" },
          { category: "oauthOfficialAccount", name: "client_secret", value: "official-app-secret" },
        ],
      },
      admin,
    );
    expect([put.status, put.json.message]).toEqual([200, undefined]);
    const xunhupay = (await listConfig("xunhupay")).json.config as ConfigRow[];
    expect(xunhupay.find((c) => c.name === "app_id")?.value).toBe("201906120000");
    expect(xunhupay.find((c) => c.name === "app_secret")).toMatchObject({ value: "******", is_secret: true });
    const official = (await listConfig("oauthOfficialAccount")).json.config as ConfigRow[];
    expect(official.find((c) => c.name === "client_secret")).toMatchObject({ value: "******", is_secret: true });
    const bad = await call(
      "PUT",
      "/api/v1/config",
      { config: [{ category: "xunhupay", name: "gateway_url", value: "http://api.xunhupay.com/payment/do.html" }] },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("虎皮椒支付网关");
    const settings = await call("GET", "/api/v1/settings");
    expect(settings.text).not.toContain("xunhupay-app-secret");
    expect(settings.text).not.toContain("official-app-secret");
    expect((settings.json.payment as { pay_method: number[] }).pay_method).toEqual([]);
    await call("PUT", "/api/v1/config", { config: [{ category: "xunhupay", name: "enable", value: "false" }] }, admin);
  });

  test("the old category names are gone (one home per key)", async () => {
    for (const c of ["payment", "oauth", "search", "miniprogram"]) expect((await listConfig(c)).status).toBe(400);
  });
});

describe("settings.security.document_allowed_ext", () => {
  test("every format allowed: every known extension in moredoc's '.ext' form, never []", async () => {
    const r = await call("GET", "/api/v1/settings");
    const ext = (r.json.security as { document_allowed_ext: string[] }).document_allowed_ext;
    expect(ext.length).toBeGreaterThan(20);
    expect(ext).toEqual(expect.arrayContaining([".pdf", ".docx", ".pptx", ".xlsx", ".txt", ".epub", ".azw3"]));
    expect(ext.every((e) => /^\.[a-z0-9]+$/.test(e))).toBe(true);
  });

  test("a restriction is returned as chosen, dots added", async () => {
    const put = (value: string) =>
      call("PUT", "/api/v1/config", { config: [{ category: "security", name: "document_allowed_ext", value }] }, admin);
    expect((await put("pdf,docx")).status).toBe(200);
    const r = await call("GET", "/api/v1/settings");
    expect((r.json.security as { document_allowed_ext: string[] }).document_allowed_ext).toEqual([".pdf", ".docx"]);
    expect((await put("")).status).toBe(200);
  });
});

// ---- documents: created through the API from attachment rows written here (uploads have their own tests)

type User = { token: string; id: number };
type Doc = { id: number; uuid: string; title: string; cover: string; attachment?: { hash: string } };

async function register(username: string): Promise<User> {
  const r = await call("POST", "/api/v1/user/register", { username, password: "secret123" });
  expect(r.status).toBe(200);
  return { token: r.json.token as string, id: (r.json.user as { id: number }).id };
}

let seq = 0;
/** A document file granted to `userId`; its MD5-like hash is unique per call. */
async function attachment(userId: number, name: string) {
  seq++;
  const hash = `c${seq.toString(16).padStart(31, "0")}`;
  const a = await content.attachment.create({
    data: {
      hash,
      name,
      ext: ".pdf",
      size: 1000n + BigInt(seq),
      type: 2,
      userId: BigInt(userId),
      storageKey: `x/${hash}`,
    },
  });
  await content.attachmentGrant.create({ data: { attachmentId: a.id, userId: BigInt(userId) } });
  return { id: Number(a.id), hash };
}

/** Creates one document per attachment for `user`, in `categoryId`; returns them newest last. */
async function createDocuments(user: User, attachments: Array<{ id: number }>, categoryId: number) {
  const r = await call(
    "POST",
    "/api/v1/document",
    { document: attachments.map((a) => ({ attachment_id: a.id, keywords: "兼容,魔豆" })), category_id: [categoryId] },
    user.token,
  );
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const rows = await content.document.findMany({
    where: { userId: BigInt(user.id) },
    orderBy: { id: "desc" },
    take: attachments.length,
  });
  return rows.reverse();
}
const publish = (id: bigint, pages = 3, preview = 0) =>
  content.document.update({ where: { id }, data: { status: 2, pages, preview } });

describe("documents as moredoc clients read them", () => {
  let alice: User;
  let bob: User;
  let categoryId: number;
  let docs: Awaited<ReturnType<typeof createDocuments>>;
  let files: Array<{ id: number; hash: string }>;

  beforeAll(async () => {
    alice = await register("compatalice");
    bob = await register("compatbob");
    const c = await call("POST", "/api/v1/category", { title: "兼容分类", parent_id: 0, enable: true }, admin);
    expect(c.status).toBe(200);
    categoryId = Number((await content.category.findFirstOrThrow({ where: { title: "兼容分类" } })).id);
    files = [await attachment(alice.id, "第一篇.pdf"), await attachment(alice.id, "第二篇.pdf")];
    docs = await createDocuments(alice, files, categoryId);
    for (const d of docs) await publish(d.id);
  });

  test("uuid is 16 lowercase hex characters and GetDocument finds the document by it", async () => {
    for (const d of docs) expect(d.uuid).toMatch(/^[0-9a-f]{16}$/);
    const [first, second] = docs as [(typeof docs)[0], (typeof docs)[0]];
    const r = await call("GET", `/api/v1/document?uuid=${first.uuid}`);
    expect([r.status, r.json.id]).toEqual([200, Number(first.id)]);
    // id and uuid naming different documents: the id wins, as in moredoc (its id > 0 is looked up first)
    const both = await call("GET", `/api/v1/document?id=${second.id}&uuid=${first.uuid}`);
    expect([both.status, both.json.id]).toEqual([200, Number(second.id)]);
    expect((await call("GET", `/api/v1/document?id=${first.id}&uuid=${first.uuid}`)).json.id).toBe(Number(first.id));
    // a link with the uuid of before migration 0006 (RFC 4122 form, first 16 digits kept) still resolves
    const u = first.uuid;
    const legacy = `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-8000-000000000000`;
    expect((await call("GET", `/api/v1/document?uuid=${legacy.toUpperCase()}`)).json.id).toBe(Number(first.id));
    expect((await call("GET", "/api/v1/document?uuid=not-a-uuid")).status).toBe(404);
  });

  test("GetDocument carries attachment.hash for every caller who may see it", async () => {
    const id = docs[0]?.id;
    for (const token of [undefined, bob.token, alice.token, admin]) {
      const r = await call("GET", `/api/v1/document?id=${id}`, undefined, token);
      expect(r.status).toBe(200);
      expect((r.json as Doc).attachment?.hash).toBe(files[0]?.hash);
    }
    // a visitor gets the hash, not the uploader's file record
    const visitor = (await call("GET", `/api/v1/document?id=${id}`)).json.attachment as Record<string, unknown>;
    expect(visitor.name ?? "").toBe("");
    expect(visitor.id ?? 0).toBe(0);
  });

  test("list, home and related carry attachment.hash; home sets cover to the cover URL", async () => {
    const byHash = new Map(files.map((f, i) => [Number(docs[i]?.id), f.hash]));
    const check = (list: Doc[]) => {
      const ours = list.filter((d) => byHash.has(d.id));
      expect(ours.length).toBeGreaterThan(0);
      for (const d of ours) {
        expect(d.attachment?.hash).toBe(byHash.get(d.id));
        expect(d.cover).toBe(`/view/cover/${byHash.get(d.id)}`);
      }
    };
    const list = await call("GET", `/api/v1/document/list?category_id=${categoryId}&field=id&field=title`);
    check(list.json.document as Doc[]);
    const home = await call("GET", "/api/v1/document/home?limit=10&field=id&field=title&field=ext");
    const group = (home.json.document as Array<{ category_id: number; document: Doc[] }>).find(
      (g) => g.category_id === categoryId,
    );
    check(group?.document ?? []);
    const related = await call("GET", `/api/v1/document/related?id=${docs[0]?.id}`);
    check(related.json.document as Doc[]);
  });

  test("/view/page/{hash}/{n} and /view/cover/{hash} serve what the same document's id would", async () => {
    const storage = await createLocalStorage({ root: stack.storageDir });
    const [file] = await Promise.all([attachment(alice.id, "页面.pdf")]);
    const prefix = `documents/${file.hash}`;
    for (const n of [1, 2]) {
      await storage.put(`${prefix}/page-${n}.svg`, Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${n}</svg>`));
      await storage.put(`${prefix}/page-${n}.gzip.svg`, gzipSync(`<svg xmlns="http://www.w3.org/2000/svg">${n}</svg>`));
    }
    await storage.put(`${prefix}/cover.png`, Buffer.from("89504e470d0a1a0a", "hex"));
    const get = (path: string, token?: string) =>
      fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

    // only a document waiting for review has this file: its owner sees the pages, a visitor does not
    const [doc] = await createDocuments(alice, [file], categoryId);
    if (!doc) throw new Error("no document");
    await content.document.update({ where: { id: doc.id }, data: { status: 6, pages: 2, preview: 1 } });
    expect((await get(`/view/page/${file.hash}/1.svg`)).status).toBe(404);
    expect((await get(`/view/cover/${file.hash}`)).status).toBe(404);
    expect((await get(`/view/page/${file.hash}/1.svg`, alice.token)).status).toBe(200);

    // published: everyone, within the preview limit (1 of 2 pages), like /view/page/{id}
    // staff publish it (which announces the change to the page caches)
    const pub = await call("PUT", "/api/v1/document", { id: Number(doc.id), title: doc.title, status: 2 }, admin);
    expect([pub.status, pub.json.message]).toEqual([200, undefined]);
    for (const path of [`/view/page/${file.hash}/1.svg`, `/view/page/${doc.id}/1.svg`]) {
      const res = await get(path);
      expect([res.status, await res.text()]).toEqual([200, `<svg xmlns="http://www.w3.org/2000/svg">1</svg>`]);
    }
    const gz = await get(`/view/page/${file.hash}/1.gzip.svg`);
    expect([gz.status, gz.headers.get("content-encoding")]).toEqual([200, "gzip"]);
    expect((await get(`/view/page/${file.hash}/2.svg`)).status).toBe(404); // beyond the preview
    const cover = await get(`/view/cover/${file.hash}`);
    expect([cover.status, cover.headers.get("content-type")]).toEqual([200, "image/png"]);
    // a hash no document has, and malformed ones
    for (const path of [`/view/cover/${"f".repeat(32)}`, `/view/page/${"F".repeat(32)}/1.svg`, "/view/cover/abc"])
      expect((await get(path)).status).toBe(404);
  });

  test("user.doc_count counts the user's live documents and follows deletions", async () => {
    const count = async (token?: string) =>
      ((await call("GET", `/api/v1/user?id=${alice.id}`, undefined, token)).json.doc_count as number) ?? 0;
    const live = await content.document.count({ where: { userId: BigInt(alice.id), deletedAt: null } });
    expect(live).toBeGreaterThan(1);
    expect(await count()).toBe(live);
    expect(await count(alice.token)).toBe(live);
    const list = await call("GET", `/api/v1/user/list?id=${alice.id}`, undefined, admin);
    expect((list.json.user as Array<{ id: number; doc_count: number }>).find((u) => u.id === alice.id)?.doc_count).toBe(
      live,
    );
    expect((await call("DELETE", `/api/v1/document?id=${docs[1]?.id}`, undefined, alice.token)).status).toBe(200);
    expect(await count()).toBe(live - 1);
    expect(((await call("GET", `/api/v1/user?id=${bob.id}`)).json.doc_count as number) ?? 0).toBe(0);
  });

  test("each upload appears in the uploader's dynamics, linked by uuid", async () => {
    const r = await call("GET", "/api/v1/user/dynamic?size=50", undefined, alice.token);
    expect(r.status).toBe(200);
    const uploads = (r.json.dynamic as Array<{ type: number; content: string }>).filter((d) => d.type === 3);
    for (const d of docs)
      expect(uploads.some((u) => u.content.includes(`/document/${d.uuid}`) && u.content.includes(d.title))).toBe(true);
    const bobs = await call("GET", "/api/v1/user/dynamic?size=50", undefined, bob.token);
    expect((bobs.json.dynamic as Array<{ type: number }>).filter((d) => d.type === 3)).toEqual([]);
  });
});
