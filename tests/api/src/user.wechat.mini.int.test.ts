// Login from the WeChat mini program (小程序, LoginWechatMP) end to end against a stand-in of WeChat's
// API (tests/kit wechat/mp.ts: sns/jscode2session checks appid, secret, js_code and grant_type, and
// refuses a used code with 40163 as WeChat does), reachable only because this test allow-lists its
// address (FETCH_ALLOW_HOSTS).
import { startWechatMpStandIn, type WechatMpStandIn } from "@wenku/testkit/wechat";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: WechatMpStandIn;
let admin: string;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const login = (code: string) => call("POST", "/api/v1/oauth/wechatmp/login", { code });

async function save(category: string, values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}

type Pending = { oauth_type: number; openid: string; session: string };

beforeAll(async () => {
  wechat = await startWechatMpStandIn();
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(wechat.baseUrl).host } });
  admin = await loginAdmin(stack.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), wechat.close()]);
});

test("off until the mini program is enabled: 400 with a sentence, WeChat not asked", async () => {
  const r = await login(wechat.loginCode("o-mini-early"));
  expect([r.status, r.json.message]).toEqual([400, "未启用微信小程序登录"]);
  expect(wechat.calls.get("/sns/jscode2session")).toBeUndefined();
  await save("mp", { enable: "true", app_id: wechat.miniAppId, app_secret: wechat.miniAppSecret });
  await save("oauthOfficialAccount", { api_base_url: wechat.baseUrl });
  // the secret stays in the admin config API
  const pub = await call("GET", "/api/v1/settings");
  expect(JSON.stringify(pub.json)).not.toContain(wechat.miniAppSecret);
});

test("a missing or malformed code is a 400 naming code", async () => {
  for (const code of ["", "not a code!", "x".repeat(129)]) {
    const r = await login(code);
    expect(r.status).toBe(400);
    expect(r.json.message).toEqual(expect.any(String));
  }
  const missing = await call("POST", "/api/v1/oauth/wechatmp/login", {});
  expect([missing.status, missing.json.message]).toEqual([400, "缺少小程序登录凭证（code）"]);
});

test("stand-in WeChat: an unbound account gets the proof; bound with it, the next code signs in", async () => {
  const first = await login(wechat.loginCode("o-mini-dave", "u-dave"));
  expect(first.status).toBe(200);
  expect(first.json.token ?? "").toBe("");
  const oauth = first.json.oauth as Pending;
  expect(oauth).toMatchObject({ oauth_type: 5, openid: "o-mini-dave", session: expect.any(String) });
  const dave = await registerUser(stack.url, "wxminidave");
  // the proof is for this account only
  const forged = await call("POST", "/api/v1/oauth/bind", { ...oauth, openid: "o-mini-other" }, dave.token);
  expect(forged.status).toBe(400);
  const bound = await call("POST", "/api/v1/oauth/bind", oauth, dave.token);
  expect([bound.status, bound.json.message]).toEqual([200, undefined]);
  const listed = await call("GET", "/api/v1/user/oauth", undefined, dave.token);
  expect(listed.json.oauth).toEqual([expect.objectContaining({ oauth_type: 5, openid: "o-mini-dave" })]);

  const again = await login(wechat.loginCode("o-mini-dave", "u-dave"));
  expect(again.status).toBe(200);
  expect((again.json.user as { username: string }).username).toBe("wxminidave");
  const me = await call("GET", "/api/v1/user", undefined, again.json.token as string);
  expect((me.json as { username?: string }).username).toBe("wxminidave");
});

test("stand-in WeChat: an unbound account registers a new account with its proof", async () => {
  const first = await login(wechat.loginCode("o-mini-erin"));
  const oauth = first.json.oauth as Pending;
  const created = await call("POST", "/api/v1/oauth/register", { ...oauth, username: "wxminierin" });
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  expect((created.json.user as { username: string }).username).toBe("wxminierin");
  const next = await login(wechat.loginCode("o-mini-erin"));
  expect((next.json.user as { username: string }).username).toBe("wxminierin");
});

test("stand-in WeChat: a replayed code (40163) and an unknown one (40029) are refused on code", async () => {
  const code = wechat.loginCode("o-mini-frank");
  expect((await login(code)).status).toBe(200);
  const replay = await login(code);
  expect([replay.status, replay.json.message]).toEqual([400, "小程序登录凭证无效或已使用，请重新登录"]);
  const unknown = await login("0a1b2c3d4e5f60718293a4b5c6d7e8f9");
  expect([unknown.status, unknown.json.message]).toEqual([400, "小程序登录凭证无效或已使用，请重新登录"]);
});

test("stand-in WeChat: a wrong AppSecret is the site's configuration, said so (not a 500)", async () => {
  await save("mp", { app_secret: "not-the-secret" });
  const r = await login(wechat.loginCode("o-mini-gina"));
  expect([r.status, r.json.message]).toEqual([400, "微信拒绝了小程序登录，请管理员检查小程序的 AppID 与 AppSecret"]);
  await save("mp", { app_secret: wechat.miniAppSecret, enable: "false" });
  const off = await login(wechat.loginCode("o-mini-gina"));
  expect([off.status, off.json.message]).toEqual([400, "未启用微信小程序登录"]);
});
