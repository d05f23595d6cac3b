// Login from the WeChat mini program (小程序, LoginWechatMP) end to end against a stand-in of WeChat's
// API (tests/kit wechat/mp.ts: sns/jscode2session checks appid, secret, js_code and grant_type, and
// refuses a used code with 40163 as WeChat does), reachable only because this test allow-lists its
// address (FETCH_ALLOW_HOSTS). WechatMPScanLogin: a web page's scan scene (the official account's,
// from the same stand-in) confirmed from the mini program with a wx.login code.
import { startWechatMpStandIn, type WechatMpStandIn } from "@wenku/testkit/wechat";
import { loginAdmin, registerUser, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: WechatMpStandIn;
let admin: string;
const clock = testClock();
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
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(wechat.baseUrl).host }, clock: clock.now });
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
  await save("oauthOfficialAccount", {
    enable: "true",
    client_id: wechat.appId,
    client_secret: wechat.appSecret,
    token: wechat.token,
    api_base_url: wechat.baseUrl,
  });
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

const scanCode = async (token?: string, bind = false) => {
  const r = await call("GET", `/api/v1/oauth/wechatmp/scan/code${bind ? "?is_bind=true" : ""}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return (r.json as { scene: string }).scene;
};
const scanLogin = (scene: string, code: string) => call("POST", "/api/v1/oauth/wechatmp/scan/login", { scene, code });
const status = (scene: string, token?: string) =>
  call("POST", "/api/v1/oauth/wechatmp/scan/login/status", { scene }, token);
const EXPIRED = "二维码已过期，请刷新二维码";

test("stand-in WeChat: a page's scan confirmed from the mini program signs its bound user in, once", async () => {
  const scene = await scanCode();
  expect((await status(scene)).json).toEqual({ token: "", success: false, scanned: false });
  const confirmed = await scanLogin(scene, wechat.loginCode("o-mini-dave"));
  expect([confirmed.status, confirmed.json.message]).toEqual([200, undefined]);
  const done = await status(scene);
  expect(done.json).toEqual(expect.objectContaining({ success: true, scanned: true, token: expect.any(String) }));
  expect((done.json.user as { username: string }).username).toBe("wxminidave");
  expect((await status(scene)).json.message).toBe(EXPIRED);
  // a spent scene is not confirmed again
  const again = await scanLogin(scene, wechat.loginCode("o-mini-erin"));
  expect([again.status, again.json.message]).toEqual([400, EXPIRED]);
});

test("stand-in WeChat: an unbound mini-program account is offered to bind; a bind scene binds it", async () => {
  const scene = await scanCode();
  expect((await scanLogin(scene, wechat.loginCode("o-mini-hank"))).status).toBe(200);
  const unbound = await status(scene);
  expect(unbound.json.oauth).toMatchObject({ oauth_type: 5, openid: "o-mini-hank", session: expect.any(String) });
  // signed in elsewhere, hank asks to bind by scanning
  const hank = await registerUser(stack.url, "wxminihank");
  const bindScene = await scanCode(hank.token, true);
  expect((await scanLogin(bindScene, wechat.loginCode("o-mini-hank"))).status).toBe(200);
  expect((await status(bindScene, hank.token)).json).toEqual({ token: "", success: true, scanned: true });
  const listed = await call("GET", "/api/v1/user/oauth", undefined, hank.token);
  expect(listed.json.oauth).toEqual([expect.objectContaining({ oauth_type: 5, openid: "o-mini-hank" })]);
  const mp = await login(wechat.loginCode("o-mini-hank"));
  expect((mp.json.user as { username: string }).username).toBe("wxminihank");
});

test("stand-in WeChat: unknown, expired and already scanned scenes are refused; a bad scene is a 400", async () => {
  const unknown = await scanLogin("AAAAAAAAAAAAAAAAAAAAAA", wechat.loginCode("o-mini-dave"));
  expect([unknown.status, unknown.json.message]).toEqual([400, EXPIRED]);
  const bad = await scanLogin("not a scene!", wechat.loginCode("o-mini-dave"));
  expect([bad.status, bad.json.message]).toEqual([400, "缺少或无效的扫码场景（scene）"]);
  const scene = await scanCode();
  expect((await scanLogin(scene, wechat.loginCode("o-mini-dave"))).status).toBe(200);
  const twice = await scanLogin(scene, wechat.loginCode("o-mini-erin"));
  expect([twice.status, twice.json.message]).toEqual([400, "该二维码已被扫描，请刷新二维码"]);
  // the first scan stands: dave's login
  expect(((await status(scene)).json.user as { username: string }).username).toBe("wxminidave");
  const late = await scanCode();
  clock.advance(301_000);
  const expired = await scanLogin(late, wechat.loginCode("o-mini-dave"));
  expect([expired.status, expired.json.message]).toEqual([400, EXPIRED]);
});

test("stand-in WeChat: a wrong AppSecret is the site's configuration, said so (not a 500)", async () => {
  await save("mp", { app_secret: "not-the-secret" });
  const r = await login(wechat.loginCode("o-mini-gina"));
  expect(r.status).toBe(400);
  expect(r.json.message).toMatch(/^微信拒绝了小程序登录，请管理员检查小程序的 AppID 与 AppSecret（微信错误码 \d+）$/);
  await save("mp", { app_secret: wechat.miniAppSecret, enable: "false" });
  const off = await login(wechat.loginCode("o-mini-gina"));
  expect([off.status, off.json.message]).toEqual([400, "未启用微信小程序登录"]);
});
