// The scan page's mini-program code (wxacode.getUnlimited) and the official account's pushes in safe
// mode (安全模式), end to end against the WeChat stand-in (tests/kit wechat/mp.ts: getwxacodeunlimit
// checks the mini program's own access token, the scene's length and characters, page, check_path,
// env_version and width as WeChat does; push.ts encrypts pushes as WeChat documents it).
import { startWechatMpStandIn, type WechatMpStandIn } from "@wenku/testkit/wechat";
import { loginAdmin, rest, startTestStack, testClock } from "./testing.js";

let stack: Awaited<ReturnType<typeof startTestStack>>;
let wechat: WechatMpStandIn;
let admin: string;
const clock = testClock();
const call = (method: string, path: string, body?: unknown, token?: string) =>
  rest(stack.url, method, path, body, token);
const nowSec = () => Math.floor(clock.now().getTime() / 1000);
type ScanCode = { code: string; scene: string; qrcode: string; url: string; expires_at: string };

async function save(category: string, values: Record<string, string>) {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const saved = await call("PUT", "/api/v1/config", { config }, admin);
  expect([saved.status, saved.json.message]).toEqual([200, undefined]);
}
const scanCode = () => call("GET", "/api/v1/oauth/wechatmp/scan/code");
const status = (scene: string) => call("POST", "/api/v1/oauth/wechatmp/scan/login/status", { scene });

beforeAll(async () => {
  wechat = await startWechatMpStandIn();
  stack = await startTestStack({ env: { FETCH_ALLOW_HOSTS: new URL(wechat.baseUrl).host }, clock: clock.now });
  admin = await loginAdmin(stack.url);
  await save("oauthOfficialAccount", { api_base_url: wechat.baseUrl });
}, 60_000);
afterAll(async () => {
  await Promise.all([stack.stop(), wechat.close()]);
});

test("stand-in WeChat: with the mini program alone, the page gets its code for the scene, and its scan signs in", async () => {
  await save("mp", {
    enable: "true",
    app_id: wechat.miniAppId,
    app_secret: wechat.miniAppSecret,
    scan_page: "/pages/login/scan",
  });
  const r = await scanCode();
  expect([r.status, r.json.message]).toEqual([200, undefined]);
  const s = r.json as ScanCode;
  expect(s.code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  // moredoc Pro's mini-program page shows qrcode: the same image; no official account QR to draw
  expect([s.qrcode, s.url]).toEqual([s.code, ""]);
  // what WeChat was asked: this scene, the page without its leading slash, a released program
  expect(wechat.miniCodes.get(s.scene)).toEqual({
    page: "pages/login/scan",
    checkPath: true,
    envVersion: "release",
    width: 430,
  });
  // the official account's API was not asked for a QR code
  expect(wechat.calls.get("/cgi-bin/qrcode/create")).toBeUndefined();
  // the mini program confirms the scan with its wx.login code; the page's poll offers binding
  const confirmed = await call("POST", "/api/v1/oauth/wechatmp/scan/login", {
    scene: s.scene,
    code: wechat.loginCode("o-mini-scanner"),
  });
  expect([confirmed.status, confirmed.json.message]).toEqual([200, undefined]);
  const polled = await status(s.scene);
  expect(polled.json.oauth).toMatchObject({ oauth_type: 5, openid: "o-mini-scanner" });
});

test("stand-in WeChat: the mini program's token is its own, kept, and fetched again once voided", async () => {
  const before = wechat.calls.get("/cgi-bin/stable_token") ?? 0;
  expect((await scanCode()).status).toBe(200);
  expect(wechat.calls.get("/cgi-bin/stable_token")).toBe(before);
  wechat.expireToken();
  expect((await scanCode()).status).toBe(200);
  expect(wechat.calls.get("/cgi-bin/stable_token")).toBe(before + 1);
});

test("stand-in WeChat: a page the released program lacks is the admin's to fix (400 with WeChat's code)", async () => {
  await save("mp", { scan_page: "pages/not/released" });
  const r = await scanCode();
  expect(r.status).toBe(400);
  expect(r.json.message).toBe(
    "微信拒绝生成小程序码，请管理员检查小程序的 AppID、AppSecret、扫码页面与版本（微信错误码 41030）",
  );
  // a development version is not checked for its pages
  await save("mp", { env_version: "develop" });
  const dev = await scanCode();
  expect(dev.status).toBe(200);
  expect(wechat.miniCodes.get((dev.json as ScanCode).scene)).toMatchObject({
    page: "pages/not/released",
    checkPath: false,
    envVersion: "develop",
  });
  await save("mp", { scan_page: "pages/login/scan", env_version: "release" });
  await save("mp", { app_secret: "wrong-secret" });
  const refused = await scanCode();
  expect([refused.status, refused.json.message]).toEqual([
    400,
    "微信拒绝生成小程序码，请管理员检查小程序的 AppID、AppSecret、扫码页面与版本（微信错误码 40125）",
  ]);
  await save("mp", { app_secret: wechat.miniAppSecret });
});

test("with both on, the page gets the official account's QR code and the mini program's code", async () => {
  await save("oauthOfficialAccount", {
    enable: "true",
    client_id: wechat.appId,
    client_secret: wechat.appSecret,
    token: wechat.token,
  });
  const s = (await scanCode()).json as ScanCode;
  expect(s.qrcode).toMatch(new RegExp(`^${wechat.baseUrl}/cgi-bin/showqrcode\\?ticket=`));
  expect(wechat.scenes.get(s.url)).toBe(s.scene);
  expect(s.code).toMatch(/^data:image\/png;base64,/);
  expect(wechat.miniCodes.has(s.scene)).toBe(true);
});

test("safe mode: an encrypted push signs in; forged, foreign or unreadable ones are refused", async () => {
  const callback = `${stack.url}/callback/wechat_official`;
  const send = async (p: { url: string; body: string }) => {
    const res = await fetch(p.url, { method: "POST", headers: { "content-type": "text/xml" }, body: p.body });
    return `${res.status} ${await res.text()}`;
  };
  const s = (await scanCode()).json as ScanCode;
  const encrypted = (extra: { appId?: string; encodingAesKey?: string } = {}) =>
    wechat.scanPush(callback, { scene: s.scene, openid: "o-safe", timestamp: nowSec(), encrypt: extra });
  // not configured yet: the site cannot read safe mode and says so
  expect(await send(encrypted())).toBe("403 safe mode is not configured");
  await save("oauthOfficialAccount", { encoding_aes_key: wechat.encodingAesKey });
  // the key never leaves the admin API
  const pub = await call("GET", "/api/v1/settings");
  expect(JSON.stringify(pub.json)).not.toContain(wechat.encodingAesKey);
  const listed = await call("GET", "/api/v1/config?category=oauthOfficialAccount", undefined, admin);
  expect(listed.text).not.toContain(wechat.encodingAesKey);
  // another account's message, or under another key
  expect(await send(encrypted({ appId: "wx0000000000000000" }))).toBe("403 undecryptable message");
  expect(await send(encrypted({ encodingAesKey: "A".repeat(43) }))).toBe("403 undecryptable message");
  // a forged msg_signature
  const forged = encrypted();
  const url = new URL(forged.url);
  url.searchParams.set("msg_signature", "0".repeat(40));
  expect(await send({ url: url.href, body: forged.body })).toBe("403 invalid msg_signature");
  // oversized
  expect(await send({ url: encrypted().url, body: `<xml>${"x".repeat(20_000)}</xml>` })).toMatch(/^413 /);
  expect((await status(s.scene)).json.scanned).toBe(false);
  // WeChat's own push
  expect(await send(encrypted())).toBe("200 success");
  expect((await status(s.scene)).json.oauth).toMatchObject({ oauth_type: 8, openid: "o-safe" });
  // plaintext mode keeps working with the key set
  const next = (await scanCode()).json as ScanCode;
  const plain = wechat.scanPush(callback, { scene: next.scene, openid: "o-plain", timestamp: nowSec() });
  expect(await send(plain)).toBe("200 success");
  expect((await status(next.scene)).json.oauth).toMatchObject({ openid: "o-plain" });
});
