// Gitee, QQ and WeChat (open platform) login through the whole stack against STAND-INS of those
// vendors' OAuth pages and APIs (@wenku/testkit/oauth-vendors: each checks the client secret, the grant
// type, the single-use code and its redirect URI as the vendor does), and Google login against a real
// OpenID Provider standing in for accounts.google.com (discovery, JWKS, PKCE, nonce). The site points
// at them with OAUTH_GITEE_URL, OAUTH_QQ_URL, OAUTH_WECHAT_URL / _API_URL and OAUTH_GOOGLE_ISSUER.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { followToCallback, startOidcProvider, type TestOidcProvider } from "@wenku/testkit/oauth";
import { startVendorStandIn, type VendorStandIn } from "@wenku/testkit/oauth-vendors";
import { loginAdmin, registerUser, rest, startTestStack } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let admin: string;
let gitee: VendorStandIn;
let qq: VendorStandIn;
let wechat: VendorStandIn;
let google: TestOidcProvider;
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);

async function enable(category: string, clientId: string, clientSecret: string) {
  const config = Object.entries({ enable: "true", client_id: clientId, client_secret: clientSecret }).map(
    ([name, value]) => ({ category, name, value }),
  );
  expect((await call("PUT", "/api/v1/config", { config }, admin)).status).toBe(200);
}

/** The browser's part: start, follow the provider back to /oauth/{name}, finish. */
async function login(type: number, name: string) {
  const key = randomBytes(32).toString("base64url");
  const started = await call("POST", "/api/v1/oauth/start", { oauth_type: type, browser_key: key });
  expect([started.status, started.json.message]).toEqual([200, undefined]);
  const callback = `${stack.url}/oauth/${name}`;
  const back = await followToCallback(started.json.authorize_url as string, callback);
  return call("POST", "/api/v1/oauth/login", {
    oauth_type: type,
    code: back.get("code"),
    state: back.get("state"),
    browser_key: key,
  });
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, "close");
  return port;
}

beforeAll(async () => {
  [gitee, qq, wechat] = await Promise.all([
    startVendorStandIn("gitee"),
    startVendorStandIn("qq"),
    startVendorStandIn("wechat"),
  ]);
  // Google's issuer is fixed at start (OAUTH_GOOGLE_ISSUER) and the OP must know the site's redirect
  // URI: the OP's port is chosen first, the OP started on it once the site's address is known
  const port = await freePort();
  stack = await startTestStack({
    env: {
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      OAUTH_GITEE_URL: gitee.baseUrl,
      OAUTH_QQ_URL: qq.baseUrl,
      OAUTH_WECHAT_URL: wechat.baseUrl,
      OAUTH_WECHAT_API_URL: wechat.baseUrl,
      OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
    },
  });
  google = await startOidcProvider({ redirectUris: [`${stack.url}/oauth/google`], clientId: "google-client", port });
  admin = await loginAdmin(stack.url);
  const domain = [{ category: "system", name: "domain", value: stack.url }];
  expect((await call("PUT", "/api/v1/config", { config: domain }, admin)).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), gitee.close(), qq.close(), wechat.close(), google.close()]);
});

test.each([
  { vendor: "Gitee", type: 3, name: "gitee", category: "oauthGitee", stand: () => gitee },
  { vendor: "QQ", type: 1, name: "qq", category: "oauthQQ", stand: () => qq },
  { vendor: "WeChat open platform", type: 2, name: "wechat", category: "oauthWechat", stand: () => wechat },
])(
  "$vendor stand-in: an unbound account, bound to a member, then signs in as that member",
  async ({ type, name, category, stand }) => {
    const s = stand();
    s.account = { id: `${type}0042`, login: `${name}user`, name: `${name} 用户`, avatar: "https://a.example/1.png" };
    await enable(category, s.clientId, s.clientSecret);
    const first = await login(type, name);
    expect(first.status).toBe(200);
    expect(first.json.token ?? "").toBe("");
    expect(first.json.oauth).toMatchObject({ oauth_type: type, openid: `${type}0042`, nickname: `${name} 用户` });
    const member = await registerUser(stack.url, `vendor${name}`);
    const bound = await call(
      "POST",
      "/api/v1/oauth/bind",
      { oauth_type: type, openid: `${type}0042`, session: (first.json.oauth as { session: string }).session },
      member.token,
    );
    expect([bound.status, bound.json.message]).toEqual([200, undefined]);
    const again = await login(type, name);
    expect(again.status).toBe(200);
    expect((again.json.user as { id: number }).id).toBe(member.id);
    expect(again.json.token).toEqual(expect.any(String));
    // a wrong secret: refused, and nothing leaks the secret
    await enable(category, s.clientId, "wrong-secret");
    const refused = await login(type, name);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^第三方登录失败：/);
    await enable(category, s.clientId, s.clientSecret);
  },
);

test("Google (an OpenID Provider standing in for accounts.google.com): ID token checked, the account signs in", async () => {
  google.user = { sub: "g-1001", email: "g.user@example.com", email_verified: true, name: "G User" };
  await enable("oauthGoogle", google.clientId, google.clientSecret);
  const first = await login(7, "google");
  expect(first.status).toBe(200);
  expect(first.json.oauth).toMatchObject({ oauth_type: 7, openid: "g-1001", email: "g.user@example.com" });
  const created = await call("POST", "/api/v1/oauth/register", {
    oauth_type: 7,
    openid: "g-1001",
    session: (first.json.oauth as { session: string }).session,
    username: "googleuser",
  });
  expect([created.status, created.json.message]).toEqual([200, undefined]);
  const again = await login(7, "google");
  expect((again.json.user as { username: string }).username).toBe("googleuser");
  // an ID token for another audience is refused
  google.tamper = { claims: { aud: "another-client" } };
  const wrong = await login(7, "google");
  expect(wrong.status).toBe(400);
});
