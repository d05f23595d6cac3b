// Scan-to-login with the WeChat official account (公众号) end to end against a stand-in of WeChat's
// API (tests/kit wechat/mp.ts: stable_token, qrcode/create, showqrcode, getticket, and WeChat's
// signed event pushes to /callback/wechat_official), which the stack may reach only because this test
// allow-lists its address and port (FETCH_ALLOW_HOSTS). The share signature is checked against
// sha1 over the stand-in's jsapi_ticket.
import { createHash } from "node:crypto";
import { startWechatMpStandIn, type WechatMpStandIn } from "@wenku/testkit/wechat";
import { loginAdmin, registerUser, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: WechatMpStandIn;
let admin: string;
const clock = testClock();
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const callback = () => `${stack.url}/callback/wechat_official`;
const nowSec = () => Math.floor(clock.now().getTime() / 1000);

async function save(category: string, values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}

async function push(
  scene: string,
  openid: string,
  extra: { token?: string; subscribe?: boolean; timestamp?: number } = {},
) {
  const p = wechat.scanPush(callback(), { scene, openid, timestamp: nowSec(), ...extra });
  const res = await fetch(p.url, { method: "POST", headers: { "content-type": "text/xml" }, body: p.body });
  return { status: res.status, body: await res.text(), replay: () => fetch(p.url, { method: "POST", body: p.body }) };
}

const scanCode = async (token?: string, bind = false) => {
  const r = await call("GET", `/api/v1/oauth/wechatmp/scan/code${bind ? "?is_bind=true" : ""}`, undefined, token);
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  return r.json as { scene: string; qrcode: string; url: string; expires_at: string };
};
/** The poll's answer before the scan (the gateway writes every field, as moredoc does). */
const WAITING = { token: "", success: false, scanned: false };
const status = (scene: string, token?: string) =>
  call("POST", "/api/v1/oauth/wechatmp/scan/login/status", { scene }, token);

beforeAll(async () => {
  wechat = await startWechatMpStandIn();
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(wechat.baseUrl).host }, clock: clock.now });
  admin = await loginAdmin(stack.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), wechat.close()]);
});

test("off until the official account is configured: 400 with a sentence", async () => {
  const r = await call("GET", "/api/v1/oauth/wechatmp/scan/code");
  expect([r.status, r.json.message]).toEqual([400, "未启用微信扫码登录（公众号或小程序）"]);
  await save("oauthOfficialAccount", {
    enable: "true",
    client_id: wechat.appId,
    client_secret: wechat.appSecret,
    token: wechat.token,
    api_base_url: wechat.baseUrl,
  });
  // the secrets stay in the admin config API
  const pub = await call("GET", "/api/v1/settings");
  expect(JSON.stringify(pub.json)).not.toContain(wechat.appSecret);
  expect(JSON.stringify(pub.json)).not.toContain(wechat.token);
});

test("WeChat's server URL check: echostr answered only with the Token's signature", async () => {
  const ts = String(nowSec());
  const good = new URLSearchParams({
    signature: createHash("sha1").update([wechat.token, ts, "42"].sort().join("")).digest("hex"),
    timestamp: ts,
    nonce: "42",
    echostr: "echo-7781",
  });
  const ok = await fetch(`${callback()}?${good}`);
  expect([ok.status, await ok.text()]).toEqual([200, "echo-7781"]);
  good.set("nonce", "43");
  const forged = await fetch(`${callback()}?${good}`);
  expect([forged.status, await forged.text()]).toEqual([403, "invalid signature"]);
});

test("stand-in WeChat: a QR code per scene; a forged push is refused; bind, then log in by scanning", async () => {
  const alice = await registerUser(stack.url, "wxscanalice");
  // bind mode: only for the signed-in caller
  const anon = await call("GET", "/api/v1/oauth/wechatmp/scan/code?is_bind=true");
  expect(anon.status).toBe(401);
  const bind = await scanCode(alice.token, true);
  expect(bind.scene).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(wechat.scenes.get(bind.url)).toBe(bind.scene);
  expect(bind.qrcode).toBe(
    `${wechat.baseUrl}/cgi-bin/showqrcode?ticket=${encodeURIComponent([...wechat.scenes].find(([, s]) => s === bind.scene)?.[0] ?? "")}`,
  );
  expect((await fetch(bind.qrcode)).status).toBe(200);
  const left = new Date(bind.expires_at).getTime() - clock.now().getTime();
  expect(left).toBeGreaterThan(290_000);
  expect(left).toBeLessThanOrEqual(300_000);
  // not scanned yet
  const before = await status(bind.scene, alice.token);
  expect([before.status, before.json]).toEqual([200, WAITING]);
  // someone else polling alice's bind scene
  const bob = await registerUser(stack.url, "wxscanbob");
  expect((await status(bind.scene, bob.token)).status).toBe(403);
  // a push signed with another token changes nothing
  const forged = await push(bind.scene, "o-attacker", { token: "not-the-token" });
  expect([forged.status, forged.body]).toEqual([403, "invalid signature"]);
  expect((await status(bind.scene, alice.token)).json).toEqual(WAITING);
  // WeChat's push of alice's scan (she follows the account now: subscribe with qrscene_)
  const scanned = await push(bind.scene, "o-alice-openid", { subscribe: true });
  expect([scanned.status, scanned.body]).toEqual([200, "success"]);
  const bound = await status(bind.scene, alice.token);
  expect([bound.status, bound.json]).toEqual([200, { token: "", success: true, scanned: true }]);
  // the scene is spent
  expect((await status(bind.scene, alice.token)).json.message).toBe("二维码已过期，请刷新二维码");

  // later, signed out: a login QR code, scanned by the same WeChat account (already a follower: SCAN)
  const login = await scanCode();
  expect((await push(login.scene, "o-alice-openid")).body).toBe("success");
  const done = await status(login.scene);
  expect(done.status).toBe(200);
  expect(done.json).toEqual(expect.objectContaining({ success: true, scanned: true, token: expect.any(String) }));
  expect((done.json.user as { id: number; username: string }).username).toBe("wxscanalice");
  const me = await call("GET", "/api/v1/user", undefined, done.json.token as string);
  expect((me.json as { username?: string }).username).toBe("wxscanalice");
  // the login is handed out once
  expect((await status(login.scene)).json.message).toBe("二维码已过期，请刷新二维码");
});

test("a replayed push changes nothing, nor does one signed too long ago", async () => {
  const first = await scanCode();
  const second = await scanCode();
  const p = await push(first.scene, "o-alice-openid");
  expect(p.body).toBe("success");
  // the captured push, replayed with the second scene's body: same signature, already handled
  const captured = wechat.scanPush(callback(), { scene: first.scene, openid: "o-x", timestamp: nowSec(), nonce: "77" });
  expect((await fetch(captured.url, { method: "POST", body: captured.body })).status).toBe(200);
  const replay = await fetch(captured.url, {
    method: "POST",
    body: captured.body.replace(first.scene, second.scene),
  });
  expect([replay.status, await replay.text()]).toEqual([200, "success"]);
  expect((await status(second.scene)).json).toEqual(WAITING);
  // an old capture: outside the 5-minute window
  const stale = await push(second.scene, "o-x", { timestamp: nowSec() - 600 });
  expect([stale.status, stale.body]).toEqual([403, "stale timestamp"]);
  expect((await status(second.scene)).json).toEqual(WAITING);
});

test("an expired scene: its poll says so, and a late push cannot revive it", async () => {
  const s = await scanCode();
  clock.advance(301_000);
  expect((await push(s.scene, "o-alice-openid")).body).toBe("success");
  const r = await status(s.scene);
  expect([r.status, r.json.message]).toEqual([400, "二维码已过期，请刷新二维码"]);
  expect((await status("no-such-scene")).json.message).toBe("二维码已过期，请刷新二维码");
});

test("stand-in WeChat: the access token is kept, and a voided one is fetched again once", async () => {
  const tokens = wechat.calls.get("/cgi-bin/stable_token") ?? 0;
  await scanCode();
  await scanCode();
  expect(wechat.calls.get("/cgi-bin/stable_token")).toBe(tokens);
  wechat.expireToken();
  await scanCode();
  expect(wechat.calls.get("/cgi-bin/stable_token")).toBe(tokens + 1);
});

test("share signature: the site's pages only, signed over the cached jsapi_ticket", async () => {
  const page = "https://wenku.example.com/document/12?from=timeline";
  const noDomain = await call("GET", `/api/v1/oauth/wxshare/signature?url=${encodeURIComponent(page)}`);
  expect([noDomain.status, noDomain.json.message]).toEqual([400, "网站域名未设置，无法使用微信分享"]);
  await save("system", { domain: "https://wenku.example.com" });
  const r = await call("GET", `/api/v1/oauth/wxshare/signature?url=${encodeURIComponent(`${page}#p2`)}`);
  expect(r.status).toBe(200);
  const { appid, timestamp, noncestr, signature } = r.json as Record<string, string>;
  expect(appid).toBe(wechat.appId);
  expect(Number(timestamp)).toBe(nowSec());
  const want = createHash("sha1")
    .update(`jsapi_ticket=${wechat.jsapiTicket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${page}`)
    .digest("hex");
  expect(signature).toBe(want);
  await call("GET", `/api/v1/oauth/wxshare/signature?url=${encodeURIComponent(page)}`);
  expect(wechat.calls.get("/cgi-bin/ticket/getticket")).toBe(1);
  for (const bad of [
    "https://evil.example/document/12",
    "javascript:alert(1)",
    "https://wenku.example.com.evil.example/",
  ]) {
    const refused = await call("GET", `/api/v1/oauth/wxshare/signature?url=${encodeURIComponent(bad)}`);
    expect([refused.status, refused.json.message]).toEqual([400, "只能为本站页面生成微信分享签名"]);
  }
});

test("an unbound WeChat: the poll answers the account with its proof; bound with it, the next scan signs in", async () => {
  const s = await scanCode();
  expect((await push(s.scene, "o-newcomer")).body).toBe("success");
  const unbound = await status(s.scene);
  expect(unbound.status).toBe(200);
  expect(unbound.json.token).toBe("");
  const oauth = unbound.json.oauth as { oauth_type: number; openid: string; session: string };
  expect(oauth).toMatchObject({ oauth_type: 8, openid: "o-newcomer", session: expect.any(String) });
  const carol = await registerUser(stack.url, "wxscancarol");
  // the proof is for this account only
  const forged = await call("POST", "/api/v1/oauth/bind", { ...oauth, openid: "o-someone-else" }, carol.token);
  expect(forged.status).toBe(400);
  const bound = await call("POST", "/api/v1/oauth/bind", oauth, carol.token);
  expect([bound.status, bound.json.message]).toEqual([200, undefined]);
  const next = await scanCode();
  await push(next.scene, "o-newcomer");
  const done = await status(next.scene);
  expect((done.json.user as { username: string }).username).toBe("wxscancarol");
});

test("the login providers list the scan-to-login while it is on, pointing at /oauth/wechatmp, no secret", async () => {
  const listed = await call("GET", "/api/v1/oauth/configs");
  expect(listed.json.oauths).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        type: 8,
        client_id: wechat.appId,
        authorize_url: "https://wenku.example.com/oauth/wechatmp",
        enable: true,
      }),
    ]),
  );
  expect(listed.text).not.toContain(wechat.appSecret);
  await save("oauthOfficialAccount", { enable: "false" });
  const off = await call("GET", "/api/v1/oauth/configs");
  expect(JSON.stringify(off.json.oauths ?? [])).not.toContain('"type":8');
  await save("oauthOfficialAccount", { enable: "true" });
});

test("stand-in WeChat: a wrong AppSecret is the site's configuration, said so (a 400, not a 500)", async () => {
  await save("oauthOfficialAccount", { client_secret: "not-the-secret" });
  const qr = await call("GET", "/api/v1/oauth/wechatmp/scan/code");
  expect(qr.status).toBe(400);
  expect(qr.json.message).toMatch(
    /^微信拒绝生成二维码，请管理员检查公众号的 AppID、AppSecret 与 IP 白名单（微信错误码 \d+）$/,
  );
  const page = "https://wenku.example.com/article/7";
  const share = await call("GET", `/api/v1/oauth/wxshare/signature?url=${encodeURIComponent(page)}`);
  expect(share.status).toBe(400);
  expect(share.json.message).toMatch(/^微信拒绝了分享签名所需的凭证/);
  await save("oauthOfficialAccount", { client_secret: wechat.appSecret });
  await scanCode();
});
