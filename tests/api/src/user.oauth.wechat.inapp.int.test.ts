// Login inside WeChat's browser with the official account's web authorisation (公众号网页授权,
// snsapi_userinfo) end to end against the WeChat stand-in (@wenku/testkit/oauth-vendors: its
// /connect/oauth2/authorize opens only for a MicroMessenger user agent and checks appid, redirect_uri,
// response_type and scope; sns/oauth2/access_token checks the official account's secret and the
// single-use code; each app has its own openids, one person one unionid). The site points at it with
// OAUTH_WECHAT_URL / _API_URL.
import { randomBytes } from "node:crypto";
import { followToCallback } from "@wenku/testkit/oauth";
import { startVendorStandIn, type VendorStandIn } from "@wenku/testkit/oauth-vendors";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

const IN_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: VendorStandIn;
let admin: string;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

async function save(category: string, values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}

const start = async (type: number) => {
  const key = randomBytes(32).toString("base64url");
  const started = await call("POST", "/api/v1/oauth/start", { oauth_type: type, browser_key: key });
  expect([started.status, started.json.message]).toEqual([200, undefined]);
  return { key, authorizeUrl: started.json.authorize_url as string };
};

/** The browser's part inside WeChat: start, authorise, come back to /oauth/{name}, finish. */
async function login(type: number, name: string) {
  const { key, authorizeUrl } = await start(type);
  const back = await followToCallback(authorizeUrl, `${stack.url}/oauth/${name}`, { userAgent: IN_WECHAT });
  return call("POST", "/api/v1/oauth/login", {
    oauth_type: type,
    code: back.get("code"),
    state: back.get("state"),
    browser_key: key,
  });
}

beforeAll(async () => {
  wechat = await startVendorStandIn("wechat");
  stack = await startTestStack({
    env: { FETCH_ALLOW_HOSTS: "127.0.0.1", OAUTH_WECHAT_URL: wechat.baseUrl, OAUTH_WECHAT_API_URL: wechat.baseUrl },
  });
  admin = await loginAdmin(stack.url);
  await save("system", { domain: stack.url });
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), wechat.close()]);
});

test("off until the official account is on: StartOAuthLogin with type 8 is refused", async () => {
  const key = randomBytes(32).toString("base64url");
  const r = await call("POST", "/api/v1/oauth/start", { oauth_type: 8, browser_key: key });
  expect([r.status, r.json.message]).toEqual([400, "该第三方登录方式未启用"]);
  await save("oauthOfficialAccount", {
    enable: "true",
    client_id: wechat.official.appId,
    client_secret: wechat.official.appSecret,
    token: "official-token",
  });
});

test("the authorize URL is WeChat's web authorisation for the official account, exactly", async () => {
  const { authorizeUrl } = await start(8);
  const url = new URL(authorizeUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${wechat.baseUrl}/connect/oauth2/authorize`);
  expect([...url.searchParams.keys()]).toEqual(["appid", "redirect_uri", "response_type", "scope", "state"]);
  expect(url.searchParams.get("appid")).toBe(wechat.official.appId);
  expect(url.searchParams.get("redirect_uri")).toBe(`${stack.url}/oauth/officialaccount`);
  expect(url.searchParams.get("scope")).toBe("snsapi_userinfo");
  expect(url.hash).toBe("#wechat_redirect");
  // outside WeChat, WeChat's page says to open it in WeChat: no code comes back
  await expect(followToCallback(authorizeUrl, `${stack.url}/oauth/officialaccount`)).rejects.toThrow(
    /请在微信客户端打开链接/,
  );
});

test("stand-in WeChat: inside WeChat an unbound account registers, then signs in; its code is single use", async () => {
  wechat.account = { id: "inapp-1", name: "微信用户", avatar: "https://wx.example/a.png" };
  const first = await login(8, "officialaccount");
  expect(first.status).toBe(200);
  const oauth = first.json.oauth as { oauth_type: number; openid: string; nickname: string; session: string };
  expect(oauth).toMatchObject({ oauth_type: 8, openid: "oa-inapp-1", nickname: "微信用户" });
  const created = await call("POST", "/api/v1/oauth/register", { ...oauth, username: "wxinapp" });
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const again = await login(8, "officialaccount");
  expect((again.json.user as { username: string }).username).toBe("wxinapp");
  // a callback replayed (same code and state) is refused
  const { key, authorizeUrl } = await start(8);
  const back = await followToCallback(authorizeUrl, `${stack.url}/oauth/officialaccount`, { userAgent: IN_WECHAT });
  const replay = { oauth_type: 8, code: back.get("code"), state: back.get("state"), browser_key: key };
  expect((await call("POST", "/api/v1/oauth/login", replay)).status).toBe(200);
  expect((await call("POST", "/api/v1/oauth/login", replay)).status).toBe(400);
});

test("stand-in WeChat: the same unionid signs in the member of the open platform's QR login", async () => {
  await save("oauthWechat", { enable: "true", client_id: wechat.clientId, client_secret: wechat.clientSecret });
  wechat.account = { id: "person-7", name: "同一个人", avatar: "https://wx.example/b.png", unionid: "union-7" };
  // the member bound their WeChat on the website (open platform QR login)
  const member = await registerUser(stack.url, "wxunionmember");
  const onWeb = await login(2, "wechat");
  const bound = await call("POST", "/api/v1/oauth/bind", onWeb.json.oauth, member.token);
  expect([bound.status, bound.json.message]).toEqual([200, undefined]);
  // inside WeChat the official account sees another openid, the same unionid: the member signs in
  const inApp = await login(8, "officialaccount");
  expect(inApp.status).toBe(200);
  expect((inApp.json.user as { id: number }).id).toBe(member.id);
  const bindings = await call("GET", "/api/v1/user/oauth", undefined, inApp.json.token as string);
  const listed = (bindings.json.oauth as Array<{ oauth_type: number; openid: string; unionid?: string }>).map((b) => [
    b.oauth_type,
    b.openid,
  ]);
  expect(listed).toEqual(
    expect.arrayContaining([
      [2, "person-7"],
      [8, "oa-person-7"],
    ]),
  );
});

test("moredoc Pro's callback without a state is refused (the state is the CSRF defence)", async () => {
  const { authorizeUrl } = await start(8);
  const back = await followToCallback(authorizeUrl, `${stack.url}/oauth/officialaccount`, { userAgent: IN_WECHAT });
  const r = await call("POST", "/api/v1/oauth/login", { oauth_type: 8, code: back.get("code") });
  expect([r.status, r.json.message]).toEqual([400, "登录状态无效、已过期或不属于当前浏览器，请重新发起登录"]);
});
