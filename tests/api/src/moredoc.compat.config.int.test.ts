// moredoc client compatibility of the config categories, against the real stack: every category
// moredoc's back office asks for, with its keys and defaults, and the config tabs of the Pro back
// office (短信配置 with its provider categories, 虎皮椒, 微信公众号) saved as its pages save them.
import { type ConfigDb, openConfigDb } from "./db.js";
import { admin, stack, useSite } from "./site.fixture.js";
import { rest } from "./testing.js";

useSite();
let config: ConfigDb;
beforeAll(() => {
  config = openConfigDb(stack);
});
afterAll(() => config.$disconnect());

const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

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
      // Ours, for development: prints the code to the server log, refused outside NODE_ENV=development.
      "smsLog:仅打印到服务器日志（开发用）",
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
