// moredoc client compatibility against the real stack: what existing moredoc clients (moredoc-web
// and its back office) read from this API — config categories, the allowed upload types, document
// uuids, attachment hashes in every list, page and cover URLs by hash, and true user counters.
import { type Db as ContentDb, createDb as createContentDb } from "@wenku/content";
import { ADMIN_PASSWORD, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let content: ContentDb;
let admin: string;

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

beforeAll(async () => {
  stack = await startTestStack({ env: { CONVERTER_CONCURRENCY: "0" } });
  content = createContentDb(stack.databaseUrl);
  const r = await call("POST", "/api/v1/user/login", { username: "admin", password: ADMIN_PASSWORD });
  expect(r.status).toBe(200);
  admin = r.json.token as string;
});
afterAll(async () => {
  await content.$disconnect();
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
    ["oauthWechat", ["enable", "client_id", "client_secret", "mp_app_id", "mp_app_secret"]],
    ["oauthQQ", ["enable", "client_id", "client_secret"]],
    ["oauthGithub", ["enable", "client_id", "client_secret"]],
    ["oauthGitee", ["enable", "client_id", "client_secret"]],
    ["oauthCustom", ["enable", "client_id", "client_secret", "authorize_url"]],
    ["mp", ["enable", "app_id", "app_secret"]],
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
