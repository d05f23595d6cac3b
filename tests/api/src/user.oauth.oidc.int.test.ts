// Third-party login through the whole stack against a REAL OpenID Provider (oidc-provider: discovery,
// JWKS, PKCE required, nonce), configured as an operator would (system.domain, oauthCustom with its
// discovery URL) through the admin config API. The browser's part (keeping its key, following the
// provider's redirects) is played by the test.
import { randomBytes } from "node:crypto";
import { startTestSmtpServer } from "@wenku/testkit/mail";
import { followToCallback, startOidcProvider, type TestOidcProvider } from "@wenku/testkit/oauth";
import { startTencentSmsStandIn } from "@wenku/testkit/sms";
import { eventually, loginAdmin, registerUser, rest, startTestStack, testClock } from "./testing.js";

const CUSTOM = 6;
let stack: Awaited<ReturnType<typeof startTestStack>>;
let oidc: TestOidcProvider;
let admin: string;
const clock = testClock();
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const browserKey = () => randomBytes(32).toString("base64url");
const redirectUri = () => `${stack.url}/oauth/custom`;

async function save(config: Array<{ category: string; name: string; value: string }>) {
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}
const linkByEmail = (on: boolean) =>
  save([{ category: "security", name: "oauth_link_verified_email", value: String(on) }]);

/** Starts a login in a browser holding `key` and follows the provider back: the callback's code and state. */
async function authorize(key: string) {
  const started = await call("POST", "/api/v1/oauth/start", { oauth_type: CUSTOM, browser_key: key });
  expect(started.status).toBe(200);
  const params = await followToCallback(started.json.authorize_url as string, redirectUri());
  return {
    code: params.get("code") ?? "",
    state: params.get("state") ?? "",
    authorizeUrl: started.json.authorize_url as string,
  };
}

/** A whole login as the web app's /oauth/custom page makes it. */
async function login(key = browserKey()) {
  const { code, state } = await authorize(key);
  return call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, state, browser_key: key });
}

beforeAll(async () => {
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: "127.0.0.1" }, clock: clock.now });
  oidc = await startOidcProvider({ redirectUris: [`${stack.url}/oauth/custom`] });
  admin = await loginAdmin(stack.url);
  await save([
    { category: "system", name: "domain", value: stack.url },
    { category: "oauthCustom", name: "enable", value: "true" },
    { category: "oauthCustom", name: "name", value: "Test SSO" },
    { category: "oauthCustom", name: "client_id", value: oidc.clientId },
    { category: "oauthCustom", name: "client_secret", value: oidc.clientSecret },
    { category: "oauthCustom", name: "issuer", value: oidc.issuer },
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), oidc.close()]);
});

test("GET /oauth/configs lists the enabled provider with its exact redirect URL and no secret", async () => {
  const r = await call("GET", "/api/v1/oauth/configs");
  expect(r.status).toBe(200);
  expect(r.json.oauths).toEqual([
    expect.objectContaining({
      type: CUSTOM,
      name: "Test SSO",
      client_id: oidc.clientId,
      redirect_url: redirectUri(),
      enable: true,
    }),
  ]);
  expect(r.text).not.toContain(oidc.clientSecret);
});

test("full code flow with PKCE and nonce: first login offers to register, the new account signs in again", async () => {
  oidc.user = {
    sub: "first-1",
    email: "first@example.com",
    email_verified: true,
    name: "First Person",
    preferred_username: "first",
  };
  const key = browserKey();
  const { code, state, authorizeUrl } = await authorize(key);
  const asked = new URL(authorizeUrl).searchParams;
  expect(asked.get("code_challenge_method")).toBe("S256");
  expect(asked.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  expect(asked.get("nonce")).toBeTruthy();
  expect(asked.get("redirect_uri")).toBe(redirectUri());
  expect(asked.get("state")).toBe(state);

  const first = await call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, state, browser_key: key });
  expect([first.status, first.json.token ?? ""]).toEqual([200, ""]);
  const pending = first.json.oauth as Record<string, string>;
  expect(pending).toMatchObject({
    oauth_type: CUSTOM,
    openid: "first-1",
    email: "first@example.com",
    nickname: "First Person",
  });
  expect(pending.session).toBeTruthy();

  // a forged session or another openid is refused
  const forged = await call("POST", "/api/v1/oauth/register", {
    ...pendingOf(pending),
    session: `${pending.session}x`,
    username: "firstperson",
  });
  expect([forged.status, forged.json.message]).toEqual([400, "第三方账号的验证已失效，请重新使用第三方登录"]);
  const other = await call("POST", "/api/v1/oauth/register", {
    ...pendingOf(pending),
    openid: "someone-else",
    username: "firstperson",
  });
  expect(other.status).toBe(400);

  const created = await call("POST", "/api/v1/oauth/register", { ...pendingOf(pending), username: "firstperson" });
  expect(created.status).toBe(200);
  const user = created.json.user as { id: number; username: string; email: string };
  expect(user).toMatchObject({ username: "firstperson", email: "first@example.com" });
  expect(created.json.token).toBeTruthy();

  // the next login signs in to that account
  const again = await login();
  expect(again.status).toBe(200);
  expect((again.json.user as { id: number }).id).toBe(user.id);
  // registering the same external account twice is refused
  const twice = await call("POST", "/api/v1/oauth/register", { ...pendingOf(pending), username: "firstperson2" });
  expect([twice.status, twice.json.message]).toEqual([409, "该第三方账号已绑定其他用户"]);

  // its only way in cannot be unbound; after setting a password it can
  const token = again.json.token as string;
  const bindings = await call("GET", "/api/v1/user/oauth", undefined, token);
  expect(bindings.json.oauth).toEqual([expect.objectContaining({ oauth_type: CUSTOM, openid: "first-1" })]);
  const id = (bindings.json.oauth as Array<{ id: string }>)[0]?.id;
  const refused = await call("DELETE", `/api/v1/user/oauth?id=${id}`, undefined, token);
  expect([refused.status, refused.json.message]).toEqual([
    400,
    "这是您唯一的登录方式，请先设置登录密码，或验证手机号、邮箱后再解绑",
  ]);
  expect((await call("GET", "/api/v1/user/oauth", undefined, token)).json.oauth).toHaveLength(1);
  // the first password needs no old one; then the binding may go, and the password signs in
  const set = await call("PUT", "/api/v1/user/password", { id: user.id, new_password: "first-secret-1" }, token);
  expect([set.status, set.json.message]).toEqual([200, undefined]);
  expect((await call("DELETE", `/api/v1/user/oauth?id=${id}`, undefined, token)).status).toBe(200);
  const byPassword = await call("POST", "/api/v1/user/login", { username: "firstperson", password: "first-secret-1" });
  expect(byPassword.status).toBe(200);
});

function pendingOf(p: Record<string, string>) {
  return { oauth_type: CUSTOM, openid: p.openid, session: p.session };
}

test("forged, missing or another browser's state and a replayed code are refused", async () => {
  oidc.user = { sub: "state-1", name: "State Person" };
  const key = browserKey();
  const { code, state } = await authorize(key);
  const badState = "登录状态无效、已过期或不属于当前浏览器，请重新发起登录";
  const seen = oidc.tokenRequests;
  const attempts = [
    { state, browser_key: browserKey() }, // the attacker's callback opened in another browser
    { state: "", browser_key: key },
    { state: `${state.slice(0, -2)}AA`, browser_key: key },
    { state: `${state.split(".")[0]}.${"A".repeat(43)}`, browser_key: key },
  ];
  for (const a of attempts) {
    const r = await call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, ...a });
    expect([r.status, r.json.message]).toEqual([400, badState]);
  }
  expect(oidc.tokenRequests).toBe(seen); // none of those reached the provider
  const ok = await call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, state, browser_key: key });
  expect(ok.status).toBe(200);
  const replay = await call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, state, browser_key: key });
  expect([replay.status, replay.json.message]).toEqual([400, "第三方登录失败：授权码无效、已使用或已过期，请重新登录"]);
});

test("hostile ID tokens: wrong audience, bad nonce, unknown signing key, expired: refused", async () => {
  oidc.user = { sub: "hostile-1", email: "hostile@example.com", email_verified: true };
  oidc.tamper = { claims: { aud: "another-client" } };
  const aud = await login();
  expect([aud.status, aud.json.message]).toEqual([400, "身份令牌（ID Token）校验失败：受众（aud）不是本站"]);

  oidc.tamper = { claims: { nonce: "not-the-one-we-sent" } };
  const nonce = await login();
  expect([nonce.status, nonce.json.message]).toEqual([400, "身份令牌（ID Token）校验失败：nonce 不匹配"]);

  oidc.tamper = { foreignKey: true };
  const signature = await login();
  expect([signature.status, signature.json.message]).toEqual([400, "身份令牌（ID Token）校验失败：签名无效"]);

  // the site's clock two hours ahead of the provider: the ID token (valid one hour) has expired
  clock.advance(2 * 3600_000);
  try {
    const expired = await login();
    expect([expired.status, expired.json.message]).toEqual([400, "身份令牌（ID Token）校验失败：已过期或尚未生效"]);
  } finally {
    clock.advance(-2 * 3600_000);
  }
  // untampered, the same account gets through
  expect((await login()).json.oauth).toMatchObject({ openid: "hostile-1" });
});

test("a provider's e-mail signs in to an existing account only when verified AND the admin allows it", async () => {
  const owner = await call("POST", "/api/v1/user/register", {
    username: "mailowner",
    password: "secret123",
    email: "Owner@Example.com",
  });
  expect(owner.status).toBe(200);
  const ownerId = (owner.json.user as { id: number }).id;

  await linkByEmail(true);
  oidc.user = { sub: "unverified-1", email: "owner@example.com", email_verified: false };
  const unverified = await login();
  expect([unverified.status, unverified.json.token ?? ""]).toEqual([200, ""]);
  expect(unverified.json.oauth).toMatchObject({ openid: "unverified-1" });

  await linkByEmail(false);
  oidc.user = { sub: "verified-1", email: "owner@example.com", email_verified: true };
  const notAllowed = await login();
  expect([notAllowed.json.token ?? "", (notAllowed.json.oauth as { openid: string }).openid]).toEqual([
    "",
    "verified-1",
  ]);

  await linkByEmail(true);
  const linked = await login();
  expect(linked.status).toBe(200);
  expect((linked.json.user as { id: number }).id).toBe(ownerId);
  await linkByEmail(false);
});

test("a site registering only verified e-mails takes a provider-verified one, refuses an unverified one", async () => {
  const verifyEmails = (on: boolean) =>
    save([{ category: "security", name: "enable_verify_register_email", value: String(on) }]);
  await verifyEmails(true);
  try {
    oidc.user = { sub: "verify-1", email: "unverified-new@example.com", email_verified: false };
    const unverified = (await login()).json.oauth as Record<string, string>;
    const refused = await call("POST", "/api/v1/oauth/register", { ...pendingOf(unverified), username: "verifyone" });
    expect([refused.status, refused.json.message]).toEqual([
      400,
      "本站注册需要已验证的邮箱，该第三方账号未提供已验证且未被使用的邮箱，请用邮箱注册后再绑定",
    ]);
    oidc.user = { sub: "verify-2", email: "verified-new@example.com", email_verified: true };
    const verified = (await login()).json.oauth as Record<string, string>;
    const created = await call("POST", "/api/v1/oauth/register", { ...pendingOf(verified), username: "verifytwo" });
    expect([created.status, (created.json.user as { email: string }).email]).toEqual([200, "verified-new@example.com"]);
  } finally {
    await verifyEmails(false);
  }
});

test("bind after a password login; one account per provider; an account bound elsewhere is refused", async () => {
  const alice = await registerUser(stack.url, "oauthalice");
  const bob = await registerUser(stack.url, "oauthbob");
  oidc.user = { sub: "bind-1", name: "Bind Me" };
  const pending = (await login()).json.oauth as Record<string, string>;
  expect((await call("POST", "/api/v1/oauth/bind", pendingOf(pending))).status).toBe(401);
  expect((await call("POST", "/api/v1/oauth/bind", pendingOf(pending), alice.token)).status).toBe(200);
  const taken = await call("POST", "/api/v1/oauth/bind", pendingOf(pending), bob.token);
  expect([taken.status, taken.json.message]).toEqual([409, "该第三方账号已绑定其他用户"]);

  oidc.user = { sub: "bind-2" };
  const second = (await login()).json.oauth as Record<string, string>;
  const oneEach = await call("POST", "/api/v1/oauth/bind", pendingOf(second), alice.token);
  expect([oneEach.status, oneEach.json.message]).toEqual([409, "您已绑定过该平台的其他账号，请先解绑"]);

  // signing in with it now reaches alice; she has a password, so she may unbind it
  oidc.user = { sub: "bind-1" };
  expect(((await login()).json.user as { id: number }).id).toBe(alice.id);
  const list = await call("GET", "/api/v1/user/oauth", undefined, alice.token);
  const id = (list.json.oauth as Array<{ id: string }>)[0]?.id;
  expect((await call("DELETE", `/api/v1/user/oauth?id=${id}`, undefined, bob.token)).status).toBe(404);
  expect((await call("DELETE", `/api/v1/user/oauth?id=${id}`, undefined, alice.token)).status).toBe(200);
  expect((await call("GET", "/api/v1/user/oauth", undefined, alice.token)).json.oauth ?? []).toEqual([]);
});

test("stand-in SMS: a verified mobile or e-mail is another way in while the site can send to it; a typed one is not", async () => {
  const sms = await startTencentSmsStandIn();
  const smtp = await startTestSmtpServer({ accounts: { "site@example.com": "smtp-secret" } });
  const mail = (on: boolean) =>
    save(
      [
        ["enable", String(on)],
        ["host", "127.0.0.1"],
        ["port", String(smtp.port)],
        ["is_tls", "false"],
        ["username", "site@example.com"],
        ["password", "smtp-secret"],
        ["test_email", ""],
      ].map(([name, value]) => ({ category: "email", name: name as string, value: value as string })),
    );
  const smsOn = async (on: boolean) => {
    await save([
      { category: "sms", name: "enable", value: String(on) },
      { category: "sms", name: "sms_provider", value: "smsTencent" },
      { category: "sms", name: "interval", value: "0" },
    ]);
    if (on) await save(Object.entries(sms.keys).map(([name, value]) => ({ category: "smsTencent", name, value })));
  };
  try {
    // an account the provider created, with the address the provider verified, and no password
    oidc.user = { sub: "ways-1", email: "ways@example.com", email_verified: true, preferred_username: "ways" };
    const pending = (await login()).json.oauth as Record<string, string>;
    const created = await call("POST", "/api/v1/oauth/register", { ...pendingOf(pending), username: "waysuser" });
    const token = created.json.token as string;
    const bindingId = async () =>
      ((await call("GET", "/api/v1/user/oauth", undefined, token)).json.oauth as Array<{ id: string }>)[0]?.id;
    const unbind = async () => call("DELETE", `/api/v1/user/oauth?id=${await bindingId()}`, undefined, token);
    const rebind = async () => {
      const again = (await login()).json.oauth as Record<string, string>;
      expect((await call("POST", "/api/v1/oauth/bind", pendingOf(again), token)).status).toBe(200);
    };
    const lastWayIn = [400, "这是您唯一的登录方式，请先设置登录密码，或验证手机号、邮箱后再解绑"];

    // the verified address, while the site mails no recovery links: not a way in
    const off = await unbind();
    expect([off.status, off.json.message]).toEqual(lastWayIn);
    // once it mails them (SMTP on, the site's domain set), its owner can set a password by link
    await mail(true);
    expect((await unbind()).status).toBe(200);
    await rebind();
    await mail(false);

    // a number typed into the profile is not proven, SMS on or not
    const mobile = "13600000042";
    expect((await call("PUT", "/api/v1/user/profile", { mobile }, token)).status).toBe(200);
    await smsOn(true);
    const typed = await unbind();
    expect([typed.status, typed.json.message]).toEqual(lastWayIn);
    // an SMS sign-in with the code it received proves it
    expect((await call("POST", "/api/v1/sms", { mobile, type: 1 })).status).toBe(200);
    const code = await eventually(() => sms.lastCode(mobile) ?? Promise.reject(new Error("no SMS yet")));
    expect((await call("POST", "/api/v1/user/login/mobile", { mobile, code })).status).toBe(200);
    // … and counts while the site sends SMS
    await smsOn(false);
    const smsOff = await unbind();
    expect([smsOff.status, smsOff.json.message]).toEqual(lastWayIn);
    await smsOn(true);
    expect((await unbind()).status).toBe(200);
  } finally {
    await smsOn(false);
    await mail(false);
    await Promise.all([sms.close(), smtp.close()]);
  }
});

test("bind mode (from the profile): the state names the signed-in account; only it finishes, nobody is signed in", async () => {
  const carol = await registerUser(stack.url, "bindcarol");
  const dave = await registerUser(stack.url, "binddave");
  /** A bind started by `token` in a browser holding `key`, followed back from the provider. */
  const startBind = async (key: string, token?: string) => {
    const started = await call(
      "POST",
      "/api/v1/oauth/start",
      { oauth_type: CUSTOM, browser_key: key, is_bind: true },
      token,
    );
    if (started.status !== 200) return { started, code: "", state: "" };
    const params = await followToCallback(started.json.authorize_url as string, redirectUri());
    return { started, code: params.get("code") ?? "", state: params.get("state") ?? "" };
  };
  const finish = (key: string, code: string, state: string, token?: string) =>
    call("POST", "/api/v1/oauth/login", { oauth_type: CUSTOM, code, state, browser_key: key }, token);

  const anonymous = (await startBind(browserKey())).started;
  expect([anonymous.status, anonymous.json.message]).toEqual([401, "请先登录后再绑定第三方账号"]);

  oidc.user = { sub: "bindmode-1", name: "Bind Mode", email: "bindmode@example.com", email_verified: true };
  // carol's bind, finished by dave or by nobody: refused before the provider's code is spent
  const key = browserKey();
  const { code, state } = await startBind(key, carol.token);
  const byDave = await finish(key, code, state, dave.token);
  expect([byDave.status, byDave.json.message]).toEqual([403, "绑定已由其他账号发起，请用发起绑定的账号重新绑定"]);
  const byNobody = await finish(key, code, state);
  expect([byNobody.status, byNobody.json.message]).toEqual([401, "请先登录后再绑定第三方账号"]);
  // by carol: bound to her, and no new session for anyone
  const done = await finish(key, code, state, carol.token);
  expect(done.status).toBe(200);
  expect(done.json).toMatchObject({ bound: true, oauth: { oauth_type: CUSTOM, openid: "bindmode-1" } });
  expect(done.json.token ?? "").toBe("");
  const mine = await call("GET", "/api/v1/user/oauth", undefined, carol.token);
  expect((mine.json.oauth as Array<{ openid: string }>).map((o) => o.openid)).toEqual(["bindmode-1"]);
  // binding it again from her profile is fine; from dave's it is refused, and dave is not signed in as carol
  const k2 = browserKey();
  const again = await startBind(k2, carol.token);
  expect((await finish(k2, again.code, again.state, carol.token)).json.bound).toBe(true);
  const k3 = browserKey();
  const daves = await startBind(k3, dave.token);
  const taken = await finish(k3, daves.code, daves.state, dave.token);
  expect([taken.status, taken.json.message, taken.json.token]).toEqual([409, "该第三方账号已绑定其他用户", undefined]);
  expect((await call("GET", "/api/v1/user/oauth", undefined, dave.token)).json.oauth ?? []).toEqual([]);
  // a bind state is no login state: without bind mode the same provider account signs carol in as usual
  expect(((await login()).json.user as { id: number }).id).toBe(carol.id);
});
