// ConfigAPI over REST: the public settings hold no secrets, the back office sees secrets masked,
// a mask sent back keeps the stored secret, and bad values are refused with nothing saved.
import { randomBytes } from "node:crypto";
import { createClient, type Transport } from "@connectrpc/connect";
import { service } from "@wenku/config";
import {
  createLogger,
  createSettingsReader,
  headers,
  inProcessTransport,
  type StartedService,
  siteGateFrom,
} from "@wenku/kit";
import { createBus } from "@wenku/kit/bus";
import { ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { TEST_NATS_URL } from "../../../jest/env.js";
import { type ConfigDb, openConfigDb } from "./db.js";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let db: ConfigDb;
let adminToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  db = openConfigDb(stack);
  adminToken = await loginAdmin(stack.url);
});
afterAll(async () => {
  await db.$disconnect();
  await stack.stop();
});

type Row = { category: string; name: string; value: string; is_secret: boolean; input_type: string };
const stored = async (category: string, name: string) =>
  (await db.config.findUniqueOrThrow({ where: { category_name: { category, name } } })).value;
const list = async (...category: string[]) => {
  const q = category.map((c) => `category=${c}`).join("&");
  const r = await rest(stack.url, "GET", `/api/v1/config/list?${q}`, undefined, adminToken);
  expect(r.status).toBe(200);
  return r.json.config as Row[];
};
const update = (config: Array<Pick<Row, "category" | "name" | "value">>) =>
  rest(stack.url, "PUT", "/api/v1/config", { config }, adminToken);

describe("GetSettings (public)", () => {
  test("anonymous visitors get the public defaults", async () => {
    const r = await rest(stack.url, "GET", "/api/v1/settings");
    expect(r.status).toBe(200);
    expect(r.json.system).toMatchObject({
      sitename: "文库",
      credit_name: "积分",
      version: "0.1.0",
      credit_exchange: 100,
    });
    expect(r.json.security).toMatchObject({
      is_close: false,
      login_required: false,
      enable_register: true,
      max_document_size: 50,
    });
    expect(r.json.footer).toMatchObject({ about: "/article/about" });
    // the seeded cards' figures (moredoc.pro.vip.int.test.ts covers them)
    expect(r.json.vip).toMatchObject({ enable: false, icon: "", year_price: 19900, enable_credit_pay: false });
    expect(r.json.payment).toEqual({ pay_method: [] });
  });

  test("no secret ever appears, whatever the secrets are", async () => {
    const secrets = {
      "email.password": `smtp-${randomBytes(6).toString("hex")}`,
      "wechatpay.api_v3_key": `v3-${randomBytes(6).toString("hex")}`,
      "smsTencent.secret_key": `sms-${randomBytes(6).toString("hex")}`,
    };
    const res = await update(
      Object.entries(secrets).map(([k, value]) => {
        const [category, name] = k.split(".") as [string, string];
        return { category, name, value };
      }),
    );
    expect(res.status).toBe(200);
    const generated = [await stored("download", "secret_key"), await stored("email", "secret")];
    expect(generated.every((s) => s.length >= 24)).toBe(true); // random, not moredoc's well-known default

    const r = await rest(stack.url, "GET", "/api/v1/settings");
    for (const s of [...Object.values(secrets), ...generated]) expect(r.text).not.toContain(s);
    expect(r.text).not.toMatch(
      /"(secret_key|secret|password|\w*api_v3_key|\w*private_key|\w*client_secret|app_secret)":/,
    );
  });
});

describe("ListConfig / UpdateConfig (admin)", () => {
  test("secrets are masked; a mask sent back keeps the stored secret; other values are saved", async () => {
    await update([{ category: "email", name: "password", value: "smtp-real-password" }]);
    const rows = await list("email");
    expect(rows.every((r) => r.value !== "smtp-real-password")).toBe(true);
    expect(rows.find((r) => r.name === "password")).toMatchObject({ value: "******", is_secret: true });
    expect(rows.find((r) => r.name === "port")).toMatchObject({
      value: "465",
      input_type: "number",
      min: 1,
      max: 65535,
    });
    expect(rows.find((r) => r.name === "host")).not.toHaveProperty("min");

    // The admin form sends the whole category back, mask included, with one change.
    const sent = rows.map((r) => ({
      category: r.category,
      name: r.name,
      value: r.name === "host" ? "smtp.example.com" : r.value,
    }));
    expect((await update(sent)).status).toBe(200);
    expect(await stored("email", "password")).toBe("smtp-real-password");
    expect(await stored("email", "host")).toBe("smtp.example.com");

    // A multi-line key (PEM) keeps its line breaks and is masked like any secret.
    const pem = "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----";
    expect((await update([{ category: "wechatpay", name: "private_key", value: pem }])).status).toBe(200);
    expect(await stored("wechatpay", "private_key")).toBe(pem);
    expect((await list("wechatpay")).find((r) => r.name === "private_key")).toMatchObject({
      value: "******",
      is_secret: true,
      input_type: "textarea",
    });

    // A new secret replaces the old one.
    expect((await update([{ category: "email", name: "password", value: "rotated" }])).status).toBe(200);
    expect(await stored("email", "password")).toBe("rotated");
  });

  test("a new value is visible in the public settings at once", async () => {
    expect((await update([{ category: "system", name: "sitename", value: "  我的文库  " }])).status).toBe(200);
    const r = await rest(stack.url, "GET", "/api/v1/settings");
    expect((r.json.system as Record<string, unknown>).sitename).toBe("我的文库");
  });

  test("values are checked by input type; one bad value saves nothing", async () => {
    const before = [await stored("display", "pages_per_read"), await stored("display", "max_search_pages")];
    const cases: Array<[Pick<Row, "category" | "name" | "value">, string]> = [
      [{ category: "display", name: "pages_per_read", value: "abc" }, "「文档【继续阅读】的页数」须为整数"],
      [{ category: "display", name: "pages_per_read", value: "0" }, "「文档【继续阅读】的页数」不能小于 1"],
      [{ category: "security", name: "is_close", value: "maybe" }, "「是否关闭网站」须为 true 或 false"],
      [{ category: "display", name: "home_version", value: "v9" }, "「首页版本」不是可选的值：v9"],
      [{ category: "security", name: "document_allowed_ext", value: "pdf,exe" }, "包含不可选的值：exe"],
      [{ category: "system", name: "domain", value: "javascript:alert(1)" }, "须为 http:// 或 https:// 开头的地址"],
      [{ category: "footer", name: "about", value: "//evil.example" }, "须为站内路径"],
      [{ category: "score", name: "recharge_discount", value: "1000:0.9\n500:2" }, "格式不正确：「500:2」"],
      [{ category: "system", name: "no_such_key", value: "1" }, "配置项 system.no_such_key 不存在"],
    ];
    for (const [bad, message] of cases) {
      const r = await update([{ category: "display", name: "max_search_pages", value: "77" }, bad]);
      expect([bad.name, r.status, r.json.code]).toEqual([bad.name, 400, 3]);
      expect(r.json.message as string).toContain(message);
    }
    expect([await stored("display", "pages_per_read"), await stored("display", "max_search_pages")]).toEqual(before);
    const dup = await update([
      { category: "display", name: "max_search_pages", value: "77" },
      { category: "display", name: "max_search_pages", value: "78" },
    ]);
    expect([dup.status, dup.json.message]).toEqual([400, "配置项 display.max_search_pages 重复提交"]);
    expect((await update([])).status).toBe(400);
  });

  test("values are normalised: numbers, switches, multi-selects, trailing slash of the domain", async () => {
    const r = await update([
      { category: "display", name: "pages_per_read", value: " 08 " },
      { category: "security", name: "enable_register", value: "0" },
      { category: "security", name: "document_allowed_ext", value: "pdf, docx,pdf" },
      { category: "system", name: "domain", value: "https://wenku.example.com/" },
    ]);
    expect(r.status).toBe(200);
    expect(await stored("display", "pages_per_read")).toBe("8");
    expect(await stored("security", "enable_register")).toBe("false");
    expect(await stored("security", "document_allowed_ext")).toBe("pdf,docx");
    const s = await rest(stack.url, "GET", "/api/v1/settings");
    expect(s.json.security).toMatchObject({ enable_register: false, document_allowed_ext: [".pdf", ".docx"] });
    expect((s.json.system as Record<string, unknown>).domain).toBe("https://wenku.example.com");
    await update([{ category: "security", name: "enable_register", value: "true" }]);
  });

  test("unknown categories are refused; no category lists every category", async () => {
    const r = await rest(stack.url, "GET", "/api/v1/config/list?category=nope", undefined, adminToken);
    expect([r.status, r.json.message]).toEqual([400, "未知的配置分类：nope"]);
    const all = await list();
    const cats = new Set(all.map((c) => c.category));
    for (const c of ["system", "footer", "security", "display", "captcha", "converter", "download", "score", "email"])
      expect(cats).toContain(c);
    for (const c of [
      "vip",
      "wechatpay",
      "alipay",
      "sms",
      "oauthWechat",
      "fulltext_search",
      "ssr",
      "mp",
      "sitemap",
      "release",
    ])
      expect(cats).toContain(c);
  });

  test("VIP and recharge settings follow their keys", async () => {
    await update([
      { category: "vip", name: "enable", value: "true" },
      { category: "vip", name: "month_price", value: "990" },
      { category: "score", name: "enable_recharge", value: "true" },
      { category: "score", name: "recharge_discount", value: "1000:0.9\r\n5000:0.8" },
    ]);
    // the figures are the VIP cards' (seeded month card: 1990); the old price keys price nothing
    const vip = await rest(stack.url, "GET", "/api/v1/settings/vip");
    expect(vip.json).toMatchObject({ enable: true, month_price: 1990, year_price: 19900, quarter_price: 5900 });
    const recharge = await rest(stack.url, "GET", "/api/v1/settings/recharge");
    expect(recharge.json).toEqual({
      enable: true,
      recharge_discount: "1000:0.9\n5000:0.8",
      credit_name: "积分",
      credit_exchange: 100,
    });
  });

  test("anonymous callers and plain users cannot read or write the config", async () => {
    expect((await rest(stack.url, "GET", "/api/v1/config/list")).status).toBe(401);
    const u = await rest(stack.url, "POST", "/api/v1/user/register", { username: "cfgplain", password: "secret123" });
    const token = u.json.token as string;
    expect((await rest(stack.url, "GET", "/api/v1/config/list", undefined, token)).status).toBe(403);
    const w = await rest(stack.url, "PUT", "/api/v1/config", { config: [] }, token);
    expect(w.status).toBe(403);
  });
});

// Issue #22 item 12: every service keeps its own caches of what the config service holds; a save must
// reach all of them before the saver's next request (in-process, and over gRPC + NATS). No waiting here.
describe("a saved setting applies at the very next request, in every service", () => {
  const set = async (category: string, name: string, value: string) => {
    const r = await update([{ category, name, value }]);
    expect(r.status).toBe(200);
  };
  const rechargeOrder = (token: string) =>
    rest(stack.url, "POST", "/api/v1/order", { order_type: 3, quantity: 100 }, token);

  test("recharge on/off (order service: recharge rules), timed", async () => {
    const u = await registerUser(stack.url, "cfgrecharge");
    await set("score", "credit_exchange", "100");
    const delays: number[] = [];
    for (let round = 0; round < 3; round++) {
      await set("score", "enable_recharge", "false");
      const off = await rechargeOrder(u.token); // also fills the order service's cache
      expect([off.status, off.json.message]).toEqual([400, "积分充值未开启"]);
      const saved = performance.now();
      await set("score", "enable_recharge", "true");
      const on = await rechargeOrder(u.token);
      expect([round, on.status]).toEqual([round, 200]);
      delays.push(performance.now() - saved);
    }
    // save + create, one after the other: what the admin waits before the change is in effect
    process.stdout.write(
      `settings → effect (${process.env.WENKU_TEST_TRANSPORT ?? "memory"}): save+order ${delays.map((d) => d.toFixed(1)).join(", ")} ms\n`,
    );
  });

  test("pay methods (order service: pay settings with secrets)", async () => {
    const u = await registerUser(stack.url, "cfgpay");
    await set("score", "enable_recharge", "true");
    await set("sandboxpay", "enable", "false");
    const order = (await rechargeOrder(u.token)).json.order_no as string;
    const pay = () => rest(stack.url, "POST", "/api/v1/order/pay", { order_no: order, pay_method: 11 }, u.token);
    expect((await pay()).json.message).toBe("该支付方式未开启，请选择其他支付方式");
    await set("sandboxpay", "enable", "true");
    const paid = await pay();
    expect([paid.status, paid.json.pay_method]).toEqual([200, 11]);
    await set("sandboxpay", "enable", "false");
    expect((await pay()).json.message).toBe("该支付方式未开启，请选择其他支付方式");
  });

  // Over NATS: a cache in another process (its own connection, its own settings reader) is dropped by
  // the time the save answered, so that process's next request reads the new value.
  const overNats = process.env.WENKU_TEST_TRANSPORT === "grpc" ? test : test.skip;
  overNats("another process's settings-derived cache, told over NATS, before the save answers", async () => {
    const log = createLogger({ service: "test", level: "silent" });
    const bus = await createBus({
      natsUrl: TEST_NATS_URL,
      log,
      name: "wenku-test-peer",
      broadcastPrefix: stack.broadcastPrefix,
    });
    const reader = await createSettingsReader({
      transport: stack.transports.config,
      internalToken: stack.internalToken,
      bus,
      log,
      ttlMs: 60_000, // the safety net plays no part here
    });
    try {
      const config = createClient(ConfigAPI, stack.transports.config);
      const internal = { headers: { [headers.internal]: stack.internalToken } };
      const recharge = reader.derive(async () => (await config.getRechargeSettings({}, internal)).enable);
      for (const on of [false, true, false, true]) {
        await set("score", "enable_recharge", String(on));
        expect([on, await recharge()]).toEqual([on, on]);
      }
    } finally {
      reader.close();
      await bus.close();
    }
  });

  // GetSettings is answered from memory (kept until a change): a replica of the config service in another
  // process hears, over NATS, both a save made through another replica and a language change made in
  // the content service, and its next answer shows them.
  overNats("another config replica's kept GetSettings is dropped by a save and a language change", async () => {
    const log = createLogger({ service: "test", level: "silent" });
    const bus = await createBus({
      natsUrl: TEST_NATS_URL,
      log,
      name: "wenku-test-config-replica",
      broadcastPrefix: stack.broadcastPrefix,
    });
    const reader = await createSettingsReader({
      transport: stack.transports.config,
      internalToken: stack.internalToken,
      bus,
      log,
    });
    let languageLists = 0;
    const content: Transport = {
      unary(method, ...args) {
        if (method.name === "ListLanguage") languageLists++;
        return stack.transports.content.unary(method, ...args);
      },
      stream: (...args) => stack.transports.content.stream(...args),
    };
    let replica: StartedService | undefined;
    try {
      // Started as its own process starts it (the service module), on the stack's database.
      replica = await service.start({
        databaseUrl: stack.databaseUrl,
        bus,
        log,
        internalToken: stack.internalToken,
        transports: { ...stack.transports, content },
        authorizer: { authorize: () => Promise.reject(new Error("only the services call this replica")) },
        siteGate: siteGateFrom(reader),
        settings: reader,
        env: {},
      });
      const config = createClient(ConfigAPI, inProcessTransport(replica.definition));
      const settings = () => config.getSettings({}, { headers: { [headers.internal]: stack.internalToken } });
      const codes = async () => (await settings()).language.map((l) => l.code);

      const first = await settings();
      expect(await settings()).toEqual(first);
      expect(languageLists).toBe(1); // the second answer came from memory

      await set("system", "sitename", "副本也知道");
      expect((await settings()).system?.sitename).toBe("副本也知道");
      expect(languageLists).toBe(2);

      const list = await rest(stack.url, "GET", "/api/v1/language/list", undefined, adminToken);
      const ja = (list.json.language as Array<{ id: number; code: string }>).find((l) => l.code === "ja");
      expect(ja).toBeDefined();
      expect(await codes()).toContain("ja");
      for (const enable of [false, true]) {
        const r = await rest(stack.url, "PUT", "/api/v1/language/status", { id: [ja?.id], enable }, adminToken);
        expect(r.status).toBe(200);
        expect([enable, (await codes()).includes("ja")]).toEqual([enable, enable]);
      }
      expect(languageLists).toBe(4);
    } finally {
      await replica?.close();
      reader.close();
      await bus.close();
    }
  });

  test("score rules (user service: check-in award) and security (registration)", async () => {
    await set("score", "sign_in", "3");
    const a = await registerUser(stack.url, "cfgsigna");
    expect((await rest(stack.url, "PUT", "/api/v1/user/sign", {}, a.token)).json.award).toBe(3);
    await set("score", "sign_in", "9");
    const b = await registerUser(stack.url, "cfgsignb");
    expect((await rest(stack.url, "PUT", "/api/v1/user/sign", {}, b.token)).json.award).toBe(9);

    await set("security", "enable_register", "false");
    const refused = await rest(stack.url, "POST", "/api/v1/user/register", {
      username: "cfgreg1",
      password: "secret123",
    });
    expect(refused.status).toBe(403);
    await set("security", "enable_register", "true");
    const ok = await rest(stack.url, "POST", "/api/v1/user/register", { username: "cfgreg2", password: "secret123" });
    expect(ok.status).toBe(200);
  });
});
